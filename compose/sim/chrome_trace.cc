#include "compose/sim/chrome_trace.h"

#include <nlohmann/json.hpp>

namespace loom {

std::string chrome_trace(const Region& region, const SimResult& result) {
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
    for (const Interval& i : stats.intervals) {
      std::string name = "busy";
      json args = json::object();
      if (i.kind != Interval::busy) {
        const auto& target = decl.ports[static_cast<size_t>(i.port)];
        const std::string channel = region.channels[static_cast<size_t>(target.id)].label();
        name = std::string(i.kind == Interval::wait_empty ? "wait empty " : "wait full ") + channel;
        args = {{"port", decl.unit->ports[static_cast<size_t>(i.port)].name}, {"channel", channel}};
      }
      events.push_back({{"ph", "X"}, {"pid", 0}, {"tid", tid}, {"name", name},
                        {"cat", i.kind == Interval::busy ? "busy" : "blocked"}, {"ts", i.begin},
                        {"dur", i.end - i.begin}, {"args", args}});
    }
  }
  return json{{"traceEvents", events}, {"displayTimeUnit", "ns"},
              {"otherData", {{"cycles", result.cycles}, {"region", region.name}}}}
      .dump();
}

}  // namespace loom
