// The DOT export names every process and channel, and Graphviz accepts it.
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "compose/dot.h"
#include "machines/example/example.h"

namespace loom {
namespace {

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST_CASE("the example's DOT has a node per process and argument and an edge per channel", "[dot]") {
  auto region = example::architecture({}).value().compose({{"N", 5}});
  REQUIRE(region.ok());
  const std::string dot = to_dot(region.value());
  CHECK(dot.rfind("digraph \"example\" {", 0) == 0);
  CHECK(count(dot, "[shape=box") == 7);
  CHECK(count(dot, "[shape=cylinder") == 3);
  // loader -> tap[0], then tap[i] -> tap[i+1] along the taps' row, where the
  // two channels between a pair share a label node between them
  CHECK(count(dot, "label=\"x_chain[") == 5);  // loader -> tap[0]'s edge, and first in each label node
  CHECK(count(dot, "\\np_chain[") == 4);      // below x in each label node
  CHECK(count(dot, "[label=\"p_chain[") == 1);  // tap[4] -> store
  CHECK(count(dot, " [shape=plaintext,") == 4);
  CHECK(dot.find("label=\"x_chain[1]\\n4x8 d2\\np_chain[0]\\n4x32 d2\"") != std::string::npos);
  CHECK(count(dot, "p1 -> m0 [arrowhead=none,") == 2);  // x_chain[1] and p_chain[0], each its own line
  CHECK(dot.find("p1 -> p2 [style=invis];") != std::string::npos);  // tap[0] left of tap[1]
  CHECK(dot.find("p5 -> p6 [label=\"p_chain[4]") != std::string::npos);  // tap[4] -> store
  CHECK(dot.find("p5 [shape=box, label=\"tap[4]\\n(fir_tap)\\nowns weight[4]: 1 x 4x8\"];") != std::string::npos);
}

TEST_CASE("Graphviz's dot -Tsvg accepts the example's DOT", "[dot]") {
  auto region = example::architecture({}).value().compose();
  REQUIRE(region.ok());
  const char* tmp = std::getenv("TEST_TMPDIR");
  const std::string dir = tmp ? tmp : "/tmp";
  const std::string in = dir + "/example.dot", out = dir + "/example.svg";
  std::ofstream(in) << to_dot(region.value());
  const int rc = std::system(("dot -Tsvg " + in + " -o " + out + " 2>" + dir + "/dot.err").c_str());
  REQUIRE(rc == 0);
  std::stringstream svg;
  svg << std::ifstream(out).rdbuf();
  CHECK(svg.str().find("<svg") != std::string::npos);
  CHECK(svg.str().find("tap[7]") != std::string::npos);
}

// Lays `dot` out with Graphviz and returns the drawing's width and height in points.
std::pair<double, double> drawn_size(const std::string& dot, const std::string& name) {
  const char* tmp = std::getenv("TEST_TMPDIR");
  const std::string dir = tmp ? tmp : "/tmp";
  const std::string in = dir + "/" + name + ".dot", out = dir + "/" + name + ".svg";
  std::ofstream(in) << dot;
  REQUIRE(std::system(("dot -Tsvg " + in + " -o " + out + " 2>" + dir + "/dot.err").c_str()) == 0);
  std::stringstream svg;
  svg << std::ifstream(out).rdbuf();
  const std::string text = svg.str();
  const size_t w = text.find("width=\""), h = text.find("height=\"");
  REQUIRE(w != std::string::npos);
  REQUIRE(h != std::string::npos);
  return {std::stod(text.substr(w + 7)), std::stod(text.substr(h + 8))};
}

TEST_CASE("a long chain wraps into rows instead of one strip, and a wrap of 0 keeps the strip", "[dot]") {
  auto region = example::architecture({}).value().compose({{"N", 32}});
  REQUIRE(region.ok());
  const std::string wrapped = to_dot(region.value());
  CHECK(count(wrapped, "[style=invis, weight=") == 8 * 3);  // taps i, i+8, i+16, i+24 held in a column
  CHECK(wrapped.find("{ rank=same; l2; p1; p2; p3; p4; p5; p6; p7; p8; m") != std::string::npos);  // a row of 8
  const std::string strip = to_dot(region.value(), {.wrap = 0});
  CHECK(count(strip, "[style=invis, weight=") == 0);  // one row
  const auto [w, h] = drawn_size(wrapped, "wrapped");
  const auto [strip_w, strip_h] = drawn_size(strip, "strip");
  CHECK(w < strip_w / 2);
  CHECK(h > strip_h);  // the strip's height is the loader, the row and the store; four rows are more
  CHECK(w / h < 8);    // not a strip
}

TEST_CASE("one node per placement and one edge per channel array, counting their elements", "[dot]") {
  auto region = example::architecture({}).value().compose({{"N", 32}});
  REQUIRE(region.ok());
  const std::string dot = to_dot(region.value(), {.per_placement = true});
  CHECK(count(dot, "[shape=box,") == 2);  // the loader and the store
  CHECK(count(dot, "[shape=box3d,") == 1);
  CHECK(dot.find("label=\"tap x32\\n(fir_tap)\\nowns weight: 1 x 4x8\"") != std::string::npos);
  CHECK(dot.find("[label=\"x_chain x31") != std::string::npos);  // tap -> tap; x_chain[0] comes from the loader
  CHECK(dot.find("[label=\"x_chain\\n") != std::string::npos);
  CHECK(count(dot, " -> ") == 3 + 2 + 2);  // x and p between placements, the arguments
  drawn_size(dot, "per_placement");
}

}  // namespace
}  // namespace loom
