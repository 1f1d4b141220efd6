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
#include "machines/tinytpu/program.h"

namespace loom::tinytpu {

struct IsaState {
  explicit IsaState(const isa::Params& params);

  isa::Params p;
  // On-chip memories, row-major, T lanes a row. The hardware does not clear
  // them, so they start as a pattern no valid program may depend on.
  std::vector<int64_t> spad, vr, ar;
  // DRAM: MAXDIM x MAXDIM int8 matrices, tile-major (matrix_index below);
  // packed word w is cells w*T .. w*T + T-1.
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
IsaState random_state(const isa::Params& params, uint64_t seed);

// Runs a validated program. A fault (which check_program would have refused)
// is a named error: reference-fault, or reference-out-of-range for a row or
// word outside a memory or matrix, naming the instruction's word.
Status run_reference(const Encoded& encoded, IsaState& state);

// Where element (row, col) of a DRAM matrix lives: lane col % T of packed
// word (col / T) * MAXDIM + row. A column block of T columns is MAXDIM
// consecutive words, so a GEMM's dma_ld of a k-tile (or of a column block of
// B) and its mvout of a column block of C touch consecutive words: one m_axi
// burst each, where a row-major matrix would put the rows MAXDIM / T words
// apart and make every row its own request (docs/timing.md).
constexpr int64_t matrix_index(const isa::Params& p, int64_t row, int64_t col) {
  return ((col / p.T) * p.MAXDIM + row) * p.T + col % p.T;
}
// The (row, col) of cell `index` of a DRAM matrix: matrix_index's inverse.
constexpr std::pair<int64_t, int64_t> matrix_element(const isa::Params& p, int64_t index) {
  const int64_t word = index / p.T, lane = index % p.T;
  return {word % p.MAXDIM, (word / p.MAXDIM) * p.T + lane};
}

// C = clip(A[MxK] @ B[KxN]), with ReLU first if asked: the plain triple loop
// the reference is itself checked against. Matrices as in IsaState.
std::vector<int64_t> triple_loop_gemm(const IsaState& state, int64_t M, int64_t K, int64_t N, bool relu);

}  // namespace loom::tinytpu
