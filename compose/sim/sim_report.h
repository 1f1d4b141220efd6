// What `loom sim` prints after a run: the outcome, then per unit placement its
// instances' busy and stalled cycles, then per channel array the deepest any of
// its FIFOs got against the declared depth, so a user can size them.
#pragma once

#include <string>

#include "compose/region.h"
#include "compose/sim/simulator.h"

namespace loom {

std::string sim_report(const Region& region, const SimResult& result);

}  // namespace loom
