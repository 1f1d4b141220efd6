// What the simulator tests do to an Architecture: compose it, then simulate
// the region (the simulator itself takes only a composed Region).
#pragma once

#include "compose/architecture.h"
#include "compose/sim/simulator.h"

namespace loom::test {

inline Result<SimResult> compose_and_simulate(const Architecture& architecture, const Inputs& inputs = {},
                                              const SimOptions& options = {}) {
  auto region = architecture.compose();
  if (!region.ok()) return region.status();
  return simulate(region.value(), inputs, options);
}

}  // namespace loom::test
