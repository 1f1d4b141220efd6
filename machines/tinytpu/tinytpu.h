// TinyTPU composed from its eight units: a sequencer, one-way DMA in and out, a
// SIMD scratchpad, operand vregs, a TxT weight-stationary array of weight
// loaders and MACs, and an accumulator with a vector ALU. 2*T*T + 6 processes.
// It runs any program the assembler accepts, bit-exactly against the reference
// model.
#pragma once

#include <cstdint>
#include <functional>

#include "common/status.h"
#include "compose/architecture.h"
#include "compose/region.h"
#include "machines/tinytpu/assembler.h"
#include "machines/tinytpu/reference.h"
#include "machines/tinytpu/parameters.h"
#include "machines/workload.h"

namespace loom::tinytpu {

// The design at the build `overrides` name. Errors: not-built (a T with no
// built lane count), and a T that is not a number.
Result<Architecture> architecture(const Overrides& overrides);

// What composes an architecture: the design, or a test's variant of it
// (variants.h), for the gates to run.
using Compose = std::function<Result<Architecture>(const Overrides&)>;

// The ISA build a composed region implements: its parameters, for the assembler
// and the reference model.
isa::Params isa_params(const Region& region);

// Inputs for `region` that run `program` from `initial` (A, B and C's prefill),
// and a check of all of C against the reference model run from the same state.
// Errors: program-too-long (it does not fit IMEM_WORDS), build-mismatch (the
// program was assembled for another build).
// `reference`, if given, receives the reference model's final state.
Result<Workload> program_workload(const Region& region, const Assembled& program, const IsaState& initial,
                                  IsaState* reference = nullptr);

// `loom sim`'s workload: a MAXDIM-cubed GEMM with ReLU on full-range operands.
Result<Workload> default_workload(const Region& region, uint64_t seed);

}  // namespace loom::tinytpu
