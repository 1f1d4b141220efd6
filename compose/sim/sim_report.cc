#include "compose/sim/sim_report.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <vector>

namespace loom {
namespace {

std::string row(const char* format, auto... values) {
  char line[256];
  std::snprintf(line, sizeof line, format, values...);
  return line;
}

template <class Stats>
std::vector<std::pair<std::string, std::vector<const Stats*>>> group(const std::vector<Stats>& all,
                                                                     auto key) {
  std::vector<std::pair<std::string, std::vector<const Stats*>>> groups;
  std::map<std::string, size_t> where;
  for (const Stats& s : all) {
    auto [it, fresh] = where.emplace(key(s), groups.size());
    if (fresh) groups.push_back({key(s), {}});
    groups[it->second].second.push_back(&s);
  }
  return groups;
}

}  // namespace

std::string sim_report(const Region& region, const SimResult& result) {
  std::string out = result.summary();
  if (result.processes.empty()) return out;
  const int64_t region_cycles = std::max<int64_t>(result.cycles, 1);

  out += "\nunits (cycles summed over instances; utilisation = busy / (instances x region cycles)):\n";
  out += row("  %-12s %-12s %6s %12s %12s %12s %6s\n", "placement", "unit", "inst", "busy", "wait empty",
             "wait full", "util");
  for (const auto& [placement, members] : group(result.processes, [](const ProcessStats& p) { return p.placement; })) {
    int64_t busy = 0, empty = 0, full = 0;
    for (const ProcessStats* p : members) {
      busy += p->busy;
      empty += p->stalled_empty;
      full += p->stalled_full;
    }
    const double util = 100.0 * static_cast<double>(busy) / static_cast<double>(static_cast<int64_t>(members.size()) * region_cycles);
    out += row("  %-12s %-12s %6zu %12lld %12lld %12lld %5.1f%%\n", placement.c_str(), members[0]->unit.c_str(),
               members.size(), static_cast<long long>(busy), static_cast<long long>(empty),
               static_cast<long long>(full), util);
  }

  out += "\nchannels (the deepest any element got, against its depth):\n";
  out += row("  %-12s %6s %12s %10s %6s\n", "channel", "elems", "words", "max occ", "depth");
  for (const auto& [name, members] : group(result.channels, [&](const ChannelStats& c) {
         return region.channels[static_cast<size_t>(&c - result.channels.data())].name;
       })) {
    int64_t words = 0, deepest = 0;
    for (const ChannelStats* c : members) {
      words += c->tokens;
      deepest = std::max(deepest, c->max_occupancy);
    }
    out += row("  %-12s %6zu %12lld %10lld %6lld\n", name.c_str(), members.size(), static_cast<long long>(words),
               static_cast<long long>(deepest), static_cast<long long>(members[0]->depth));
  }
  return out;
}

}  // namespace loom
