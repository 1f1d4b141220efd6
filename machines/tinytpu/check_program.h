// check_program: walks a program's exact dynamic trace (there is no
// data-dependent control flow, so the walk is exact, not conservative) and
// rejects what the hardware would get wrong or hang on. Each error names the
// static instruction, the loop iteration and the rows.
//
// Errors: retired-opcode, unknown-opcode, unbalanced-loop, loop-too-deep,
// zero-trips, closed-loop-term, bad-term-field, agu-not-before-data,
// field-overflow, missing-halt, after-halt, empty-loop, zero-rows,
// illegal-value, row-out-of-range, unwritten-read, ar-distance, header-overflow.
#pragma once

#include <array>
#include <cstdint>

#include "common/status.h"
#include "machines/tinytpu/isa_encoding.h"
#include "machines/tinytpu/program.h"

namespace loom::tinytpu {

// What a valid program's walk counted.
struct Walk {
  int64_t instructions = 0;  // dynamic data instructions
  std::array<int64_t, isa::kHeaderCount> counts{};  // each unit's trip count
  int64_t accu_iterations = 0;
};

// Validates `encoded` (the words of `program`) against the build `params`.
Result<Walk> check_program(const Program& program, const Encoded& encoded, const isa::Params& params);

}  // namespace loom::tinytpu
