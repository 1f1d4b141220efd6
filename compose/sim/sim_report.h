// What `loom sim` prints after a run: the outcome, then per unit placement its
// instances' busy and stalled cycles, then per channel array the deepest any of
// its FIFOs got against the declared depth, so a user can size them; and the
// same run as one JSON document (docs/cli.md): every process, every channel
// element, and the deadlock report's processes, channels and cycles.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "compose/region.h"
#include "compose/sim/simulator.h"

namespace loom {

std::string sim_report(const Region& region, const SimResult& result);
nlohmann::json sim_json(const Region& region, const SimResult& result);

}  // namespace loom
