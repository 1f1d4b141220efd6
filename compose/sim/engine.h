// The seam between a run's request and the strategy that serves it, in the
// style of XLS's ProcRuntime: an engine takes a composed region, its inputs
// and options, already checked (check_run), and returns the SimResult. Two
// exist: the coupled simulator (simulator.cc), which times every access as a
// body makes it; and trace then time (trace_engine.h). docs/timing.md says
// when each is used.
#pragma once

#include "compose/region.h"
#include "compose/sim/simulator.h"

namespace loom {

class SimEngine {
 public:
  virtual ~SimEngine() = default;
  virtual const char* name() const = 0;
  // Requires check_run(region, inputs, options).ok(). Deterministic: the same
  // request gives the same result, on any host.
  virtual SimResult run(const Region& region, const Inputs& inputs, const SimOptions& options) const = 0;
};

const SimEngine& coupled_engine();
const SimEngine& trace_engine();

}  // namespace loom
