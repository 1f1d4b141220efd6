// TinyTPU builds: the spec's defaults with parameters set by name, checked by
// the spec's own ranges and constraints, and a build's values by name.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "common/status.h"
#include "machines/tinytpu/isa_encoding.h"
#include "units/parameter_set.h"

namespace loom::tinytpu {

// Errors: unknown-parameter, parameter-out-of-range, constraint-violated.
Result<isa::Params> build_from(const Overrides& overrides);

// T and MAXDIM set, the rest the defaults; the caller knows it is a build.
isa::Params build_at(int64_t T, int64_t MAXDIM);

// The build a composed region was resolved with.
isa::Params build_of(const ParamValues& values);

// Every value of a build by its spec name, parameters and derived alike.
std::map<std::string, int64_t> values_of(const isa::Params& p);

}  // namespace loom::tinytpu
