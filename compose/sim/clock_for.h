// The clock a process of a composed region starts with, in either engine:
// its unit's pipeline, started at ap_start + kProcessStart, told which ports
// are memories and region arguments, keeping as much stall history as its
// arguments' m_axi latencies need, and its ap_memory arguments' read
// latencies (process_clock.h).
#pragma once

#include <cstddef>

#include "compose/region.h"
#include "compose/sim/control_timing.h"
#include "compose/sim/process_clock.h"
#include "compose/sim/sim_listener.h"

namespace loom {

inline ProcessClock clock_for(const Region& region, int id, SimListener* events) {
  const Process& decl = region.processes[static_cast<size_t>(id)];
  ProcessClock clock(decl.unit->pipeline, static_cast<int>(decl.unit->ports.size()), events, static_cast<size_t>(id),
                     kProcessStart);
  for (size_t k = 0; k < decl.ports.size(); ++k) {
    const Target& t = decl.ports[k];
    if (!t.bound() || t.kind == ObjectKind::channel) continue;
    if (t.kind == ObjectKind::memory) {
      clock.bound_to(static_cast<int>(k), ProcessClock::kMemory);
      clock.memory_read_latency(static_cast<int>(k), read_latency(region.memories[static_cast<size_t>(t.id)].storage));
      continue;
    }
    const ArgumentInstance& a = region.arguments[static_cast<size_t>(t.id)];
    // An ap_memory argument's budget is its RAM's, as a memory's is.
    clock.bound_to(static_cast<int>(k), a.protocol == Protocol::ap_memory ? ProcessClock::kMemory : ProcessClock::kArgument);
    if (a.protocol == Protocol::m_axi) clock.remember_stalls(a.axi.latency);
    if (a.protocol == Protocol::ap_memory) clock.load_latency(static_cast<int>(k), a.ram.latency);
  }
  // LOOM_STAGES, on every element of a declared port array.
  const UnitModel& unit = *decl.unit;
  for (const auto& [port, stage] : unit.stages) {
    const int first = unit.first_slot.empty() ? port : unit.first_slot[static_cast<size_t>(port)];
    const int end = unit.first_slot.empty() ? port + 1 : unit.first_slot[static_cast<size_t>(port) + 1];
    for (int slot = first; slot < end; ++slot) clock.declare_stage(slot, stage);
  }
  // LOOM_COMPUTE likewise.
  for (const auto& [port, cycles] : unit.compute) {
    const int first = unit.first_slot.empty() ? port : unit.first_slot[static_cast<size_t>(port)];
    const int end = unit.first_slot.empty() ? port + 1 : unit.first_slot[static_cast<size_t>(port) + 1];
    for (int slot = first; slot < end; ++slot) clock.compute_latency(slot, cycles);
  }
  return clock;
}

}  // namespace loom
