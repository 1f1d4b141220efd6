// The report of a run that stopped before every process finished
// (deadlock_report.h), built from where each process and FIFO was left:
// every unfinished process and what it waits on, and the cycles of the
// wait-for graph, in which each process blocked on a channel points at the
// blocked process at the channel's other end. Either engine's run is
// reported here, through end_run (run_end.h).
#pragma once

#include <string>
#include <vector>

#include "compose/region.h"
#include "compose/sim/deadlock_report.h"
#include "compose/sim/run_end.h"
#include "compose/sim/timed_fifo.h"

namespace loom {

// The report of a `kind` stop, for `watchdog_reason` (empty for a deadlock).
// `processes` is parallel to region.processes, `fifos` to region.channels;
// `tripped` is the process that passed a watchdog bound, or -1. Its cycle is
// the latest any unfinished process did anything; its wait cycles are each
// listed once, from its lowest process id.
DeadlockReport make_deadlock_report(const Region& region, const std::vector<ProcessEnd>& processes,
                                    const std::vector<const TimedFifo*>& fifos, DeadlockReport::Kind kind,
                                    const std::string& watchdog_reason, int tripped);

}  // namespace loom
