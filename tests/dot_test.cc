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
  CHECK(count(dot, "[label=\"x_chain[") == 5);  // loader -> tap[0], then tap[i] -> tap[i+1]
  CHECK(count(dot, "[label=\"p_chain[") == 5);
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

}  // namespace
}  // namespace loom
