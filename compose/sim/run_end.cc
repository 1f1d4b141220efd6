// How either engine's run ends (run_end.h): the outcome settled, then the
// report (deadlock_graph.h) and the statistics (run_statistics.h) built from
// where the processes and FIFOs were left.
#include "compose/sim/run_end.h"

#include <algorithm>

#include "compose/sim/control_timing.h"
#include "compose/sim/deadlock_graph.h"
#include "compose/sim/run_statistics.h"

namespace loom {

std::string watchdog_reason(const Region& region, int process, int64_t run_steps, const SimOptions& options) {
  if (run_steps > options.max_steps) return "more than " + std::to_string(options.max_steps) + " steps";
  return region.processes[static_cast<size_t>(process)].name() + " passed cycle " + std::to_string(options.max_cycles);
}

void end_run(const Region& region, const std::vector<ProcessEnd>& processes, const std::vector<const TimedFifo*>& fifos,
             const std::string& watchdog_reason, int tripped, SimListener* events, SimResult& result) {
  const bool all_finished = std::all_of(processes.begin(), processes.end(),
                                        [](const ProcessEnd& p) { return p.state == ProcessEnd::finished; });
  if (result.outcome == SimResult::completed && !all_finished) result.outcome = SimResult::deadlock;
  if (result.outcome == SimResult::deadlock || result.outcome == SimResult::watchdog)
    result.report = make_deadlock_report(
        region, processes, fifos, result.outcome == SimResult::deadlock ? DeadlockReport::deadlock : DeadlockReport::watchdog,
        watchdog_reason, tripped);
  const DeadlockReport* report = result.report ? &*result.report : nullptr;
  for (size_t id = 0; id < processes.size(); ++id) {
    result.processes.push_back(process_stats(region, id, processes[id], report, events));
    result.cycles = std::max(result.cycles, result.processes.back().finish);
  }
  // ap_done rises the cycle after the last process is done (control_timing.h).
  if (!processes.empty()) result.cycles += region_done(region.control);
  for (size_t c = 0; c < fifos.size(); ++c) {
    result.channels.push_back(channel_stats(region, c, *fifos[c]));
    fifos[c]->times.report_held();
  }
}

}  // namespace loom
