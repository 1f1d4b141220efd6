// Trace, then time. A functional run executes every body once, at unbounded
// FIFO depths, and records each process's trace (trace.h); the trace timer
// then computes, for any depths, everything the coupled simulator would
// report at them, without running a body again. Under unbounded FIFOs the
// functional run goes past the point where a bounded design deadlocks; the
// timer is what finds that deadlock, with its report.
//
// The timer hands the thread between processes exactly as the coupled
// simulator's scheduler does (each runs until it blocks, in the order they
// became ready), so the two agree on every figure, the watchdog's stops
// included. A trace the functional run could not finish (an error, or a
// watchdog bound passed at unbounded depths) leaves the timer unable to say
// what comes next: it says so, and the trace engine runs the coupled
// simulator instead.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "compose/region.h"
#include "compose/sim/engine.h"
#include "compose/sim/simulator.h"
#include "compose/sim/trace.h"

namespace loom {

// A functional run and its traces.
struct RecordedRun {
  SimResult unbounded;                // the run at unbounded depths: its outputs, cycles and occupancies
  std::vector<ProcessTrace> traces;   // parallel to region.processes

  size_t trace_bytes() const;
};

// Runs the region at unbounded depths, recording. `options.depths` is
// ignored; its listeners are told of the unbounded run. Requires
// check_run(region, inputs, options).ok().
RecordedRun record_run(const Region& region, const Inputs& inputs, const SimOptions& options);

// The run `recorded`'s region makes at options.depths (empty: the declared
// ones), as the coupled simulator would report it; its arguments are the
// functional run's when it completes, and empty otherwise. nullopt where
// the traces cannot tell: the functional run stopped with an error, or some
// process's trace was cut and the timed run reaches its end. Requires options checked against the region as
// check_run does.
// `outcome_only`: only the outcome and the cycles are filled in, for a
// search that asks nothing more (fifo_search.h), and listeners are not told.
std::optional<SimResult> time_trace(const Region& region, const RecordedRun& recorded, const SimOptions& options,
                                    bool outcome_only = false);

}  // namespace loom
