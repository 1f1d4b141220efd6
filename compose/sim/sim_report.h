// What `loom sim` prints after a run: the outcome, then per unit placement its
// instances' busy and stalled cycles, then per channel array the deepest any of
// its FIFOs got against the declared depth, so a user can size them; and the
// same run as one JSON document (docs/cli.md): every process, every channel
// element, and the deadlock report's processes, channels and cycles.
//
// Both are functions of the finished run, not views that subscribe to it
// (sim_listener.h): everything they print is in the SimResult, which every
// run fills in (docs/architecture.md says why).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "compose/region.h"
#include "compose/sim/simulator.h"

namespace loom {

// `result`, a run of `region`, as `loom sim`'s text: the summary, then the
// units' and the channels' tables (only the summary for a result with no
// process).
std::string sim_report(const Region& region, const SimResult& result);
// ...and as its JSON document (docs/cli.md's schema, without the fields the
// CLI adds: machine, workload, seed, check).
nlohmann::json sim_json(const Region& region, const SimResult& result);

}  // namespace loom
