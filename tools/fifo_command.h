// `loom fifo`: the smallest FIFO depths a machine's workload allows, found by
// re-timing its traces (compose/sim/fifo_search.h), as a table or JSON, and
// optionally a depths file that sim, describe, dot and hls take (--depths).
// The search's result is never taken on its word: every run is simulated
// again at the depths found, by the coupled simulator, which shares no
// timing code with the trace timer the search uses.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/status.h"
#include "compose/region.h"
#include "compose/sim/fifo_search.h"
#include "compose/sim/simulator.h"
#include "machines/registry.h"

namespace loom {

struct FifoCommand {
  double tolerance_percent = 0;
  std::string out;  // the depths file to write, or empty
  bool json = false;
};

// What the re-simulation saw: the runs it simulated, their cycles summed.
struct FifoConfirmation {
  size_t runs = 0;
  int64_t cycles = 0;
};

// Simulates every run of `runs` at `search.depths` with the coupled simulator
// and holds it to the search's claims: each run completes, in the cycles the
// search gave it (found_run_cycles), within `tolerance` (a fraction) of its
// unbounded cycles, and the cycles sum to found_cycles. A disagreement is
// fifo-unconfirmed, naming the region, the run and both figures or the outcome.
Result<FifoConfirmation> confirm_fifo_depths(const Region& region, const std::vector<Inputs>& runs,
                                             const FifoSearch& search, double tolerance,
                                             const FifoSearchOptions& options = {});

// Sizes `region`'s FIFOs over `machine`'s testbench runs (hls_extension()),
// and confirms the depths by simulation. Returns the exit code: 0 when depths
// were found and confirmed (and written, if asked); nothing is written when
// the confirmation fails.
int fifo_command(const MachineEntry& machine, const Region& region, const FifoCommand& command);

}  // namespace loom
