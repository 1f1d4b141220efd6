// Builds a stopped run's DeadlockReport (deadlock_graph.h): one BlockedProcess
// for each process that did not finish, then the wait-for graph's cycles, and
// which processes cause the stop.
#include "compose/sim/deadlock_graph.h"

#include <algorithm>
#include <cassert>

namespace loom {
namespace {

// Process `id`'s last wait on a region argument's m_axi interface, if it
// waited on one at all: how long in all, and the last wait's argument, port
// and end.
void note_dram_wait(const Region& region, size_t id, const ProcessClock& clock, BlockedProcess& b) {
  if (clock.stalled_dram() == 0) return;
  const Process& decl = region.processes[id];
  const int port = clock.last_dram_port();
  b.dram_waited = clock.stalled_dram();
  b.dram_port = region.port({static_cast<int>(id), port}).label();
  b.dram_argument = region.arguments[static_cast<size_t>(decl.ports[static_cast<size_t>(port)].id)].name;
  b.dram_until = clock.last_dram_until();
}

// Unfinished process `id` as the report names it: where it stopped, and, if
// it waits on a channel, the channel's fill and the process at its other
// end. Sets `waits_on` to that process when it is blocked too (an edge of
// the wait-for graph), and leaves it alone otherwise. Marks it a knock-on
// (not a cause) when that process did not finish; wait_cycles makes a cause
// again of each one on a cycle.
BlockedProcess blocked_process(const Region& region, const std::vector<ProcessEnd>& processes,
                               const std::vector<const TimedFifo*>& fifos, size_t id, int tripped, int& waits_on) {
  const ProcessEnd& p = processes[id];
  const Process& decl = region.processes[id];
  assert(p.state != ProcessEnd::finished);
  BlockedProcess b;
  b.process = decl.name();
  b.unit = decl.unit->name;
  // From this cycle on, nothing more happens in the process: where its wait
  // begins in the trace, once its last iteration has drained.
  b.cycle = std::max(p.clock->now(), p.clock->finish());
  note_dram_wait(region, id, *p.clock, b);
  if (p.state != ProcessEnd::blocked) {
    b.state = static_cast<int>(id) == tripped ? BlockedProcess::tripped : BlockedProcess::ready;
    return b;
  }
  const size_t channel = static_cast<size_t>(decl.ports[static_cast<size_t>(p.blocked_port)].id);
  b.state = p.blocked_on_full ? BlockedProcess::waits_to_write : BlockedProcess::waits_to_read;
  b.port = region.port({static_cast<int>(id), p.blocked_port}).label();
  b.channel = region.channels[channel].label();
  b.waits_on_full = p.blocked_on_full;
  b.occupancy = fifos[channel]->size();
  b.depth = fifos[channel]->depth();
  const Endpoint other = p.blocked_on_full ? region.channels[channel].reader : region.channels[channel].writer;
  if (other.valid()) {
    const ProcessEnd& o = processes[static_cast<size_t>(other.process)];
    b.waits_for = region.processes[static_cast<size_t>(other.process)].name();
    b.waits_for_finished = o.state == ProcessEnd::finished;
    b.cause = b.waits_for_finished;
    if (o.state == ProcessEnd::blocked) waits_on = other.process;
  }
  return b;
}

// The cycles of the wait-for graph `waits_on` (out-degree one: each process's
// successor, or -1), as process names, each once, from its lowest process id.
// Sets on_cycle[id] for each process on one.
std::vector<std::vector<std::string>> wait_cycles(const Region& region, const std::vector<int>& waits_on,
                                                  std::vector<char>& on_cycle) {
  std::vector<std::vector<std::string>> cycles;
  std::vector<int> seen(waits_on.size(), 0);
  for (size_t start = 0; start < waits_on.size(); ++start) {
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
    for (auto it = loop; it != path.end(); ++it) {
      names.push_back(region.processes[static_cast<size_t>(*it)].name());
      on_cycle[static_cast<size_t>(*it)] = 1;
    }
    cycles.push_back(names);
  }
  return cycles;
}

}  // namespace

DeadlockReport make_deadlock_report(const Region& region, const std::vector<ProcessEnd>& processes,
                                    const std::vector<const TimedFifo*>& fifos, DeadlockReport::Kind kind,
                                    const std::string& watchdog_reason, int tripped) {
  DeadlockReport r;
  r.kind = kind;
  r.watchdog_reason = watchdog_reason;
  r.processes = static_cast<int>(processes.size());
  std::vector<int> waits_on(processes.size(), -1);
  std::vector<size_t> ids;  // parallel to r.blocked
  for (size_t id = 0; id < processes.size(); ++id) {
    if (processes[id].state == ProcessEnd::finished) continue;
    r.blocked.push_back(blocked_process(region, processes, fifos, id, tripped, waits_on[id]));
    ids.push_back(id);
    r.cycle = std::max(r.cycle, r.blocked.back().cycle);
  }
  std::vector<char> on_cycle(processes.size(), 0);
  r.wait_cycles = wait_cycles(region, waits_on, on_cycle);
  for (size_t i = 0; i < ids.size(); ++i)
    if (on_cycle[ids[i]]) r.blocked[i].cause = true;
  return r;
}

}  // namespace loom
