#include "compose/sim/run_end.h"

#include <algorithm>

#include "compose/sim/control_timing.h"

namespace loom {
namespace {

// Every process not finished, what it waits on, and the wait-for graph's cycles.
DeadlockReport report(const Region& region, const std::vector<ProcessEnd>& processes,
                      const std::vector<const TimedFifo*>& fifos, DeadlockReport::Kind kind,
                      const std::string& watchdog_reason, int tripped) {
  DeadlockReport r;
  r.kind = kind;
  r.watchdog_reason = watchdog_reason;
  r.processes = static_cast<int>(processes.size());
  std::vector<int> waits_on(processes.size(), -1);  // the wait-for graph: out-degree one
  for (size_t id = 0; id < processes.size(); ++id) {
    const ProcessEnd& p = processes[id];
    const Process& decl = region.processes[id];
    if (p.state == ProcessEnd::finished) continue;
    BlockedProcess b;
    b.process = decl.name();
    b.unit = decl.unit->name;
    // From this cycle on, nothing more happens in the process: where its wait
    // begins in the trace, once its last iteration has drained.
    b.cycle = std::max(p.clock->now(), p.clock->finish());
    r.cycle = std::max(r.cycle, b.cycle);
    if (p.clock->stalled_dram() > 0) {
      const int port = p.clock->last_dram_port();
      b.dram_waited = p.clock->stalled_dram();
      b.dram_port = region.port({static_cast<int>(id), port}).name;
      b.dram_argument = region.arguments[static_cast<size_t>(decl.ports[static_cast<size_t>(port)].id)].name;
      b.dram_until = p.clock->last_dram_until();
    }
    if (p.state != ProcessEnd::blocked) {
      b.state = static_cast<int>(id) == tripped ? BlockedProcess::tripped : BlockedProcess::ready;
      r.blocked.push_back(b);
      continue;
    }
    const size_t channel = static_cast<size_t>(decl.ports[static_cast<size_t>(p.blocked_port)].id);
    b.state = p.blocked_on_full ? BlockedProcess::waits_to_write : BlockedProcess::waits_to_read;
    b.port = region.port({static_cast<int>(id), p.blocked_port}).name;
    b.channel = region.channels[channel].label();
    b.waits_on_full = p.blocked_on_full;
    b.occupancy = fifos[channel]->size();
    b.depth = fifos[channel]->depth();
    const Endpoint other = p.blocked_on_full ? region.channels[channel].reader : region.channels[channel].writer;
    if (other.valid()) {
      const ProcessEnd& o = processes[static_cast<size_t>(other.process)];
      b.waits_for = region.processes[static_cast<size_t>(other.process)].name();
      b.waits_for_finished = o.state == ProcessEnd::finished;
      if (o.state == ProcessEnd::blocked) waits_on[id] = other.process;
    }
    r.blocked.push_back(b);
  }
  // Cycles of the wait-for graph, each reported once, from its lowest process id.
  std::vector<int> seen(processes.size(), 0);
  for (size_t start = 0; start < processes.size(); ++start) {
    if (seen[start]) continue;
    std::vector<int> path;
    int at = static_cast<int>(start);
    while (at >= 0 && !seen[static_cast<size_t>(at)]) {
      seen[static_cast<size_t>(at)] = 1;
      path.push_back(at);
      at = waits_on[static_cast<size_t>(at)];
    }
    auto loop = at >= 0 ? std::find(path.begin(), path.end(), at) : path.end();
    if (loop == path.end()) continue;
    std::rotate(loop, std::min_element(loop, path.end()), path.end());
    std::vector<std::string> names;
    for (auto it = loop; it != path.end(); ++it) names.push_back(region.processes[static_cast<size_t>(*it)].name());
    r.wait_cycles.push_back(names);
  }
  return r;
}

}  // namespace

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
    result.report = report(region, processes, fifos,
                           result.outcome == SimResult::deadlock ? DeadlockReport::deadlock : DeadlockReport::watchdog,
                           watchdog_reason, tripped);
  for (size_t id = 0; id < processes.size(); ++id) {
    const ProcessEnd& p = processes[id];
    const Process& decl = region.processes[id];
    ProcessStats s;
    s.name = decl.name();
    s.placement = decl.placement;
    s.unit = decl.unit->name;
    s.finished = p.state == ProcessEnd::finished;
    s.finish = p.clock->finish();
    s.busy = p.clock->busy();
    s.stalled_empty = p.clock->stalled_empty();
    s.stalled_full = p.clock->stalled_full();
    s.stalled_dram = p.clock->stalled_dram();
    s.iterations = p.clock->iterations();
    s.steps = p.steps;
    // A process that never finished waits until the run stopped: its final
    // wait counts as stalled, and is its last stall.
    if (p.state == ProcessEnd::blocked && result.report) {
      const int64_t from = std::max(s.finish, p.clock->now()), until = result.report->cycle + 1;
      (p.blocked_on_full ? s.stalled_full : s.stalled_empty) += until - from;
      if (events != nullptr)
        events->on_stall(id, {p.blocked_on_full ? Interval::wait_full : Interval::wait_empty, from, until, p.blocked_port});
    }
    result.cycles = std::max(result.cycles, s.finish);
    result.processes.push_back(std::move(s));
  }
  // ap_done rises the cycle after the last process is done (control_timing.h).
  if (!processes.empty()) result.cycles += kRegionDone;
  for (size_t c = 0; c < fifos.size(); ++c) {
    const FifoTimes& t = fifos[c]->times;
    result.channels.push_back({region.channels[c].label(), t.depth(), t.writes(), t.max_occupancy(), t.writes() - t.reads()});
    t.report_held();
  }
}

}  // namespace loom
