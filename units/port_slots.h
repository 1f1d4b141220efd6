// A unit's ports as a composed region holds them: a port array (LOOM_READS_ARRAY,
// LOOM_WRITES_ARRAY) becomes one port an element once its extent is known, so
// that every backend sees one channel a port, and a body's `in[i]` finds its
// element through UnitModel::slot().
#pragma once

#include <string>

#include "common/status.h"
#include "units/parameter_set.h"
#include "units/unit_model.h"

namespace loom {

// The most elements a port array may have. Each is a port of every instance
// and a stream argument of its emitted process; beyond this is a typo in an
// extent, and expanding it would exhaust memory before any error said so.
inline constexpr int64_t kMaxPortArrayElements = 4096;

// `unit` with each port array expanded under `params` into `extent` ports,
// and first_slot set; a unit with no port array comes back as it is. `where`
// names what places it, for the errors: unknown-parameter (and the other
// errors of Extent::evaluate), invalid-extent, an extent below 1 or above kMaxPortArrayElements, and
// duplicate-name, a single port named as an element is in emitted code (in_1 beside in[1]).
Result<UnitModel> with_port_slots(const UnitModel& unit, const ParamValues& params, const std::string& where);

}  // namespace loom
