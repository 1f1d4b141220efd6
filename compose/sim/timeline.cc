#include "compose/sim/timeline.h"

#include "compose/region.h"
#include "compose/sim/control_timing.h"
#include "compose/sim/simulator.h"

namespace loom {

void Timeline::on_begin(const Region& region) {
  intervals_.assign(region.processes.size(), {});
  words_.assign(region.channels.size(), {});
}

void Timeline::on_end(const SimResult& result) {
  for (size_t p = 0; p < intervals_.size(); ++p) {
    std::vector<Interval> all;
    int64_t cursor = kProcessStart;  // each process's first state
    for (const Interval& stall : intervals_[p]) {
      if (stall.begin > cursor) all.push_back({Interval::busy, cursor, stall.begin});
      all.push_back(stall);
      cursor = stall.end;
    }
    const int64_t finish = result.processes[p].finish;
    if (finish > cursor) all.push_back({Interval::busy, cursor, finish});
    intervals_[p] = std::move(all);
  }
}

}  // namespace loom
