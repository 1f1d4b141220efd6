// A finished run's statistics (SimResult::processes and channels), from where
// each process and FIFO was left: each process's busy and stalled cycles,
// iterations and steps; each channel's words, peak and what it still holds.
// Either engine's run is counted here, through end_run (run_end.h).
#pragma once

#include <cstddef>

#include "compose/region.h"
#include "compose/sim/deadlock_report.h"
#include "compose/sim/run_end.h"
#include "compose/sim/sim_listener.h"
#include "compose/sim/simulator.h"
#include "compose/sim/timed_fifo.h"

namespace loom {

// Region process `id`'s statistics, where the run left it as `p`. `report` is
// the stopped run's, or null for one that completed: a process left blocked
// waits until the run stopped, so that final wait, up to report->cycle + 1,
// counts as stalled and is told to `events`, if not null, as its last stall.
ProcessStats process_stats(const Region& region, size_t id, const ProcessEnd& p, const DeadlockReport* report,
                           SimListener* events);

// Region channel `c`'s statistics, from its FIFO as the run left it.
ChannelStats channel_stats(const Region& region, size_t c, const TimedFifo& fifo);

}  // namespace loom
