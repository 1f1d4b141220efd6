#include "compose/sim/process_clock.h"

#include <algorithm>
#include <cassert>

namespace loom {

ProcessClock::ProcessClock(Pipeline pipeline, int ports, bool record_intervals)
    : pipeline_(pipeline), touched_in_(static_cast<size_t>(ports), 0), record_(record_intervals) {
  assert(pipeline.ii >= 1 && pipeline.depth >= 1);
}

void ProcessClock::touch(int port) {
  int64_t& last = touched_in_[static_cast<size_t>(port)];
  if (iterations_ == 0) {
    iterations_ = 1;
  } else if (last == iterations_) {
    issue_ += pipeline_.ii;
    ++iterations_;
  }
  last = iterations_;
}

void ProcessClock::stall(Interval::Kind kind, int port, int64_t until) {
  if (until <= issue_) return;
  stalled_[kind] += until - issue_;
  if (record_) stalls_.push_back({kind, issue_, until, port});
  issue_ = until;
}

int64_t ProcessClock::read(int port, int64_t written) {
  touch(port);
  stall(Interval::wait_empty, port, written + kChannelLatency);
  finish_ = std::max(finish_, issue_ + 1);
  return issue_;
}

int64_t ProcessClock::write(int port, int64_t freed) {
  touch(port);
  const int64_t lag = pipeline_.depth - 1;
  stall(Interval::wait_full, port, freed - lag);
  finish_ = std::max(finish_, issue_ + lag + 1);
  return issue_ + lag;
}

std::vector<Interval> ProcessClock::intervals() const {
  std::vector<Interval> out;
  int64_t cursor = 0;
  for (const Interval& s : stalls_) {
    if (s.begin > cursor) out.push_back({Interval::busy, cursor, s.begin});
    out.push_back(s);
    cursor = s.end;
  }
  if (finish_ > cursor) out.push_back({Interval::busy, cursor, finish_});
  return out;
}

}  // namespace loom
