// A grid placement is drawn as a grid: Graphviz lays out `loom dot`'s DOT
// (dot -Tplain), and every array's instances are held to their rows and
// columns, every other node to outside the array's rows (feeders above,
// collectors below), and every edge label clear of every arrowhead.
#include <catch2/catch.hpp>

#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "compose/dot.h"
#include "compose/place.h"
#include "compose/wiring.h"
#include "machines/tinytpu/tinytpu.h"
#include "tests/test_units.h"

namespace loom {
namespace {

using test::Narrow;

// ---- A grid with feeders and collectors on two sides ----
//
//            head
//    west[R] (a chain)   north[C] (a chain)
//        cell[R][C], east and south
//    east_out[R]          south_out[C]
//            tail

struct Spout {
  LOOM_UNIT("spout");
  LOOM_WRITES(a, Narrow);
  LOOM_WRITES(b, Narrow);
  static constexpr auto ports = port_list(a, b);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO>
  static void body(IO& io) {
    io.write(a, Narrow());
    io.write(b, Narrow());
  }
};

// Passes its input on down its chain and into the grid.
struct Fork {
  LOOM_UNIT("fork");
  LOOM_READS(in, Narrow);
  LOOM_WRITES(down, Narrow);
  LOOM_WRITES(out, Narrow);
  static constexpr auto ports = port_list(in, down, out);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO>
  static void body(IO& io) {
    const Narrow x = io.read(in);
    io.write(down, x);
    io.write(out, x);
  }
};

struct Cell {
  LOOM_UNIT("cell");
  LOOM_READS(w, Narrow);
  LOOM_READS(n, Narrow);
  LOOM_WRITES(e, Narrow);
  LOOM_WRITES(s, Narrow);
  static constexpr auto ports = port_list(w, n, e, s);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO>
  static void body(IO& io) {
    io.write(e, io.read(w));
    io.write(s, io.read(n));
  }
};

// Takes a word from the grid and one from up its chain, and passes one on.
struct Join {
  LOOM_UNIT("join");
  LOOM_READS(in, Narrow);
  LOOM_READS(up, Narrow);
  LOOM_WRITES(down, Narrow);
  static constexpr auto ports = port_list(in, up, down);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO>
  static void body(IO& io) {
    (void)io.read(up);
    io.write(down, io.read(in));
  }
};

struct Drain {
  LOOM_UNIT("drain");
  LOOM_READS(a, Narrow);
  LOOM_READS(b, Narrow);
  static constexpr auto ports = port_list(a, b);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO>
  static void body(IO& io) {
    (void)io.read(a);
    (void)io.read(b);
  }
};

Architecture grid_machine() {
  ParameterSet p;
  p.param("R", 4, 1, 16, "rows");
  p.param("C", 4, 1, 16, "columns");
  Architecture arch("grid", p);
  Handle wc = arch.channel<Narrow>("wc", vec("R"), 2, "down the west feeders");
  Handle nc = arch.channel<Narrow>("nc", vec("C"), 2, "along the north feeders");
  Handle east = arch.channel<Narrow>("east", grid("R", "C+1"), 2, "east through a row");
  Handle south = arch.channel<Narrow>("south", grid("R+1", "C"), 2, "south through a column");
  Handle ec = arch.channel<Narrow>("ec", vec("R"), 2, "down the east collectors");
  Handle sc = arch.channel<Narrow>("sc", vec("C"), 2, "along the south collectors");
  place<Spout>(arch, "head", one()).bind(Spout::a, wc(0)).bind(Spout::b, nc(0));
  place<Fork>(arch, "west", vec("R"))
      .bind(Fork::in, same(wc))
      .bind(Fork::down, next(wc))
      .bind(Fork::out, [east](const Index& i) -> Binding { return east(i[0], 0); });
  place<Fork>(arch, "north", vec("C"))
      .bind(Fork::in, same(nc))
      .bind(Fork::down, next(nc))
      .bind(Fork::out, [south](const Index& i) -> Binding { return south(0, i[0]); });
  place<Cell>(arch, "cell", grid("R", "C"))
      .bind(Cell::w, same(east))
      .bind(Cell::n, same(south))
      .bind(Cell::e, next(east, 1))
      .bind(Cell::s, next(south, 0));
  place<Join>(arch, "east_out", vec("R"))
      .bind(Join::in, Binder([east](const Index& i, const ParamValues& v) -> Binding { return east(i[0], v["C"]); }))
      .bind(Join::up, previous(ec))
      .bind(Join::down, same(ec));
  place<Join>(arch, "south_out", vec("C"))
      .bind(Join::in, Binder([south](const Index& i, const ParamValues& v) -> Binding { return south(v["R"], i[0]); }))
      .bind(Join::up, previous(sc))
      .bind(Join::down, same(sc));
  place<Drain>(arch, "tail", one()).bind(Drain::a, last(ec)).bind(Drain::b, last(sc));
  return arch;
}

// ---- Graphviz's layout, read back ----

struct Box {
  double x = 0, y = 0, w = 0, h = 0;  // centre and size, inches, y up
  double top() const { return y + h / 2; }
  double bottom() const { return y - h / 2; }
  bool contains(double px, double py) const { return std::abs(px - x) <= w / 2 && std::abs(py - y) <= h / 2; }
};

struct Drawn {
  double width = 0, height = 0;
  std::map<std::string, Box> nodes;
  std::vector<Box> labels;               // each edge label's estimated box
  std::map<std::string, int> mid_edges;  // a row's label node -> the edges through it
  struct Point {
    double x, y;
    std::string tail, head;  // the edge's
  };
  std::vector<Point> arrow_points;  // both ends of every edge, and a point along each arrowhead
};

std::string temp_dir() {
  const char* tmp = std::getenv("TEST_TMPDIR");
  return tmp ? tmp : "/tmp";
}

std::string slurp(const std::string& path) {
  std::stringstream s;
  s << std::ifstream(path).rdbuf();
  return s.str();
}

// The text of each edge label in `dot`, by "tail head" in the order written,
// to size each label's box (-Tplain gives a label's centre, not its size).
std::map<std::string, std::vector<std::string>> edge_labels(const std::string& dot) {
  std::map<std::string, std::vector<std::string>> out;
  std::istringstream lines(dot);
  for (std::string line; std::getline(lines, line);) {
    const size_t arrow = line.find(" -> "), label = line.find("[label=\"");
    if (arrow == std::string::npos || label == std::string::npos) continue;
    const size_t end = line.find('"', label + 8);
    const std::string tail = line.substr(2, arrow - 2),
                      head = line.substr(arrow + 4, line.find(' ', arrow + 4) - arrow - 4);
    out[tail + " " + head].push_back(line.substr(label + 8, end - label - 8));
  }
  return out;
}

// A character's advance in Helvetica, in em (the standard metrics, rounded).
double advance(char c) {
  if (c == 'i' || c == 'j' || c == 'l') return 0.222;
  if (c == '[' || c == ']' || c == 't' || c == 'f' || c == ' ' || c == '.' || c == '(' || c == ')') return 0.278;
  if (c == 'r') return 0.333;
  if (c == 'm') return 0.833;
  if (c == 'w') return 0.722;
  if (c == 's' || c == 'c' || c == 'k' || c == 'v' || c == 'x' || c == 'y' || c == 'z') return 0.5;
  if (c >= 'A' && c <= 'Z') return 0.722;
  return 0.556;  // digits, most lower case, '_'
}

// A label's box at its centre: Helvetica 8 pt, a line 8 pt * 1.2 high, each
// line as wide as its characters plus a tenth (DOT's text, "\n" between lines).
Box label_box(double x, double y, const std::string& text) {
  size_t lines = 1;
  double longest = 0, run = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 1 < text.size() && text[i + 1] == 'n') {
      ++lines;
      longest = std::max(longest, run);
      run = 0;
      ++i;
      continue;
    }
    run += advance(text[i]);
  }
  longest = std::max(longest, run);
  return {x, y, longest * 1.1 * 8 / 72, static_cast<double>(lines) * 1.2 * 8 / 72};
}

Drawn lay_out(const std::string& dot, const std::string& name) {
  const std::string in = temp_dir() + "/" + name + ".dot", out = temp_dir() + "/" + name + ".plain";
  std::ofstream(in) << dot;
  const int rc = std::system(("dot -Tplain " + in + " -o " + out + " 2>" + temp_dir() + "/" + name + ".err").c_str());
  INFO(slurp(temp_dir() + "/" + name + ".err"));
  REQUIRE(rc == 0);
  CHECK(slurp(temp_dir() + "/" + name + ".err").empty());  // dot 2.43 reports the edges it loses
  auto labels = edge_labels(dot);
  std::map<std::string, size_t> used;
  Drawn d;
  std::istringstream lines(slurp(out));
  for (std::string line; std::getline(lines, line);) {
    std::istringstream f(line);
    std::string kind;
    f >> kind;
    if (kind == "graph") {
      double scale;
      f >> scale >> d.width >> d.height;
    } else if (kind == "node") {
      std::string id;
      Box b;
      f >> id >> b.x >> b.y >> b.w >> b.h;
      d.nodes[id] = b;
    } else if (kind == "edge") {
      std::string tail, head;
      int n = 0;
      f >> tail >> head >> n;
      std::vector<std::array<double, 2>> points(static_cast<size_t>(n));
      for (auto& p : points) f >> p[0] >> p[1];
      std::vector<std::string> rest;
      for (std::string t; f >> t;) rest.push_back(t);
      if (!rest.empty() && rest[rest.size() - 2] == "invis") continue;
      if (tail[0] == 'm') ++d.mid_edges[tail];
      if (head[0] == 'm') ++d.mid_edges[head];
      // Each end, and 0.07 in on from it, half an arrowhead's length (10 pt).
      for (auto [end, before] :
           {std::make_pair(size_t{0}, size_t{1}), std::make_pair(points.size() - 1, points.size() - 2)}) {
        const auto& e = points[end];
        const auto& b = points[before];
        const double dx = e[0] - b[0], dy = e[1] - b[1], len = std::hypot(dx, dy);
        d.arrow_points.push_back({e[0], e[1], tail, head});
        if (len > 0) d.arrow_points.push_back({e[0] + 0.07 * dx / len, e[1] + 0.07 * dy / len, tail, head});
      }
      if (rest.size() >= 4) {  // label x y style color; the label may hold spaces, its centre is fourth from the end
        const double lx = std::stod(rest[rest.size() - 4]), ly = std::stod(rest[rest.size() - 3]);
        auto& texts = labels[tail + " " + head];
        const size_t k = used[tail + " " + head]++;
        if (k < texts.size()) d.labels.push_back(label_box(lx, ly, texts[k]));  // an xlabel's text is not read
      }
    }
  }
  return d;
}

// ---- What the drawing must show ----

struct Instance {
  std::string placement;
  std::vector<int64_t> index;
};

// Each DOT process node's placement and index, from its label "name[i][j]\n(unit)".
std::map<std::string, Instance> instances(const Region& region) {
  std::map<std::string, Instance> out;
  for (size_t p = 0; p < region.processes.size(); ++p) {
    const Process& proc = region.processes[p];
    Instance i{proc.placement, {}};
    for (int d = 0; d < proc.index.rank; ++d) i.index.push_back(proc.index[d]);
    out["p" + std::to_string(p)] = i;
  }
  return out;
}

// Which placements (and arguments, as "a<k>") reach which through channels.
std::map<std::string, std::set<std::string>> reaches(const Region& region) {
  std::map<std::string, std::set<std::string>> next;
  auto placement = [&](int p) { return region.processes[static_cast<size_t>(p)].placement; };
  for (const ChannelInstance& c : region.channels)
    if (c.writer.valid() && c.reader.valid()) next[placement(c.writer.process)].insert(placement(c.reader.process));
  for (size_t a = 0; a < region.arguments.size(); ++a) {
    const ArgumentInstance& arg = region.arguments[a];
    if (!arg.user.valid()) continue;
    const std::string id = "a" + std::to_string(a);
    if (region.port(arg.user).access == Access::read)
      next[id].insert(placement(arg.user.process));
    else
      next[placement(arg.user.process)].insert(id);
  }
  std::map<std::string, std::set<std::string>> out;
  for (const auto& [from, _] : next) {
    std::vector<std::string> pending{from};
    while (!pending.empty()) {
      const std::string at = pending.back();
      pending.pop_back();
      for (const std::string& n : next[at])
        if (out[from].insert(n).second) pending.push_back(n);
    }
  }
  return out;
}

constexpr double kSame = 0.01;  // inches: -Tplain's rounding

// Every array (a grid, or a vector wrapped every `wrap`) in rows and columns;
// every node outside it above or below its rows, its feeders above and its
// collectors below; every edge label clear of every arrowhead. Returns the
// number of failures, each reported.
int check_drawing(const Region& region, const Drawn& d, int64_t wrap = 8) {
  int failures = 0;
  auto fail = [&](const std::string& what) {
    ++failures;
    UNSCOPED_INFO(what);
  };
  const auto of = instances(region);
  const auto reach = reaches(region);
  std::map<std::string, std::map<std::pair<int64_t, int64_t>, std::string>>
      arrays;  // placement -> (row, column) -> node
  std::map<std::string, size_t> count;
  for (const auto& [id, i] : of) ++count[i.placement];
  for (const auto& [id, i] : of) {
    if (count[i.placement] < 2) continue;
    const int64_t n = static_cast<int64_t>(count[i.placement]);
    const std::pair<int64_t, int64_t> cell = i.index.size() == 2 ? std::make_pair(i.index[0], i.index[1])
                                             : wrap > 0 && n > wrap
                                                 ? std::make_pair(i.index[0] / wrap, i.index[0] % wrap)
                                                 : std::make_pair(int64_t{0}, i.index[0]);
    arrays[i.placement][cell] = id;
  }
  for (const auto& [name, cells] : arrays) {
    std::map<int64_t, std::vector<const Box*>> rows, columns;  // in column, row order
    for (const auto& [cell, id] : cells) {
      if (!d.nodes.count(id)) {
        fail(name + ": " + id + " not drawn");
        continue;
      }
      rows[cell.first].push_back(&d.nodes.at(id));
      columns[cell.second].push_back(&d.nodes.at(id));
    }
    double band_top = -1e9, band_bottom = 1e9;
    for (const auto& [r, row] : rows) {
      for (size_t k = 0; k < row.size(); ++k) {
        band_top = std::max(band_top, row[k]->top());
        band_bottom = std::min(band_bottom, row[k]->bottom());
        if (std::abs(row[k]->y - row[0]->y) > kSame)
          fail(name + " row " + std::to_string(r) + ": y " + std::to_string(row[k]->y) + " beside " +
               std::to_string(row[0]->y));
        if (k > 0 && !(row[k]->x > row[k - 1]->x + kSame))
          fail(name + " row " + std::to_string(r) + ": column " + std::to_string(k) + " not right of the one before");
      }
      if (rows.count(r - 1) && !(row[0]->y < rows[r - 1][0]->y - kSame))
        fail(name + " row " + std::to_string(r) + " not below row " + std::to_string(r - 1));
    }
    for (const auto& [c, column] : columns)
      for (const Box* b : column)
        if (std::abs(b->x - column[0]->x) > kSame)
          fail(name + " column " + std::to_string(c) + ": x " + std::to_string(b->x) + " beside " +
               std::to_string(column[0]->x));
    // The other nodes: processes of other placements and arguments.
    for (const auto& [id, b] : d.nodes) {
      std::string other;
      if (of.count(id) && of.at(id).placement != name) other = of.at(id).placement;
      if (id[0] == 'a') other = id;
      if (other.empty()) continue;
      const bool feeds = reach.count(other) && reach.at(other).count(name);
      const bool collects = reach.count(name) && reach.at(name).count(other);
      const bool above = b.bottom() > band_top, below = b.top() < band_bottom;
      if (!above && !below) fail(other + " (" + id + ") drawn among the rows of " + name);
      if (feeds && !collects && !above) fail(other + " (" + id + ") feeds " + name + " but is not above it");
      if (collects && !feeds && !below) fail(other + " (" + id + ") collects from " + name + " but is not below it");
    }
  }
  // A label along a row is a node (m...): no arrowhead but those of its own
  // two edges, which end on its boundary, reaches into its box either.
  std::vector<std::pair<Box, std::string>> labels;
  for (const Box& b : d.labels) labels.push_back({b, ""});
  for (const auto& [id, b] : d.nodes)
    if (id[0] == 'm') labels.push_back({b, id});
  // Every channel's label is one of those checked (an xlabel, which -Tplain
  // does not place, would escape the check).
  size_t drawn = 0,
         labelled = d.labels.size();  // a label node carries the labels of the lines through it, two a channel
  for (const ChannelInstance& c : region.channels) drawn += c.writer.valid() && c.reader.valid();
  for (const auto& [id, n] : d.mid_edges) labelled += static_cast<size_t>(n / 2);
  if (labelled != drawn) fail(std::to_string(labelled) + " labels laid out for " + std::to_string(drawn) + " channels");
  for (const auto& [label, id] : labels)
    for (const auto& p : d.arrow_points)
      if ((id.empty() || (p.tail != id && p.head != id)) && label.contains(p.x, p.y)) {
        fail("an edge label at (" + std::to_string(label.x) + ", " + std::to_string(label.y) +
             ") over an arrowhead at (" + std::to_string(p.x) + ", " + std::to_string(p.y) + ")");
        break;
      }
  return failures;
}

TEST_CASE("every grid from 1x1 to 16x16 is drawn as a grid, its feeders above and its collectors below", "[dot]") {
  const Architecture arch = grid_machine();
  for (int64_t r = 1; r <= 16; ++r)
    for (int64_t c = 1; c <= 16; ++c) {
      auto region = arch.compose({{"R", r}, {"C", c}});
      REQUIRE(region.ok());
      const std::string name = "grid_" + std::to_string(r) + "x" + std::to_string(c);
      INFO(name);
      CHECK(check_drawing(region.value(), lay_out(to_dot(region.value()), name)) == 0);
    }
}

TEST_CASE("TinyTPU's two arrays are drawn as grids, one above the other", "[dot]") {
  for (int64_t t : {4, 8}) {
    auto arch = tinytpu::architecture({{"T", t}});
    REQUIRE(arch.ok());
    auto region = arch.value().compose({{"T", t}});
    REQUIRE(region.ok());
    const std::string name = "tinytpu_" + std::to_string(t);
    INFO(name);
    const Drawn d = lay_out(to_dot(region.value()), name);
    CHECK(check_drawing(region.value(), d) == 0);
  }
}

}  // namespace
}  // namespace loom
