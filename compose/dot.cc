#include "compose/dot.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <tuple>
#include <vector>

namespace loom {
namespace {

// DOT identifiers are quoted; the names Loom allows contain no quotes, but a
// user's `carries` text may.
std::string escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::string node(int process) { return "p" + std::to_string(process); }
std::string arg_node(size_t argument) { return "a" + std::to_string(argument); }
// An argument's port, where it is not the default m_axi: "\nap_memory, latency 2".
std::string interface_label(const ArgumentInstance& arg) {
  if (arg.protocol == Protocol::m_axi) return "";
  std::string label = std::string("\\n") + protocol_name(arg.protocol);
  if (arg.protocol == Protocol::ap_memory)
    label += std::string(", ") + vitis_kind(arg.ram.storage) + ", latency " + std::to_string(arg.ram.latency);
  return label;
}
std::string q(const std::string& s) { return "\"" + escape(s) + "\""; }

// `extra` ends the attribute list: ", constraint=false" where the rows are pinned.
std::string argument_edge(const Region& region, const ArgumentInstance& arg, const std::string& arg_id,
                          const std::string& process_id, const std::string& extra = "") {
  const auto access = region.port(arg.user).access;
  if (access == Access::read) return "  " + arg_id + " -> " + process_id + " [style=dashed" + extra + "];\n";
  if (access == Access::write) return "  " + process_id + " -> " + arg_id + " [style=dashed" + extra + "];\n";
  return "  " + process_id + " -> " + arg_id + " [style=dashed, dir=both" + extra + "];\n";
}

std::string header(const Region& region, const std::string& rankdir) {
  return "digraph " + q(region.name) + " {\n" + "  rankdir=" + rankdir +
         ";\n  node [fontname=\"Helvetica\", fontsize=10];\n  edge [fontname=\"Helvetica\", fontsize=8];\n";
}

// How the per-instance drawing is laid out.
//
// It runs top to bottom, so a rank is a row, and Graphviz's `dot` is told the
// rows rather than left to find them: this code gives every node a layer, each
// layer is one `rank=same` group, and an invisible chain of anchor nodes, one
// a layer, holds the layers in order. An edge that climbs (a feedback channel)
// carries constraint=false, so no edge can move a node to another row; the
// rest agree with the layers. What `dot` decides is the order within each row
// and the spacing, and within an array both are pinned too: an invisible edge
// between row neighbours orders them (dot keeps a flat edge's tail left of its
// head, when the node is also held by its column: a wrapped vector's short
// last row is filled out with invisible cells, since a cell with nothing below
// it was seen to wander along its row), and heavy invisible edges down each
// column make dot's network simplex give a column one x. (The `group`
// attribute, which does the same by a hundredfold weight, broke 16 x 16
// columns apart under dot 2.43 instead.) Positions pinned outright (`pos` with
// neato -n) would hold as well, but would leave every other node and every
// route to this code; with the rows pinned, dot still does what it does well,
// fewer crossings and routed splines.
//
// Labels: an edge between rows has an ordinary label, which dot lays out as a
// node of its own halfway along the edge (why a labelled graph's ranks come in
// pairs), clear of arrowheads and of the labels of edges beside it, where an
// xlabel, placed after the layout, lands wherever it finds room. An edge
// along a row has its label as a node in the row, between its two ends (see
// per_instance for why not dot's own label there).
//
// The layers: each placement is a block. An array (a grid [R][C], a vector
// [N] in order along one row, or wrapped into rows of `wrap`) takes a band of
// consecutive layers to itself, one a row; a single instance or an argument
// takes one layer, which it may share with other singles but never with an
// array, so no feeder or collector is drawn between an array's rows. Blocks go
// in the channels' order (a depth-first walk that skips the edges closing a
// cycle), each into the first layers its feeders leave free; then a single that
// nothing feeds (an argument read, a source) moves down to just above its
// first reader.
struct Block {
  std::vector<std::string> nodes;                            // DOT node names
  std::map<std::pair<int64_t, int64_t>, std::string> cells;  // an array's (row, column) -> node
  int64_t rows = 1;
  bool array = false;  // two instances or more: a band of layers of its own
  int layer = 0;
};

// Gives each block its layer, as above; returns the number of layers.
int lay_out(std::vector<Block>& blocks, const std::vector<std::set<int>>& succ) {
  const int n = static_cast<int>(blocks.size());
  std::vector<int> state(static_cast<size_t>(n), 0), postorder;  // 0 unseen, 1 on the walk, 2 done
  std::set<std::pair<int, int>> closing;                         // edges back to a block still on the walk
  std::vector<std::pair<int, std::set<int>::const_iterator>> stack;
  for (int root = 0; root < n; ++root) {
    if (state[static_cast<size_t>(root)] != 0) continue;
    state[static_cast<size_t>(root)] = 1;
    stack.push_back({root, succ[static_cast<size_t>(root)].begin()});
    while (!stack.empty()) {
      auto& [b, next] = stack.back();
      if (next == succ[static_cast<size_t>(b)].end()) {
        state[static_cast<size_t>(b)] = 2;
        postorder.push_back(b);
        stack.pop_back();
        continue;
      }
      const int s = *next++;
      if (state[static_cast<size_t>(s)] == 1) closing.insert({b, s});
      if (state[static_cast<size_t>(s)] != 0) continue;
      state[static_cast<size_t>(s)] = 1;
      stack.push_back({s, succ[static_cast<size_t>(s)].begin()});
    }
  }
  std::vector<std::vector<int>> pred(static_cast<size_t>(n));
  for (int b = 0; b < n; ++b)
    for (int s : succ[static_cast<size_t>(b)])
      if (s != b && !closing.count({b, s})) pred[static_cast<size_t>(s)].push_back(b);
  std::vector<int> taken;  // per layer: 0 free, 1 singles, 2 an array
  auto at = [&](int layer) -> int& {
    if (static_cast<size_t>(layer) >= taken.size()) taken.resize(static_cast<size_t>(layer) + 1, 0);
    return taken[static_cast<size_t>(layer)];
  };
  auto fits = [&](const Block& b, int layer) {
    if (!b.array) return at(layer) != 2;
    for (int64_t r = 0; r < b.rows; ++r)
      if (at(layer + static_cast<int>(r)) != 0) return false;
    return true;
  };
  for (auto it = postorder.rbegin(); it != postorder.rend(); ++it) {
    Block& b = blocks[static_cast<size_t>(*it)];
    int layer = 0;
    for (int p : pred[static_cast<size_t>(*it)])
      layer =
          std::max(layer, blocks[static_cast<size_t>(p)].layer + static_cast<int>(blocks[static_cast<size_t>(p)].rows));
    while (!fits(b, layer)) ++layer;
    b.layer = layer;
    for (int64_t r = 0; r < b.rows; ++r) at(layer + static_cast<int>(r)) = b.array ? 2 : 1;
  }
  for (int i = 0; i < n; ++i) {
    Block& b = blocks[static_cast<size_t>(i)];
    if (b.array || !pred[static_cast<size_t>(i)].empty() || succ[static_cast<size_t>(i)].empty()) continue;
    int below = INT32_MAX;  // the first layer a reader of this block is in
    for (int s : succ[static_cast<size_t>(i)])
      if (s != i && !closing.count({i, s})) below = std::min(below, blocks[static_cast<size_t>(s)].layer);
    for (int layer = below - 1; layer > b.layer && below != INT32_MAX; --layer)
      if (at(layer) != 2) {
        b.layer = layer;
        at(layer) = 1;
        break;
      }
  }
  // Layers left empty (a single moved down, an array waiting for its band) are dropped.
  std::vector<int> renumber(taken.size(), 0);
  std::vector<bool> used(taken.size(), false);
  for (const Block& b : blocks)
    for (int64_t r = 0; r < b.rows; ++r) used[static_cast<size_t>(b.layer + r)] = true;
  int layers = 0;
  for (size_t l = 0; l < taken.size(); ++l) renumber[l] = used[l] ? layers++ : layers;
  for (Block& b : blocks) b.layer = renumber[static_cast<size_t>(b.layer)];
  return layers;
}

// Each process its node, each argument its node, each channel its edge, laid
// out in pinned rows as described above.
std::string per_instance(const Region& region, const DotOptions& options) {
  std::string out;
  std::vector<Block> blocks;
  std::map<std::string, int> block_of_placement;
  std::vector<int> block_of_process(region.processes.size()), block_of_argument(region.arguments.size());
  for (size_t p = 0; p < region.processes.size(); ++p) {
    const Process& proc = region.processes[p];
    auto [it, fresh] = block_of_placement.emplace(proc.placement, static_cast<int>(blocks.size()));
    if (fresh) blocks.emplace_back();
    block_of_process[p] = it->second;
    blocks[static_cast<size_t>(it->second)].nodes.push_back(node(static_cast<int>(p)));
    std::string label = escape(proc.name()) + "\\n(" + escape(proc.unit->name) + ")";
    for (const MemoryInstance& m : region.memories)
      if (m.owner.process == static_cast<int>(p))
        label += "\\nowns " + escape(m.label()) + ": " + std::to_string(m.rows) + " x " + m.word.to_string() +
                 (m.registers() ? ", registers" : "");
    out += "  " + node(static_cast<int>(p)) + " [shape=box, label=\"" + label + "\"];\n";
  }
  // Where each instance of an array sits: a grid's [r][c] at row r, column c; a
  // vector's [i] along one row, or at row i / wrap, column i % wrap. A single's
  // cell is (0, 0).
  std::vector<std::pair<int64_t, int64_t>> cell_of(region.processes.size());
  for (size_t p = 0; p < region.processes.size(); ++p) {
    const Process& proc = region.processes[p];
    Block& b = blocks[static_cast<size_t>(block_of_process[p])];
    if (b.nodes.size() < 2) continue;
    b.array = true;
    const int64_t i = proc.index.rank >= 1 ? proc.index[0] : 0;
    const bool wraps = proc.index.rank == 1 && options.wrap > 0 && static_cast<int64_t>(b.nodes.size()) > options.wrap;
    const std::pair<int64_t, int64_t> cell = proc.index.rank == 2 ? std::make_pair(i, proc.index[1])
                                             : wraps              ? std::make_pair(i / options.wrap, i % options.wrap)
                                                                  : std::make_pair(int64_t{0}, i);
    b.cells[cell] = node(static_cast<int>(p));
    b.rows = std::max(b.rows, cell.first + 1);
    cell_of[p] = cell;
  }
  for (size_t a = 0; a < region.arguments.size(); ++a) {
    block_of_argument[a] = static_cast<int>(blocks.size());
    blocks.emplace_back();
    blocks.back().nodes.push_back(arg_node(a));
  }
  std::vector<std::set<int>> succ(blocks.size());
  for (const ChannelInstance& c : region.channels)
    if (c.writer.valid() && c.reader.valid())
      succ[static_cast<size_t>(block_of_process[static_cast<size_t>(c.writer.process)])].insert(
          block_of_process[static_cast<size_t>(c.reader.process)]);
  for (size_t a = 0; a < region.arguments.size(); ++a) {
    const ArgumentInstance& arg = region.arguments[a];
    if (!arg.user.valid()) continue;
    const int user = block_of_process[static_cast<size_t>(arg.user.process)];
    if (region.port(arg.user).access == Access::read)
      succ[static_cast<size_t>(block_of_argument[a])].insert(user);
    else
      succ[static_cast<size_t>(user)].insert(block_of_argument[a]);
  }
  const int layers = lay_out(blocks, succ);

  for (size_t a = 0; a < region.arguments.size(); ++a) {
    const ArgumentInstance& arg = region.arguments[a];
    out += "  " + arg_node(a) + " [shape=cylinder, label=\"" + escape(arg.name) + "\\n" + std::to_string(arg.size) +
           " x " + arg.word.to_string() + interface_label(arg) + "\"];\n";
  }
  // Each process's layer and column.
  std::vector<std::pair<int, int64_t>> place(region.processes.size());
  for (size_t p = 0; p < region.processes.size(); ++p)
    place[p] = {blocks[static_cast<size_t>(block_of_process[p])].layer + static_cast<int>(cell_of[p].first),
                cell_of[p].second};
  auto layer_of = [&](int p) { return place[static_cast<size_t>(p)].first; };
  std::vector<std::string> row(static_cast<size_t>(layers));  // each layer's nodes
  for (const Block& b : blocks) {
    if (!b.array) {
      row[static_cast<size_t>(b.layer)] += " " + b.nodes.front() + ";";
      continue;
    }
    for (const auto& [cell, id] : b.cells) row[static_cast<size_t>(b.layer + cell.first)] += " " + id + ";";
  }
  // The edges. One that climbs is kept out of the ranking; one down agrees with
  // the layers. One along a row has its label as a node in the row (dot's own
  // label on an edge within a rank goes in the rank above, where crossing
  // reduction may put it beyond a column it must stay short of, and dot 2.43
  // drops one of a labelled and an invisible edge between the same two nodes);
  // drawn left to right in the row's order, with the arrowhead where it arrives.
  std::string edges;
  struct Mid {
    std::string id, label, tooltip;
  };
  std::vector<Mid> mids;
  std::map<std::pair<int, int>, size_t> mid_of;  // (left, right) process -> its label node
  for (size_t a = 0; a < region.arguments.size(); ++a) {
    const ArgumentInstance& arg = region.arguments[a];
    if (!arg.user.valid()) continue;
    const int arg_layer = blocks[static_cast<size_t>(block_of_argument[a])].layer;
    const int user_layer = layer_of(arg.user.process);
    const bool read = region.port(arg.user).access == Access::read;
    edges += argument_edge(region, arg, arg_node(a), node(arg.user.process),
                           (read ? arg_layer > user_layer : user_layer > arg_layer) ? ", constraint=false" : "");
  }
  for (const ChannelInstance& c : region.channels) {
    if (!c.writer.valid() || !c.reader.valid()) continue;  // compose() refuses such regions
    // A side that accesses it without blocking says so: what crosses it is timing's.
    const bool nb_write = region.port(c.writer).nonblocking, nb_read = region.port(c.reader).nonblocking;
    const std::string label = escape(c.label()) + "\\n" + c.word.to_string() + " d" + std::to_string(c.depth) +
                              (nb_write || nb_read ? std::string("\\n") + (nb_write ? "write_nb" : "") +
                                                         (nb_write && nb_read ? ", " : "") + (nb_read ? "read_nb" : "")
                                                   : std::string());
    const std::string tooltip = "tooltip=\"" + escape(c.carries) + "\"";
    const auto& from = place[static_cast<size_t>(c.writer.process)];
    const auto& to = place[static_cast<size_t>(c.reader.process)];
    if (from.first != to.first) {
      edges += "  " + node(c.writer.process) + " -> " + node(c.reader.process) + " [label=\"" + label + "\", " +
               tooltip + (to.first < from.first ? ", constraint=false" : "") + "];\n";
      continue;
    }
    // Channels between the same two nodes of a row share one label node, their
    // labels stacked, each still its own line through it.
    const bool east = to.second >= from.second;
    const int left = east ? c.writer.process : c.reader.process, right = east ? c.reader.process : c.writer.process;
    auto [it, fresh] = mid_of.emplace(std::make_pair(left, right), mids.size());
    if (fresh) {
      mids.push_back({"m" + std::to_string(mids.size()), "", ""});
      row[static_cast<size_t>(from.first)] += " " + mids.back().id + ";";
    }
    Mid& mid = mids[it->second];
    mid.label += (mid.label.empty() ? "" : "\\n") + label;
    mid.tooltip += (mid.tooltip.empty() ? "" : "; ") + escape(c.carries);
    edges += "  " + node(left) + " -> " + mid.id + (east ? " [arrowhead=none, " : " [dir=back, ") + tooltip + "];\n  " +
             mid.id + " -> " + node(right) + (east ? " [" : " [dir=none, ") + tooltip + "];\n";
  }
  for (const Mid& mid : mids)
    edges += "  " + mid.id + " [shape=plaintext, fontsize=8, width=0, height=0, margin=0.02, label=\"" + mid.label +
             "\", tooltip=\"" + mid.tooltip + "\"];\n";
  // The layers: one anchor each, chained, and each layer's nodes ranked with it.
  for (int l = 0; l < layers; ++l) {
    out += "  l" + std::to_string(l) + " [style=invis, shape=point, width=0, height=0, label=\"\"];\n";
    out += "  { rank=same; l" + std::to_string(l) + ";" + row[static_cast<size_t>(l)] + " }\n";
    if (l > 0) out += "  l" + std::to_string(l - 1) + " -> l" + std::to_string(l) + " [style=invis];\n";
  }
  // An array's order along its rows and down its columns, invisibly. A
  // wrapped vector's last row is filled out with invisible cells, so that each
  // of its columns runs the full height: a cell with nothing below it is
  // free to wander along its row in crossing reduction, whatever the edges
  // beside it say.
  constexpr const char* kColumn = "1000";  // outweighs every real edge's pull on a column
  int holes = 0;
  for (size_t k = 0; k < blocks.size(); ++k) {
    Block& b = blocks[k];
    int64_t columns = 0;
    for (const auto& [cell, id] : b.cells) columns = std::max(columns, cell.second + 1);
    for (int64_t r = 0; r < b.rows; ++r)
      for (int64_t c = 0; c < columns; ++c) {
        if (b.cells.count({r, c})) continue;
        const std::string hole = "h" + std::to_string(holes++);
        b.cells[{r, c}] = hole;
        out += "  " + hole + " [style=invis, shape=box, label=\"\"];\n  { rank=same; l" + std::to_string(b.layer + r) +
               "; " + hole + "; }\n";
      }
    for (const auto& [cell, id] : b.cells) {
      auto east = b.cells.find({cell.first, cell.second + 1});
      if (east != b.cells.end()) out += "  " + id + " -> " + east->second + " [style=invis];\n";
      auto south = b.cells.find({cell.first + 1, cell.second});
      if (south != b.cells.end())
        out += "  " + id + " -> " + south->second + " [style=invis, weight=" + kColumn + "];\n";
    }
  }
  return header(region, "TB") + out + edges + "}\n";
}

// One node per placement, one edge per channel array between two placements.
std::string per_placement(const Region& region) {
  std::string out = header(region, "LR");
  std::map<std::string, int> id;  // placement -> node number, in first-instance order
  std::map<std::string, int64_t> instances;
  std::map<std::string, std::string> unit_of;
  std::vector<std::string> order;
  for (const Process& p : region.processes) {
    if (id.emplace(p.placement, static_cast<int>(order.size())).second) order.push_back(p.placement);
    ++instances[p.placement];
    unit_of[p.placement] = p.unit->name;
  }
  std::map<std::string, std::string> owns;  // placement -> "owns NAME: rows x word" once per memory array
  std::set<std::pair<std::string, std::string>> seen_memory;
  for (const MemoryInstance& m : region.memories) {
    if (!m.owner.valid()) continue;
    const std::string& placement = region.processes[static_cast<size_t>(m.owner.process)].placement;
    if (seen_memory.insert({placement, m.name}).second)
      owns[placement] += "\\nowns " + escape(m.name) + ": " + std::to_string(m.rows) + " x " + m.word.to_string() +
                         (m.registers() ? ", registers" : "");
  }
  for (const std::string& placement : order) {
    const int64_t n = instances[placement];
    out += "  " + node(id[placement]) + " [shape=" + (n > 1 ? "box3d" : "box") + ", label=\"" + escape(placement) +
           (n > 1 ? " x" + std::to_string(n) : "") + "\\n(" + escape(unit_of[placement]) + ")" + owns[placement] +
           "\"];\n";
  }
  for (size_t a = 0; a < region.arguments.size(); ++a) {
    const ArgumentInstance& arg = region.arguments[a];
    out += "  " + arg_node(a) + " [shape=cylinder, label=\"" + escape(arg.name) + "\\n" + std::to_string(arg.size) +
           " x " + arg.word.to_string() + interface_label(arg) + "\"];\n";
    if (arg.user.valid())
      out += argument_edge(region, arg, arg_node(a),
                           node(id[region.processes[static_cast<size_t>(arg.user.process)].placement]));
  }
  // (writer placement, reader placement, array) -> elements, its shallowest and
  // deepest element (--depth may set them apart), and one of them
  struct Edge {
    int64_t elements = 0, shallowest = INT64_MAX, deepest = 0;
    const ChannelInstance* c = nullptr;
  };
  std::map<std::tuple<std::string, std::string, std::string>, Edge> arrays;
  std::vector<std::tuple<std::string, std::string, std::string>> array_order;
  for (const ChannelInstance& c : region.channels) {
    if (!c.writer.valid() || !c.reader.valid()) continue;
    const auto key = std::make_tuple(region.processes[static_cast<size_t>(c.writer.process)].placement,
                                     region.processes[static_cast<size_t>(c.reader.process)].placement, c.name);
    auto [it, fresh] = arrays.emplace(key, Edge{0, INT64_MAX, 0, &c});
    if (fresh) array_order.push_back(key);
    Edge& e = it->second;
    ++e.elements;
    e.shallowest = std::min(e.shallowest, c.depth);
    e.deepest = std::max(e.deepest, c.depth);
  }
  for (const auto& key : array_order) {
    const auto& [writer, reader, name] = key;
    const Edge& e = arrays[key];
    const std::string depth = depth_text(e.shallowest, e.deepest);
    out += "  " + node(id[writer]) + " -> " + node(id[reader]) + " [label=\"" + escape(name) +
           (e.elements > 1 ? " x" + std::to_string(e.elements) : "") + "\\n" + e.c->word.to_string() + " d" + depth +
           "\", tooltip=\"" + escape(e.c->carries) + "\"];\n";
  }
  return out + "}\n";
}

}  // namespace

std::string to_dot(const Region& region, const DotOptions& options) {
  return options.per_placement ? per_placement(region) : per_instance(region, options);
}

}  // namespace loom
