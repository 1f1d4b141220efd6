// TinyTPU's parameter set as the design declares it: defaults, ranges, the
// memories derived from MAXDIM, and the constraints a build must meet.
// `loom gen-isa --check` holds it to isa_spec.json.
#pragma once

#include "units/built_values.h"
#include "units/parameter_set.h"

namespace loom::tinytpu {

// The array sides this build instantiates (T sets the word widths); `--param T=` picks one.
using BuiltLanes = BuiltValues<4, 8, 16, 32, 64>;
inline constexpr int64_t kDefaultLanes = 4;

const ParameterSet& parameters();

// The same set with T fixed: T sets the width of the words the units pass, so a
// composed region is built for one T.
ParameterSet parameters_for(int64_t t);

}  // namespace loom::tinytpu
