// DotTree's gates, one run at a time: a configuration and a seed composed,
// simulated, checked against the reference and conformed three ways. bench
// and stress (commands.cc) are lists of these runs.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "common/status.h"
#include "compose/region.h"
#include "compose/sim/simulator.h"
#include "machines/workload.h"
#include "units/parameter_set.h"

namespace loom::dottree {

struct GateRun {
  std::string name;  // "NUMERICS=1 seed 0"
  bool exact = false;
  int64_t cycles = 0;
  Status failure;  // why it is not exact, each reason a named error
};

// Every check of a completed run's arguments: against the reference (the
// workload's check: mismatch, and under EXACT tap-too-narrow), then the
// reference, the action executor and the bodies three ways (the model's
// errors, such as unit-not-composed, then conform-mismatch).
Status check_run(const Region& region, const Workload& work, const ArgumentContents& simulated);

// One configuration at one seed, simulated under `options`. A failure: the
// configuration's refusal (not-built, a parameter's), sim-incomplete when the
// run did not complete, or check_run's errors.
GateRun gate_run(const Overrides& overrides, uint64_t seed, const SimOptions& options = {});

// The gate's own negative controls, on a ROUNDING run at `seed`: each of its
// taps, S and H, with its last row's first lane replaced by a quiet NaN (or,
// where the reference holds a NaN there, by 1.0) must be refused by
// check_run as a mismatch. Each is exact when it is; else control-accepted
// (or the run's own failure).
std::vector<GateRun> nan_controls(uint64_t seed);

// bench's runs: the default configuration under each numerics, seeds 0 and 1.
std::vector<std::pair<Overrides, uint64_t>> bench_runs();
// stress's: every built configuration at 1, 16 and 37 rows, seeds 0, 1 and 2
// (EXACT's widest sums, ROUNDING's IEEE specials among them).
std::vector<std::pair<Overrides, uint64_t>> stress_runs();

}  // namespace loom::dottree
