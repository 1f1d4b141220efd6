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

// `unit` with each port array expanded under `params` into `extent` ports,
// and first_slot set; a unit with no port array comes back as it is. `where`
// names what places it, for the errors: unknown-parameter (and the other
// errors of Extent::evaluate) and invalid-extent, an extent below 1.
Result<UnitModel> with_port_slots(const UnitModel& unit, const ParamValues& params, const std::string& where);

}  // namespace loom
