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

  out += "\nmemories:\n";
  for (const MemoryInstance& m : region.memories)
    out += "  " + pad(m.label(), 12) + pad(std::to_string(m.rows) + " x " + m.word.to_string(), 17) + "owned by " +
           (m.owner.valid() ? region.describe(m.owner) : std::string("nobody")) + "\n";

  out += "\narguments:\n";
  for (const ArgumentInstance& a : region.arguments)
    out += "  " + pad(a.name, 12) + pad(std::to_string(a.size) + " x " + a.word.to_string(), 17) +
           pad(a.user.valid() ? region.describe(a.user) : std::string("-"), 16) + a.doc + "\n";
  return out;
}

}  // namespace loom
