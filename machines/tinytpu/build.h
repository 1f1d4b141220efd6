// TinyTPU builds: a configuration resolved by the machine's one parameter set
// (parameters.h, which `gen-isa --check` holds to the spec), as the composed
// region resolves it, so every command gives the same answer to the same
// --param; and a build's values by name.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "common/status.h"
#include "machines/tinytpu/isa_encoding.h"
#include "units/parameter_set.h"

namespace loom::tinytpu {

// Errors: not-built (a T this binary has no words for), and the parameter
// set's: unknown-parameter, duplicate-override, parameter-out-of-range,
// derived-parameter, constraint-violated.
Result<isa::Params> build_from(const Overrides& overrides);

// Errors: program-too-long, when the program and its header words do not fit
// the build's IMEM_WORDS.
Status check_fits(int64_t program_words, const isa::Params& p);

// T and MAXDIM set, the rest the defaults; the caller knows it is a build.
isa::Params build_at(int64_t T, int64_t MAXDIM);

// The build a composed region was resolved with.
isa::Params build_of(const ParamValues& values);

// Every value of a build by its spec name, parameters and derived alike.
std::map<std::string, int64_t> values_of(const isa::Params& p);

}  // namespace loom::tinytpu
