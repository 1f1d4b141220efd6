// A simulation's busy and blocked intervals as Chrome trace-event JSON, which
// Perfetto (ui.perfetto.dev) and chrome://tracing open: one track per process,
// one cycle shown as one microsecond.
#pragma once

#include <string>

#include "compose/region.h"
#include "compose/sim/simulator.h"

namespace loom {

std::string chrome_trace(const Region& region, const SimResult& result);

}  // namespace loom
