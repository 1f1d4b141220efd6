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
std::string q(const std::string& s) { return "\"" + escape(s) + "\""; }

std::string argument_edge(const Region& region, const ArgumentInstance& arg, const std::string& arg_id,
                          const std::string& process_id) {
  const auto access = region.port(arg.user).access;
  if (access == Access::read) return "  " + arg_id + " -> " + process_id + " [style=dashed];\n";
  if (access == Access::write) return "  " + process_id + " -> " + arg_id + " [style=dashed];\n";
  return "  " + process_id + " -> " + arg_id + " [style=dashed, dir=both];\n";
}

// Nodes in one rank (a column, left to right), kept in the given order top to
// bottom by invisible edges between neighbours: row 0 above row 1.
std::string same_rank(const std::vector<int>& column) {
  std::string out = "  { rank=same;";
  for (int p : column) out += " " + node(p) + ";";
  out += " }\n";
  for (size_t k = 0; k + 1 < column.size(); ++k) out += "  " + node(column[k]) + " -> " + node(column[k + 1]) + " [style=invis];\n";
  return out;
}

std::string header(const Region& region) {
  return "digraph " + q(region.name) + " {\n" +
         "  rankdir=LR;\n  node [fontname=\"Helvetica\", fontsize=10];\n  edge [fontname=\"Helvetica\", fontsize=8];\n";
}

// Each process its node, each channel its edge; a grid's columns share a rank
// and a long vector's every `wrap`-th instance starts a new row.
std::string per_instance(const Region& region, const DotOptions& options) {
  std::string out;
  std::map<std::string, std::vector<int>> by_placement;  // in index order
  for (size_t p = 0; p < region.processes.size(); ++p) {
    const Process& proc = region.processes[p];
    by_placement[proc.placement].push_back(static_cast<int>(p));
    std::string label = escape(proc.name()) + "\\n(" + escape(proc.unit->name) + ")";
    for (const MemoryInstance& m : region.memories)
      if (m.owner.process == static_cast<int>(p))
        label += "\\nowns " + escape(m.label()) + ": " + std::to_string(m.rows) + " x " + m.word.to_string() +
                 (m.registers() ? ", registers" : "");
    out += "  " + node(static_cast<int>(p)) + " [shape=box, label=\"" + label + "\"];\n";
  }
  // Edges that would stretch a wrapped row back to its start lay nothing out.
  std::set<std::pair<int, int>> wrap_edges;
  bool arranged = false;  // a grid or a wrapped vector: labels go beside edges, so ranks stay aligned
  for (const auto& [placement, members] : by_placement) {
    const Index& first = region.processes[static_cast<size_t>(members[0])].index;
    if (first.rank == 2) {
      arranged = true;
      // In a left-to-right drawing a rank is a column: column c of the grid.
      std::map<int64_t, std::vector<int>> columns;
      for (int p : members) columns[region.processes[static_cast<size_t>(p)].index[1]].push_back(p);
      for (const auto& [c, column] : columns) out += same_rank(column);
    } else if (first.rank == 1 && options.wrap > 0 && static_cast<int64_t>(members.size()) > options.wrap) {
      arranged = true;
      // Instance i sits in column i % wrap, and row i / wrap below the last.
      std::map<int64_t, std::vector<int>> columns;
      for (int p : members) columns[region.processes[static_cast<size_t>(p)].index[0] % options.wrap].push_back(p);
      for (const auto& [c, column] : columns) out += same_rank(column);
      for (size_t k = 0; k + 1 < members.size(); ++k)
        if ((k + 1) % static_cast<size_t>(options.wrap) == 0) wrap_edges.insert({members[k], members[k + 1]});
    }
  }
  for (size_t a = 0; a < region.arguments.size(); ++a) {
    const ArgumentInstance& arg = region.arguments[a];
    out += "  " + arg_node(a) + " [shape=cylinder, label=\"" + escape(arg.name) + "\\n" + std::to_string(arg.size) +
           " x " + arg.word.to_string() + "\"];\n";
    if (arg.user.valid()) out += argument_edge(region, arg, arg_node(a), node(arg.user.process));
  }
  for (const ChannelInstance& c : region.channels) {
    if (!c.writer.valid() || !c.reader.valid()) continue;  // compose() refuses such regions
    const bool wraps = wrap_edges.count({c.writer.process, c.reader.process}) > 0;
    out += "  " + node(c.writer.process) + " -> " + node(c.reader.process) + " [" + (arranged ? "xlabel" : "label") +
           "=\"" + escape(c.label()) + "\\n" +
           c.word.to_string() + " d" + std::to_string(c.depth) + "\", tooltip=\"" + escape(c.carries) + "\"" +
           (wraps ? ", constraint=false" : "") + "];\n";
  }
  // A label placed as part of the layout would take a rank of its own and pull
  // the arranged columns apart; beside its edge, with room between ranks, it does not.
  return header(region) + (arranged ? "  ranksep=1.1;\n  nodesep=0.5;\n  forcelabels=true;\n" : "") + out + "}\n";
}

// One node per placement, one edge per channel array between two placements.
std::string per_placement(const Region& region) {
  std::string out = header(region);
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
           " x " + arg.word.to_string() + "\"];\n";
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
