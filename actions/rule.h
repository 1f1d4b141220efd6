// The one-sided rule: it refuses only what it can disprove, each refusal a
// named error, and confirms nothing. What an accepted machine still rests on
// comes back as obligations.
//
// Refusals: unused-value (a value no action takes, or none takes under an
// operand value it is made under), value-never-made, unknown-unit, unknown-port, unknown-state, unknown-channel,
// unknown-operand (a `when` or a row base naming no operand of the
// instruction), value-before-produced, fold-width (a fold's leaf count against
// the lanes of the channel its value arrived on), over-rate (a non-elastic
// unit whose rate exceeds its ii), negative-latency (an `at` below 0),
// unnamed-output and duplicate-output (an action's outputs are named, once each).
#pragma once

#include <vector>

#include "actions/machine.h"
#include "common/status.h"

namespace loom::actions {

// The machine's declared claims, plus one reassociation obligation per fold or
// mac action (however many outputs it has): discharged under exact numerics,
// open under rounding.
Result<std::vector<Obligation>> check(const Machine& m);

}  // namespace loom::actions
