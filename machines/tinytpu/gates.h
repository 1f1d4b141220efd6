// TinyTPU's gates: every run simulates the composed region on a program and
// compares all of C with the reference model.
//   bench:  the performance setup (operands in [-4, 4], seed 0): GEMM and
//           GEMM+ReLU, looped and flat, at the published shapes, plus
//           vadd_program; with the cycle table.
//   stress: the correctness gate: full-range operands with both extremes
//           forced, clip and ReLU edges, all 64 shapes, C prefilled, the vector
//           and accumulator-distance programs, and random valid programs.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/status.h"
#include "machines/tinytpu/isa_dsl.h"
#include "machines/tinytpu/tinytpu.h"

namespace loom::tinytpu {

struct GateRun {
  std::string name;   // e.g. "gemm 16x16x8 relu looped"
  uint64_t seed = 0;  // the operands' seed, to rerun it
  bool exact = false;
  int64_t cycles = 0;
  std::string failure;  // the simulator's or the check's errors, when not exact
  int64_t changed = 0;  // elements of C the reference changes: 0 would make the run compare nothing
  // GEMM runs: the shape and the program's form, for the cycle table.
  int64_t m = 0, k = 0, n = 0;
  bool relu = false;
  Form form = Form::looped;
};

// A program and the state it starts from: one run of a gate, before it runs.
struct GateCase {
  GateRun run;  // its name, seed and GEMM shape; nothing measured yet
  Result<Program> program;
  IsaState initial;
};
// bench's cases at a build: the published GEMM shapes that fit it, GEMM and
// GEMM+ReLU, looped and flat (a build too wide for them runs its own largest
// GEMM), and vadd_program, all on operands in [-4, 4] from seed 0.
std::vector<GateCase> bench_cases(const isa::Params& p);

// Errors: the configuration does not compose (a named parameter error).
Result<std::vector<GateRun>> bench(const Overrides& overrides, Variant variant = Variant::design);
Result<std::vector<GateRun>> stress(const Overrides& overrides, Variant variant = Variant::design);

// The seed's published co-simulation cycles for bench's GEMM shapes at T=4,
// MAXDIM=16, for the cycle table: a reference beside the simulated cycles, not
// a target the timing model is fitted to.
struct PublishedRow {
  int64_t m, k, n, cycles;
};
const std::vector<PublishedRow>& published_cosim();

}  // namespace loom::tinytpu
