// How a run ends, whichever engine ran it: what each process and channel was
// left at, turned into the SimResult's statistics (run_statistics.h) and, for
// a run that did not complete, its DeadlockReport with the wait-for graph's
// cycles (deadlock_graph.h). The coupled simulator and the trace timer both
// end here, so they report alike.
#pragma once

#include <string>
#include <vector>

#include "compose/region.h"
#include "compose/sim/process_clock.h"
#include "compose/sim/sim_listener.h"
#include "compose/sim/simulator.h"
#include "compose/sim/timed_fifo.h"

namespace loom {

// A process where the run left it.
struct ProcessEnd {
  enum State { ready, blocked, finished, stopped };
  State state = ready;
  int blocked_port = -1;  // when blocked: the stream port it waits on
  bool blocked_on_full = false;
  const ProcessClock* clock = nullptr;
  int64_t steps = 0;
};

// Which watchdog bound process `process` passed: the run's steps, once past
// options.max_steps, else its cycle bound. Both engines word it alike.
std::string watchdog_reason(const Region& region, int process, int64_t run_steps, const SimOptions& options);

// Fills `result`'s statistics, cycles and, if it did not complete, its
// report, from every process (parallel to region.processes) and FIFO
// (parallel to region.channels). A completed outcome with a process not
// finished becomes a deadlock. `tripped` is the process that passed a
// watchdog bound, or -1. The final wait of each blocked process is told to
// `events`, if not null, as its last stall; so is each word still held.
// Requires result.steps and resumes set; leaves arguments alone.
void end_run(const Region& region, const std::vector<ProcessEnd>& processes, const std::vector<const TimedFifo*>& fifos,
             const std::string& watchdog_reason, int tripped, SimListener* events, SimResult& result);

}  // namespace loom
