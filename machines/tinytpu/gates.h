// TinyTPU's gates: every run simulates the composed region on a program and
// compares all of C with the reference model.
//   bench:  the performance setup (operands in [-4, 4], seed 0): GEMM and
//           GEMM+ReLU, looped and flat, at the published shapes, plus
//           vadd_program; with the cycle table.
//   stress: the correctness gate: full-range operands with both extremes
//           forced, clip and ReLU edges, all 64 shapes, C prefilled, the vector
//           and accumulator-distance programs, int32 wraps before a ReLU,
//           every memory to its last row, random valid programs (loop bodies
//           mixing instructions with and without address terms among them),
//           and the validator's negative controls.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "common/status.h"
#include "compose/sim/simulator.h"
#include "machines/tinytpu/isa_dsl.h"
#include "machines/tinytpu/isa_files.h"
#include "machines/tinytpu/tinytpu.h"

namespace loom::tinytpu {

struct GateRun {
  std::string name;   // e.g. "gemm 16x16x8 relu looped"
  uint64_t seed = 0;  // the operands' seed, to rerun it
  bool exact = false;
  int64_t cycles = 0;
  // Why it is not exact, each reason a named error: a refusal of the
  // program (its generator's, the assembler's, the workload's), a run that
  // did not complete (sim-incomplete), a difference from the reference
  // (mismatch) or between the three descriptions (conform-*), and the gate's
  // own checks (text-round-trip, triple-loop-mismatch, control-accepted,
  // control-misnamed).
  Status failure;
  int64_t changed = 0;  // elements of C the reference changes: 0 would make the run compare nothing
  // GEMM runs: the shape and the program's form, for the cycle table.
  int64_t m = 0, k = 0, n = 0;
  bool relu = false;
  Form form = Form::looped;
  Layout layout = Layout::row_major;  // how its A, B and C lie in DRAM
  // A validator control: `exact` means the assembler refused it for its reason.
  bool control = false;
  bool assembled = false;  // a program run: the assembler accepted it
};

// A program and the state it starts from: one run of a gate, before it runs.
struct GateCase {
  GateRun run;  // its name, seed and GEMM shape; nothing measured yet
  Result<Program> program;
  IsaState initial;
};
// A, B and C from `seed`: operands in [lo, hi], C prefilled with random bytes;
// with force_extremes, -128 and 127 where every GEMM reads them. The
// matrices lie in DRAM by `layout`.
IsaState random_operands(const isa::Params& p, uint64_t seed, int64_t lo, int64_t hi, bool force_extremes,
                         Layout layout = Layout::row_major);

// A GEMM of `initial`'s operands, named as the gates name it.
GateCase gemm_case(int64_t M, int64_t K, int64_t N, bool relu, Form form, uint64_t seed, const IsaState& initial);

// T x T x 8 GEMMs, plain and ReLU, whose row-0 sums land on the clip and ReLU
// edges (127, 128, -128, -129, 0, -1, 1, -2); none at a build without 8
// columns. Seeds `seed` and `seed + 1`.
std::vector<GateCase> edge_cases(const isa::Params& p, uint64_t seed);

// The gate's own checks, each a named refusal (and a test's way in).
//
// A program's text, as to_text() writes it, must assemble to the words the
// program itself assembled to. Error: text-round-trip, naming the first
// word that differs, or carrying the text's own refusal.
Status check_text_round_trip(std::string_view text, const std::string& source, const Assembled& assembled,
                             const isa::Params& p);
// A GEMM case's C, as the reference model left it (`c_after`), against the
// plain triple loop of its A and B, with every element outside M x N as it
// started. Error: triple-loop-mismatch at the first differing C[i][j].
Status check_triple_loop(const GateCase& c, const std::vector<int64_t>& c_after);
// A validator control (controls.h) `name`, assembled at `p`: exact when it
// is refused with `kind`. Errors: control-accepted, control-misnamed
// (refused, but for another reason).
GateRun run_control(const std::string& name, const Program& program, const std::string& kind, const isa::Params& p);
// One case through the gate at a build, as bench and stress run each: its
// program assembled, read back from its text, run on the reference model,
// simulated, checked against the reference and conformed three ways, and a
// GEMM held to the triple loop. Errors: the gate's setup (bench's).
Result<GateRun> run_case(const Overrides& overrides, const GateCase& c, const Compose& compose = architecture,
                         const std::string& spec_path = std::string(kSpecPath));

// bench's cases at a build: the published GEMM shapes that fit it, GEMM and
// GEMM+ReLU, looped and flat (a build too wide for them runs its own largest
// GEMM), and vadd_program, all on operands in [-4, 4] from seed 0, in the
// seed's row-major layout; then the looped GEMMs again in Loom's tile-major
// variant (layout.h), named "... tile-major", which the published row is not for.
std::vector<GateCase> bench_cases(const isa::Params& p);

// Errors: the configuration does not compose (a named parameter error).
// `compose` is the design unless a test runs a variant of it (variants.h).
// Each run is also executed through the action model of the spec at
// `spec_path` (relative: to the working directory, as in a test's runfiles),
// and C compared three ways; errors: the spec's, the model's.
// Under `style` stp (SimOptions::PipelineStyle) the runs are the coupled
// engine's alone: the trace engine times only the flushable style.
Result<std::vector<GateRun>> bench(const Overrides& overrides, const Compose& compose = architecture,
                                   const std::string& spec_path = std::string(kSpecPath),
                                   SimOptions::PipelineStyle style = SimOptions::PipelineStyle::flushable);
// Called after each run with the runs done and the runs in all.
using Progress = std::function<void(size_t done, size_t total)>;
// Programs at the holes a mutation campaign found: accumulator rows doubled
// past the int32 range before a ReLU (in a loop whose body mixes instructions
// with and without address terms), and every memory used up to its last row.
std::vector<GateCase> wrap_and_boundary_cases(const isa::Params& p, uint64_t seed);

// Every count-th run from the index-th: one shard of a gate, for a sweep
// Bazel spreads over shards (tests/tinytpu/stress_test.cc).
struct Slice {
  size_t index = 0, count = 1;
  bool holds(size_t run) const { return run % count == index; }
};

// stress: its cases, then every validator control (controls.h), each of which
// must be refused for its reason; only the slice's runs.
Result<std::vector<GateRun>> stress(const Overrides& overrides, const Compose& compose = architecture,
                                    const Progress& progress = {}, Slice slice = {},
                                    const std::string& spec_path = std::string(kSpecPath));

// stress's program cases at a build, before its validator controls: every
// GEMM shape up to 4T a side in both forms, the clip and ReLU edges, the
// vector and accumulator-distance programs, the wrap and boundary programs,
// and 210 random valid programs, on full-range operands.
std::vector<GateCase> stress_cases(const isa::Params& p);

// The builds stress runs when none is named: T=4/MAXDIM=16 and T=8/MAXDIM=64.
std::vector<Overrides> default_stress_builds();

// The seed's published co-simulation cycles for bench's GEMM shapes at T=4,
// MAXDIM=16, for the cycle table: a reference beside the simulated cycles, not
// a target the timing model is fitted to.
struct PublishedRow {
  int64_t m, k, n, cycles;
};
const std::vector<PublishedRow>& published_cosim();

}  // namespace loom::tinytpu
