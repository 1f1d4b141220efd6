// The smallest FIFO depths a workload allows: for every channel, the least
// depth at which no run of the workload deadlocks and none takes more than
// `tolerance` more cycles than it does with unbounded FIFOs. Each run is
// executed once, recording (trace_engine.h); every depth assignment tried
// after is a re-timing of those traces, never a simulation.
//
// The search keeps a passing assignment at all times and only takes a change
// it has re-timed, so what it returns passes by construction. From each
// channel's greatest occupancy at unbounded depths (raised until it passes),
// it halves every channel's interval at once: all channels' midpoints are
// tried together, and a group that fails is split in two and each half tried
// again (group testing), down to single channels, the likeliest failures
// (most words held unbounded for their depth) kept together. Cycles need not fall as
// depths grow (a FIFO of depth 2 or less, of 1024 bits or less, is a faster
// shift register: fifo_timing.h), so the result is a local minimum: no
// channel can go lower alone to a tried depth.
// The search times only the critical runs (those some assignment failed),
// and holds each result to every run, starting over with any that fails it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/status.h"
#include "compose/region.h"
#include "compose/sim/simulator.h"

namespace loom {

struct FifoSearchOptions {
  double tolerance = 0;  // a fraction: 0.05 lets each run take 5% more cycles than unbounded
  int64_t max_cycles = SimOptions{}.max_cycles, max_steps = SimOptions{}.max_steps;
};

struct ChannelSizing {
  std::string label;          // "wq[3]"
  int bits = 0;               // a word's width
  int64_t declared = 0;       // the region's depth
  int64_t unbounded_max = 0;  // the most words it held in any run at unbounded depths
  int64_t found = 0;          // the smallest depth found
};

struct FifoSearch {
  std::vector<ChannelSizing> channels;  // parallel to region.channels
  std::vector<int64_t> depths;          // the depths found, likewise
  // Summed over the runs: with unbounded FIFOs, at the declared depths, and
  // at the depths found. A run the declared depths deadlock counts in
  // declared_deadlocks, not in declared_cycles.
  int64_t unbounded_cycles = 0, declared_cycles = 0, found_cycles = 0;
  // Each run's, parallel to the runs: what found_cycles and unbounded_cycles
  // sum, and what `loom fifo` holds a re-simulation of each run to.
  std::vector<int64_t> unbounded_run_cycles, found_run_cycles;
  int declared_deadlocks = 0;
  int64_t retimings = 0;  // depth assignments timed, each over the runs it needed
  int64_t run_retimings = 0;  // single runs timed
  int64_t steps = 0;          // the workload's accesses, over its runs
  size_t trace_bytes = 0;     // the traces' size, over the runs
  double record_seconds = 0, search_seconds = 0;
};

// Sizes `region`'s FIFOs for `runs`, each a run's inputs. Errors:
// fifo-no-runs; unbounded-run (a run that does not complete even with
// unbounded FIFOs: what fails it is no depth's fault, and is named);
// fifo-no-depth (no depths up to kMaxFifoDepth let every run complete within
// the tolerance; cannot happen for a run that completes unbounded, but is
// checked); and simulate()'s input errors.
Result<FifoSearch> search_fifo_depths(const Region& region, const std::vector<Inputs>& runs,
                                      const FifoSearchOptions& options = {});

}  // namespace loom
