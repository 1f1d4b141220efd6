#include "compose/dot.h"

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

}  // namespace

std::string to_dot(const Region& region) {
  std::string out = "digraph \"" + escape(region.name) + "\" {\n";
  out += "  rankdir=LR;\n  node [fontname=\"Helvetica\", fontsize=10];\n  edge [fontname=\"Helvetica\", fontsize=8];\n";

  for (size_t p = 0; p < region.processes.size(); ++p) {
    const Process& proc = region.processes[p];
    // Parts are escaped one by one; the "\\n" between them is DOT's line break.
    std::string label = escape(proc.name()) + "\\n(" + escape(proc.unit->name) + ")";
    for (const MemoryInstance& m : region.memories)
      if (m.owner.process == static_cast<int>(p))
        label += "\\nowns " + escape(m.label()) + ": " + std::to_string(m.rows) + " x " + m.word.to_string() +
                 (m.partitioned ? ", registers" : "");
    out += "  " + node(static_cast<int>(p)) + " [shape=box, label=\"" + label + "\"];\n";
  }
  for (size_t a = 0; a < region.arguments.size(); ++a) {
    const ArgumentInstance& arg = region.arguments[a];
    out += "  " + arg_node(a) + " [shape=cylinder, label=\"" + escape(arg.name) + "\\n" + std::to_string(arg.size) +
           " x " + arg.word.to_string() + "\"];\n";
    if (!arg.user.valid()) continue;
    const auto access = region.processes[static_cast<size_t>(arg.user.process)].unit->ports[static_cast<size_t>(arg.user.port)].access;
    const std::string p = node(arg.user.process);
    if (access == Access::read)
      out += "  " + arg_node(a) + " -> " + p + " [style=dashed];\n";
    else if (access == Access::write)
      out += "  " + p + " -> " + arg_node(a) + " [style=dashed];\n";
    else
      out += "  " + p + " -> " + arg_node(a) + " [style=dashed, dir=both];\n";
  }
  for (const ChannelInstance& c : region.channels) {
    if (!c.writer.valid() || !c.reader.valid()) continue;  // compose() refuses such regions
    out += "  " + node(c.writer.process) + " -> " + node(c.reader.process) + " [label=\"" + escape(c.label()) + "\\n" +
           c.word.to_string() + " d" + std::to_string(c.depth) + "\", tooltip=\"" + escape(c.carries) + "\"];\n";
  }
  return out + "}\n";
}

}  // namespace loom
