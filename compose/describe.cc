#include "compose/describe.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

namespace loom {

std::string describe(const Region& region) {
  std::string out = region.summary();

  out += "\nunits:\n";
  std::map<std::string, int> instances;
  std::vector<const Process*> first;
  for (const Process& p : region.processes)
    if (instances[p.placement]++ == 0) first.push_back(&p);
  // Columns as wide as their longest name, and a space at least between them.
  size_t placement_width = 12, unit_width = 12;
  for (const Process* p : first) {
    placement_width = std::max(placement_width, p->placement.size() + 1);
    unit_width = std::max(unit_width, p->unit->name.size() + 1);
  }
  for (const Process* p : first)
    out += fmt::format("  {:<{}}{:<{}}{:<7}II={} depth={}\n", p->placement, placement_width, p->unit->name, unit_width,
                       "x" + std::to_string(instances[p->placement]), p->unit->pipeline.ii, p->unit->pipeline.depth);

  out += "\nchannels:\n";
  std::map<std::string, int> elements;
  std::map<std::string, std::pair<int64_t, int64_t>> depths;  // an array's shallowest and deepest element
  for (const ChannelInstance& c : region.channels) {
    ++elements[c.name];
    auto [it, fresh] = depths.insert({c.name, {c.depth, c.depth}});
    it->second = {std::min(it->second.first, c.depth), std::max(it->second.second, c.depth)};
  }
  std::set<std::string> seen;
  for (const ChannelInstance& c : region.channels) {
    if (!seen.insert(c.name).second) continue;
    const int count = elements[c.name];
    const auto [lo, hi] = depths[c.name];
    // Elements set apart (--depth) show their range; describe --json has each.
    out += fmt::format("  {:<12}{:<7}{:<7}{:<9} {}\n", c.name, "x" + std::to_string(count), c.word.to_string(),
                       "depth " + depth_text(lo, hi), c.carries);
  }

  // One line per memory array: an array of N memories owned by N instances of
  // one placement reads as one fact, not N lines.
  out += "\nmemories:\n";
  std::map<std::string, int> memory_elements;
  for (const MemoryInstance& m : region.memories) ++memory_elements[m.name];
  std::set<std::string> shown;
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
    out += fmt::format("  {:<12}{:<7}{:<17}owned by {}{}\n", m.name, "x" + std::to_string(memory_elements[m.name]),
                       std::to_string(m.rows) + " x " + m.word.to_string(), owners,
                       ", " + std::string(storage_ports(m.storage)));
  }

  out += "\narguments:\n";
  for (const ArgumentInstance& a : region.arguments)
    out += fmt::format("  {:<12}{:<17}{:<16}{}\n", a.name, std::to_string(a.size) + " x " + a.word.to_string(),
                       a.user.valid() ? region.describe(a.user) : std::string("-"), a.doc);
  return out;
}


nlohmann::json describe_json(const Region& region) {
  nlohmann::json j;
  j["region"] = region.name;
  for (const auto& [name, value] : region.params.entries()) j["params"][name] = value;
  j["processes"] = nlohmann::json::array();
  for (const Process& p : region.processes)
    j["processes"].push_back({{"name", p.name()}, {"placement", p.placement}, {"unit", p.unit->name},
                              {"ii", p.unit->pipeline.ii}, {"depth", p.unit->pipeline.depth}});
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
