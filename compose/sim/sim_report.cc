#include "compose/sim/sim_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <vector>

namespace loom {
namespace {

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
  out += "(a step is one channel, memory or argument access by one process; the cycles run from ap_start to\n"
         " ap_done, and leave out the s_axilite programming around the kernel: docs/timing.md)\n";
  const int64_t region_cycles = std::max<int64_t>(result.cycles, 1);

  out += "\nunits (cycles summed over instances; utilisation = busy / (instances x region cycles)):\n";
  out += fmt::format("  {:<12} {:<12} {:>6} {:>12} {:>12} {:>12} {:>12} {:>6}\n", "placement", "unit", "inst", "busy",
                     "wait empty", "wait full", "wait dram", "util");
  for (const auto& [placement, members] : group(result.processes, [](const ProcessStats& p) { return p.placement; })) {
    int64_t busy = 0, empty = 0, full = 0, dram = 0;
    for (const ProcessStats* p : members) {
      busy += p->busy;
      empty += p->stalled_empty;
      full += p->stalled_full;
      dram += p->stalled_dram;
    }
    const double util = 100.0 * static_cast<double>(busy) / static_cast<double>(static_cast<int64_t>(members.size()) * region_cycles);
    out += fmt::format("  {:<12} {:<12} {:>6} {:>12} {:>12} {:>12} {:>12} {:>5.1f}%\n", placement, members[0]->unit,
                       members.size(), busy, empty, full, dram, util);
  }

  out += "\nchannels (the deepest any element got, against its depth):\n";
  out += fmt::format("  {:<12} {:>6} {:>12} {:>10} {:>6}\n", "channel", "elems", "words", "max occ", "depth");
  for (const auto& [name, members] : group(result.channels, [&](const ChannelStats& c) {
         return region.channels[static_cast<size_t>(&c - result.channels.data())].name;
       })) {
    int64_t words = 0, fullest = 0, shallowest = INT64_MAX, deepest = 0;
    for (const ChannelStats* c : members) {
      words += c->tokens;
      fullest = std::max(fullest, c->max_occupancy);
      shallowest = std::min(shallowest, c->depth);
      deepest = std::max(deepest, c->depth);
    }
    out += fmt::format("  {:<12} {:>6} {:>12} {:>10} {:>6}\n", name, members.size(), words, fullest,
                       depth_text(shallowest, deepest));
  }
  return out;
}

nlohmann::json sim_json(const Region& region, const SimResult& result) {
  static const char* const outcomes[] = {"completed", "deadlock", "watchdog", "error"};
  nlohmann::json j;
  j["region"] = region.name;
  for (const auto& [name, value] : region.params.entries()) j["params"][name] = value;
  j["outcome"] = outcomes[result.outcome];
  j["cycles"] = result.cycles;
  j["steps"] = result.steps;
  j["words_left"] = result.words_left();
  j["processes"] = nlohmann::json::array();
  for (const ProcessStats& p : result.processes)
    j["processes"].push_back({{"name", p.name}, {"placement", p.placement}, {"unit", p.unit}, {"finished", p.finished},
                              {"finish", p.finish}, {"busy", p.busy}, {"stalled_empty", p.stalled_empty},
                              {"stalled_full", p.stalled_full}, {"stalled_dram", p.stalled_dram},
                              {"iterations", p.iterations}, {"steps", p.steps}});
  j["channels"] = nlohmann::json::array();
  for (const ChannelStats& c : result.channels)
    j["channels"].push_back(
        {{"name", c.label}, {"depth", c.depth}, {"tokens", c.tokens}, {"max_occupancy", c.max_occupancy}, {"left", c.left}});
  j["errors"] = nlohmann::json::array();
  for (const Error& e : result.errors.errors())
    j["errors"].push_back({{"kind", e.kind}, {"where", e.where}, {"message", e.message}});
  if (result.report) {
    const DeadlockReport& r = *result.report;
    nlohmann::json d;
    d["kind"] = r.kind == DeadlockReport::deadlock ? "deadlock" : "watchdog";
    d["watchdog_reason"] = r.watchdog_reason;
    d["polls"] = r.polls;
    d["cycle"] = r.cycle;
    d["blocked"] = nlohmann::json::array();
    for (const BlockedProcess& b : r.blocked)
      d["blocked"].push_back({{"process", b.process}, {"unit", b.unit}, {"state", to_string(b.state)}, {"port", b.port},
                              {"channel", b.channel}, {"waits_on_full", b.waits_on_full}, {"occupancy", b.occupancy},
                              {"depth", b.depth}, {"waits_for", b.waits_for},
                              {"waits_for_finished", b.waits_for_finished}, {"cause", b.cause}, {"cycle", b.cycle},
                              {"dram_waited", b.dram_waited}, {"dram_argument", b.dram_argument},
                              {"dram_port", b.dram_port}, {"dram_until", b.dram_until}});
    d["wait_cycles"] = r.wait_cycles;
    j["deadlock"] = d;
  } else {
    j["deadlock"] = nullptr;
  }
  return j;
}

}  // namespace loom
