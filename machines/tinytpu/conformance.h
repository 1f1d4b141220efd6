// Holds TinyTPU's design to its spec, from the design's end: the constants the
// units are written with (design.h) and the parameter set (parameters.h), by
// value under several builds; and the derived properties, recomputed from the
// spec and confirmed against the assembler and the parameter set:
//   - each restricted operand's legal-trip frontier (mm.acc: 2 k-tiles, not 3);
//   - the AGU budget: as many terms as the spec allows, and not one more;
//   - each MAXDIM ceiling at T=4 and T=8: the build's (parameter set) and the
//     program's (the cubic GEMM's accu header), told apart by where they refuse.
#pragma once

#include "common/status.h"
#include "spec/constants.h"
#include "spec/isa_spec.h"

namespace loom::tinytpu {

// The design's hand-written constants, keyed as spec::constants() keys them.
// Errors: the parameter set refuses `build`.
Result<spec::Constants> design_constants(const std::map<std::string, int64_t>& build);

// Every disagreement, each naming the constant or the property.
Status check_design(const spec::IsaSpec& spec);

}  // namespace loom::tinytpu
