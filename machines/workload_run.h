// One run of a machine's workload, written once for every caller: `loom sim`,
// `bench`, the gates and the demo compose the region, draw the workload,
// simulate it and check its outputs through these two functions.
#pragma once

#include <string>

#include "common/status.h"
#include "compose/architecture.h"
#include "compose/sim/simulator.h"
#include "machines/workload.h"

namespace loom {

// The region `architecture` composes for `overrides`: its error, or
// Architecture::compose()'s.
Result<Region> compose_for(const Result<Architecture>& architecture, const Overrides& overrides);

struct WorkloadRun {
  SimResult sim;
  // Empty when the run completed and the workload's check found every output
  // as the reference has it. Else sim-incomplete (the run stopped: a deadlock
  // or a watchdog, its summary) or the check's mismatches.
  Status check;
  bool exact() const { return sim.ok() && check.ok(); }
};

// Simulates `work` on `region` under `options` and checks the outputs;
// `where` names the run in a sim-incomplete error ("seed 0", "run 'gemm'").
// Errors: what simulate() refuses before running (bad inputs, options or
// depths). A run that starts is a WorkloadRun, complete or not.
Result<WorkloadRun> run_workload(const Region& region, const Workload& work, const std::string& where,
                                 const SimOptions& options = {});

}  // namespace loom
