#include "compose/describe.h"

#include <map>
#include <set>

namespace loom {
namespace {

std::string pad(std::string s, size_t width) {
  if (s.size() < width) s.append(width - s.size(), ' ');
  return s;
}

}  // namespace

std::string describe(const Region& region) {
  std::string out = region.summary();

  out += "\nunits:\n";
  std::map<std::string, int> instances;
  std::vector<const Process*> first;
  for (const Process& p : region.processes)
    if (instances[p.placement]++ == 0) first.push_back(&p);
  for (const Process* p : first)
    out += "  " + pad(p->placement, 12) + pad(p->unit->name, 12) + pad("x" + std::to_string(instances[p->placement]), 7) +
           "II=" + std::to_string(p->unit->pipeline.ii) + " depth=" + std::to_string(p->unit->pipeline.depth) + "\n";

  out += "\nchannels:\n";
  std::map<std::string, int> elements;
  for (const ChannelInstance& c : region.channels) ++elements[c.name];
  std::set<std::string> seen;
  for (const ChannelInstance& c : region.channels) {
    if (!seen.insert(c.name).second) continue;
    const int count = elements[c.name];
    out += "  " + pad(c.name, 12) + pad("x" + std::to_string(count), 7) + pad(c.word.to_string(), 7) + pad("depth " + std::to_string(c.depth), 10) +
           c.carries + "\n";
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
    out += "  " + pad(m.name, 12) + pad("x" + std::to_string(memory_elements[m.name]), 7) +
           pad(std::to_string(m.rows) + " x " + m.word.to_string(), 17) + "owned by " + owners + "\n";
  }

  out += "\narguments:\n";
  for (const ArgumentInstance& a : region.arguments)
    out += "  " + pad(a.name, 12) + pad(std::to_string(a.size) + " x " + a.word.to_string(), 17) +
           pad(a.user.valid() ? region.describe(a.user) : std::string("-"), 16) + a.doc + "\n";
  return out;
}

}  // namespace loom
