// What the simulator tests do to an Architecture: compose it, then simulate
// the region (the simulator itself takes only a composed Region).
#pragma once

#include <catch2/catch.hpp>

#include "compose/architecture.h"
#include "compose/sim/simulator.h"
#include "compose/sim/timeline.h"

namespace loom::test {

inline Result<SimResult> compose_and_simulate(const Architecture& architecture, const Inputs& inputs = {},
                                              const SimOptions& options = {}) {
  auto region = architecture.compose();
  if (!region.ok()) return region.status();
  return simulate(region.value(), inputs, options);
}

// A run on `engine` that `timeline` watches, which must compose and complete:
// what a closed-form test reads each word's cycles from.
inline SimResult watched_run(const Architecture& architecture, SimOptions::Engine engine, Timeline& timeline) {
  SimOptions options;
  options.engine = engine;
  options.listeners = {&timeline};
  auto r = compose_and_simulate(architecture, {}, options);
  REQUIRE(r.ok());
  INFO(r.value().summary());
  REQUIRE(r.value().ok());
  return r.value();
}

}  // namespace loom::test
