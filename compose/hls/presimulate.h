// The simulation `loom hls` runs before it emits a project (presimulate.cc).
#pragma once

#include <vector>

#include "common/status.h"
#include "compose/hls/project.h"
#include "compose/region.h"

namespace loom::hls {

// Simulates every run at the region's own FIFO depths, and returns the runs
// the testbench is emitted with. A run that expects no output, of a region
// whose outputs a non-blocking access reaches (detail::simulated_reference,
// emit_internal.h), has no
// plain C++ reference to expect: it is returned with every argument a process
// writes expected as the simulation left it, and expected_simulated set.
// Every other run is returned as given. Errors, each naming the run:
// hls-deadlock (with the wait-for cycle and the simulator's report),
// hls-watchdog, the run's own errors (ii-over-budget, row-out-of-range, ...),
// and hls-test-mismatch (the region leaves an argument other than the run
// expects).
Result<std::vector<TestRun>> presimulate(const Region& region, const std::vector<TestRun>& runs);

}  // namespace loom::hls
