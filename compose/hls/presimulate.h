// The simulation `loom hls` runs before it emits a project (presimulate.cc).
#pragma once

#include <vector>

#include "common/status.h"
#include "compose/hls/project.h"
#include "compose/region.h"

namespace loom::hls {

// Simulates every run at the region's own FIFO depths. Errors: hls-deadlock
// (with the wait-for cycle and the simulator's report), hls-watchdog, the
// run's own errors (ii-over-budget, row-out-of-range, ...), and
// hls-test-mismatch (the region leaves an argument other than the run expects).
Status presimulate(const Region& region, const std::vector<TestRun>& runs);

}  // namespace loom::hls
