// Counts a finished run (run_statistics.h): each process's figures are its
// clock's, each channel's its FIFO's times'.
#include "compose/sim/run_statistics.h"

#include <algorithm>

namespace loom {

ProcessStats process_stats(const Region& region, size_t id, const ProcessEnd& p, const DeadlockReport* report,
                           SimListener* events) {
  const Process& decl = region.processes[id];
  ProcessStats s;
  s.name = decl.name();
  s.placement = decl.placement;
  s.unit = decl.unit->name;
  s.finished = p.state == ProcessEnd::finished;
  s.start = p.clock->start();
  s.finish = p.clock->finish();
  s.busy = p.clock->busy();
  s.stalled_empty = p.clock->stalled_empty();
  s.stalled_full = p.clock->stalled_full();
  s.stalled_dram = p.clock->stalled_dram();
  s.iterations = p.clock->iterations();
  s.steps = p.steps;
  if (p.state == ProcessEnd::blocked && report != nullptr) {
    const int64_t from = std::max(s.finish, p.clock->now()), until = report->cycle + 1;
    (p.blocked_on_full ? s.stalled_full : s.stalled_empty) += until - from;
    if (events != nullptr)
      events->on_stall(id, {p.blocked_on_full ? Interval::wait_full : Interval::wait_empty, from, until, p.blocked_port});
  }
  return s;
}

ChannelStats channel_stats(const Region& region, size_t c, const TimedFifo& fifo) {
  const FifoTimes& t = fifo.times;
  return {region.channels[c].label(), t.depth(), t.writes(), t.max_occupancy(), t.writes() - t.reads()};
}

}  // namespace loom
