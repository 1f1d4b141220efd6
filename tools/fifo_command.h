// `loom fifo`: the smallest FIFO depths a machine's workload allows, found by
// re-timing its traces (compose/sim/fifo_search.h), as a table or JSON, and
// optionally a depths file that sim, describe, dot and hls take (--depths).
#pragma once

#include <string>

#include "compose/region.h"
#include "machines/registry.h"

namespace loom {

struct FifoCommand {
  double tolerance_percent = 0;
  std::string out;  // the depths file to write, or empty
  bool json = false;
};

// Sizes `region`'s FIFOs over `machine`'s testbench runs (hls_extension()).
// Returns the exit code: 0
// when depths were found (and written, if asked).
int fifo_command(const MachineEntry& machine, const Region& region, const FifoCommand& command);

}  // namespace loom
