// The ISA as plain C++: runs any valid program on the architectural state
// (spad, vr, ar and the DRAM matrices A, B, C). It is the oracle every later
// test compares the design with, so it is written from the ISA's semantics
// (docs/isa.md), not from the design; its arithmetic is the spec's own acc()
// and to_operand(), and its loops are the spec's resolver.
#pragma once

#include <cassert>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "common/status.h"
#include "machines/tinytpu/isa_encoding.h"
#include "machines/tinytpu/layout.h"
#include "machines/tinytpu/program.h"

namespace loom::tinytpu {

struct IsaState {
  explicit IsaState(const isa::Params& params, Layout layout = Layout::row_major);

  isa::Params p;
  Layout layout;  // how A, B and C hold their matrices (matrix_index)
  // On-chip memories, row-major, T lanes a row. The hardware does not clear
  // them, so they start as a pattern no valid program may depend on.
  std::vector<int64_t> spad, vr, ar;
  // DRAM: MAXDIM x MAXDIM int8 matrices laid out by `layout` (matrix_index
  // below); packed word w is cells w*T .. w*T + T-1.
  std::vector<int64_t> A, B, C;

  // Lane l of row `row` of an on-chip memory, or of packed word `row` of a
  // DRAM matrix. The reference trusts no validator: an access outside the
  // memory records a fault (the first one) and touches a scratch cell instead,
  // and run_reference stops with it as a named error.
  int64_t& lane(std::vector<int64_t>& m, int64_t row, int64_t l) {
    if (row >= 0 && (row + 1) * p.T <= static_cast<int64_t>(m.size())) return m[static_cast<size_t>(row * p.T + l)];
    if (fault.empty())
      fault = "row " + std::to_string(row) + " of " + name_of(m) + ", which has " +
              std::to_string(static_cast<int64_t>(m.size()) / p.T) + " rows";
    return scratch;
  }
  std::string fault;

 private:
  std::string name_of(const std::vector<int64_t>& m) const {
    return &m == &spad ? "spad" : &m == &vr ? "vr" : &m == &ar ? "ar" : &m == &A ? "A" : &m == &B ? "B" : "C";
  }
  int64_t scratch = 0;
};

// A state with A, B and C full of random int8 values from `seed`: what
// `loom sim` and `loom demo` run a program on.
IsaState random_state(const isa::Params& params, uint64_t seed, Layout layout = Layout::row_major);

// Runs a validated program. A fault (which check_program would have refused)
// is a named error: reference-fault, or reference-out-of-range for a row or
// word outside a memory or matrix, naming the instruction's word.
Status run_reference(const Encoded& encoded, IsaState& state);

// C = clip(A[MxK] @ B[KxN]), with ReLU first if asked: the plain triple loop
// the reference is itself checked against. Matrices as in IsaState.
std::vector<int64_t> triple_loop_gemm(const IsaState& state, int64_t M, int64_t K, int64_t N, bool relu);

}  // namespace loom::tinytpu
