// describe()'s text, table by table, and describe_json(): see describe.h.
#include "compose/describe.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "common/contract.h"

namespace loom {
namespace {

// One of describe()'s tables: each column but the last as wide as its
// minimum, or as its widest cell and a space, so that no cell runs into the
// next however long a name is; the last cell of a row is written as it is.
class Table {
 public:
  explicit Table(std::vector<size_t> widths) : widths_(std::move(widths)) {}

  void row(std::vector<std::string> cells) {
    LOOM_CONTRACT(cells.size() == widths_.size() + 1, "a describe row has a cell per column and its last");
    for (size_t k = 0; k < widths_.size(); ++k) widths_[k] = std::max(widths_[k], cells[k].size() + 1);
    rows_.push_back(std::move(cells));
  }

  std::string text() const {
    std::string out;
    for (const std::vector<std::string>& cells : rows_) {
      out += "  ";
      for (size_t k = 0; k < widths_.size(); ++k) out += fmt::format("{:<{}}", cells[k], widths_[k]);
      out += cells.back() + "\n";
    }
    return out;
  }

 private:
  std::vector<size_t> widths_;
  std::vector<std::vector<std::string>> rows_;
};

}  // namespace

std::string describe(const Region& region) {
  std::string out = region.summary();

  out += "\nunits:\n";
  std::map<std::string, int> instances;
  std::vector<const Process*> first;
  for (const Process& p : region.processes)
    if (instances[p.placement]++ == 0) first.push_back(&p);
  Table units({12, 12, 7});
  for (const Process* p : first)
    units.row({p->placement, p->unit->name, "x" + std::to_string(instances[p->placement]),
               p->unit->pipeline.off ? fmt::format("unpipelined latency={}", p->unit->pipeline.depth)
                                     : fmt::format("II={} depth={}", p->unit->pipeline.ii, p->unit->pipeline.depth)});
  out += units.text();

  out += "\nchannels:\n";
  std::map<std::string, int> elements;
  std::map<std::string, std::pair<int64_t, int64_t>> depths;  // an array's shallowest and deepest element
  for (const ChannelInstance& c : region.channels) {
    ++elements[c.name];
    auto [it, fresh] = depths.insert({c.name, {c.depth, c.depth}});
    it->second = {std::min(it->second.first, c.depth), std::max(it->second.second, c.depth)};
  }
  std::set<std::string> seen;
  Table channels({12, 7, 7, 10});
  for (const ChannelInstance& c : region.channels) {
    if (!seen.insert(c.name).second) continue;
    const int count = elements[c.name];
    const auto [lo, hi] = depths[c.name];
    // Elements set apart (--depth) show their range; describe --json has each.
    // A side that probes it without blocking (LOOM_NONBLOCKING): what crosses it is timing's.
    const bool nb_write = c.writer.valid() && region.port(c.writer).nonblocking;
    const bool nb_read = c.reader.valid() && region.port(c.reader).nonblocking;
    const std::string nb = nb_write && nb_read ? " [write_nb, read_nb]" : nb_write ? " [write_nb]" : nb_read ? " [read_nb]" : "";
    channels.row({c.name, "x" + std::to_string(count), c.word.to_string(), "depth " + depth_text(lo, hi), c.carries + nb});
  }
  out += channels.text();

  // One line per memory array: an array of N memories owned by N instances of
  // one placement reads as one fact, not N lines.
  out += "\nmemories:\n";
  std::map<std::string, int> memory_elements;
  for (const MemoryInstance& m : region.memories) ++memory_elements[m.name];
  std::set<std::string> shown;
  Table memories({12, 7, 17});
  for (const MemoryInstance& m : region.memories) {
    if (!shown.insert(m.name).second) continue;
    // The owners' placement and port, if every element of the array shares them.
    std::string owners;
    for (const MemoryInstance& e : region.memories) {
      if (e.name != m.name) continue;
      if (!e.owner.valid()) {
        owners = "nobody";
        break;
      }
      const Process& p = region.processes[static_cast<size_t>(e.owner.process)];
      const std::string each = p.placement + "." + p.unit->ports[static_cast<size_t>(e.owner.port)].name;
      if (owners.empty()) owners = each;
      else if (owners != each) owners = "several placements";
    }
    if (memory_elements[m.name] == 1 && m.owner.valid()) owners = region.describe(m.owner);
    else if (memory_elements[m.name] > 1 && owners != "nobody" && owners != "several placements")
      owners = "one instance of " + owners + " each";
    memories.row({m.name, "x" + std::to_string(memory_elements[m.name]),
                  std::to_string(m.rows) + " x " + m.word.to_string(),
                  "owned by " + owners + ", " + std::string(storage_ports(m.storage))});
  }
  out += memories.text();

  out += "\narguments:\n";
  Table arguments({12, 17, 16});
  for (const ArgumentInstance& a : region.arguments)
    arguments.row({a.name, std::to_string(a.size) + " x " + a.word.to_string(),
                   a.user.valid() ? region.describe(a.user) : std::string("-"), a.doc});
  out += arguments.text();
  return out;
}


nlohmann::json describe_json(const Region& region) {
  nlohmann::json j;
  j["region"] = region.name;
  for (const auto& [name, value] : region.params.entries()) j["params"][name] = value;
  j["processes"] = nlohmann::json::array();
  for (const Process& p : region.processes)
    j["processes"].push_back({{"name", p.name()}, {"placement", p.placement}, {"unit", p.unit->name},
                              {"ii", p.unit->pipeline.ii}, {"depth", p.unit->pipeline.depth},
                              {"pipelined", !p.unit->pipeline.off}});
  j["channels"] = nlohmann::json::array();
  for (const ChannelInstance& c : region.channels)
    j["channels"].push_back({{"name", c.label()}, {"array", c.name}, {"word", c.word.to_string()}, {"depth", c.depth},
                             {"writer", c.writer.valid() ? region.describe(c.writer) : ""},
                             {"reader", c.reader.valid() ? region.describe(c.reader) : ""}, {"carries", c.carries}});
  j["memories"] = nlohmann::json::array();
  for (const MemoryInstance& m : region.memories)
    j["memories"].push_back({{"name", m.label()}, {"array", m.name}, {"word", m.word.to_string()}, {"rows", m.rows},
                             {"write_latency", m.write_latency}, {"storage", vitis_kind(m.storage)}, {"partitioned", m.registers()},
                             {"owner", m.owner.valid() ? region.describe(m.owner) : ""}});
  j["arguments"] = nlohmann::json::array();
  for (const ArgumentInstance& a : region.arguments)
    j["arguments"].push_back({{"name", a.name}, {"word", a.word.to_string()}, {"size", a.size},
                              {"user", a.user.valid() ? region.describe(a.user) : ""}, {"doc", a.doc}});
  return j;
}

}  // namespace loom
