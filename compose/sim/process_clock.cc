#include "compose/sim/process_clock.h"

#include <algorithm>
#include <cassert>

namespace loom {

ProcessClock::ProcessClock(Pipeline pipeline, int ports, bool record_intervals)
    : pipeline_(pipeline), lag_(pipeline.depth - 1), ports_(ports), touched_in_(2 * static_cast<size_t>(ports) + 1, 0),
      record_(record_intervals), issue_(-pipeline.ii) {
  assert(pipeline.ii >= 1 && pipeline.depth >= 1);
}

std::vector<Interval> ProcessClock::intervals() const {
  std::vector<Interval> out;
  int64_t cursor = 0;
  for (const Interval& s : stalls_) {
    if (s.begin > cursor) out.push_back({Interval::busy, cursor, s.begin});
    out.push_back(s);
    cursor = s.end;
  }
  if (finish() > cursor) out.push_back({Interval::busy, cursor, finish()});
  return out;
}

}  // namespace loom
