#include "compose/sim/chrome_trace.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <utility>
#include <vector>

namespace loom {
namespace {

// The words held in each channel array over time, as one counter track per
// array: a word is held from its write's cycle to its read's (at one cycle, a
// read's word has left before a write's arrives), summed over the elements.
void occupancy_counters(const Region& region, const Timeline& timeline, nlohmann::json& events) {
  std::map<std::string, std::vector<std::pair<int64_t, int>>> changes;  // array -> (cycle, -1 read / +1 write)
  for (size_t c = 0; c < region.channels.size(); ++c) {
    auto& array = changes[region.channels[c].name];
    for (const auto& [written, read] : timeline.words(c)) {
      array.push_back({written, +1});
      if (read >= 0) array.push_back({read, -1});
    }
  }
  for (auto& [name, list] : changes) {
    std::sort(list.begin(), list.end());
    const std::string track = "words in " + name;
    if (list.empty() || list.front().first > 0)  // the track starts empty at cycle 0
      events.push_back({{"ph", "C"}, {"pid", 0}, {"name", track}, {"ts", 0}, {"args", {{"words", 0}}}});
    int64_t held = 0;
    for (size_t i = 0; i < list.size(); ++i) {
      held += list[i].second;
      if (i + 1 < list.size() && list[i + 1].first == list[i].first) continue;
      events.push_back({{"ph", "C"}, {"pid", 0}, {"name", track}, {"ts", list[i].first}, {"args", {{"words", held}}}});
    }
  }
}

}  // namespace

std::string chrome_trace(const Region& region, const SimResult& result, const Timeline& timeline) {
  using nlohmann::json;
  json events = json::array();
  events.push_back({{"ph", "M"}, {"pid", 0}, {"name", "process_name"}, {"args", {{"name", "region " + region.name}}}});
  for (size_t p = 0; p < result.processes.size(); ++p) {
    const ProcessStats& stats = result.processes[p];
    const int tid = static_cast<int>(p);
    events.push_back({{"ph", "M"}, {"pid", 0}, {"tid", tid}, {"name", "thread_name"},
                      {"args", {{"name", stats.name + " (" + stats.unit + ")"}}}});
    events.push_back({{"ph", "M"}, {"pid", 0}, {"tid", tid}, {"name", "thread_sort_index"}, {"args", {{"sort_index", tid}}}});
    const Process& decl = region.processes[p];
    for (const Interval& i : timeline.intervals(p)) {
      std::string name = "busy";
      json args = json::object();
      if (i.kind == Interval::wait_dram) {
        const auto& target = decl.ports[static_cast<size_t>(i.port)];
        const std::string argument = region.arguments[static_cast<size_t>(target.id)].name;
        name = "wait dram " + argument;
        args = {{"port", decl.unit->ports[static_cast<size_t>(i.port)].label()}, {"argument", argument}};
      } else if (i.kind != Interval::busy) {
        const auto& target = decl.ports[static_cast<size_t>(i.port)];
        const std::string channel = region.channels[static_cast<size_t>(target.id)].label();
        name = std::string(i.kind == Interval::wait_empty ? "wait empty " : "wait full ") + channel;
        args = {{"port", decl.unit->ports[static_cast<size_t>(i.port)].label()}, {"channel", channel}};
      }
      events.push_back({{"ph", "X"}, {"pid", 0}, {"tid", tid}, {"name", name},
                        {"cat", i.kind == Interval::busy ? "busy" : "blocked"}, {"ts", i.begin},
                        {"dur", i.end - i.begin}, {"args", args}});
    }
  }
  occupancy_counters(region, timeline, events);
  return json{{"traceEvents", events}, {"displayTimeUnit", "ns"},
              {"otherData", {{"cycles", result.cycles}, {"region", region.name}}}}
      .dump();
}

}  // namespace loom
