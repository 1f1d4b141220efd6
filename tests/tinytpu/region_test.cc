// TinyTPU composed from its units: the structure, bit-exact runs at every T,
// the gates, a mutant the stress gate must catch, and the two broken
// structures the seed's deadlock history names.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "compose/sim/simulator.h"
#include "machines/tinytpu/gates.h"
#include "machines/tinytpu/isa_dsl.h"
#include "machines/tinytpu/reference.h"
#include "machines/tinytpu/tinytpu.h"
#include "machines/tinytpu/variants.h"
#include "units/library/tinytpu/words.h"

namespace loom::tinytpu {
namespace {

Region compose(const Overrides& overrides, const Compose& compose_architecture = architecture) {
  auto arch = compose_architecture(overrides);
  REQUIRE(arch.ok());
  auto region = arch.value().compose(overrides);
  INFO((region.ok() ? "" : region.status().to_string()));
  REQUIRE(region.ok());
  return std::move(region).value();
}

SimResult run_default(const Region& region) {
  auto work = default_workload(region, 0);
  REQUIRE(work.ok());
  auto sim = simulate(region, work.value().inputs);
  REQUIRE(sim.ok());
  INFO(sim.value().summary());
  REQUIRE(sim.value().ok());
  const Status check = work.value().check(sim.value().arguments);
  INFO(check.to_string());
  CHECK(check.ok());
  return sim.value();
}

TEST_CASE("the region has 2*T*T + 6 processes, every channel point to point") {
  for (int64_t t : {4, 8}) {
    const Region r = compose({{"T", t}, {"MAXDIM", 4 * t}});
    CHECK(static_cast<int64_t>(r.processes.size()) == 2 * t * t + 6);
  }
}

TEST_CASE("a MAXDIM-cubed GEMM with ReLU runs bit-exactly at T=4, 8, 16 and 32") {
  for (const auto& [t, maxdim] : {std::pair{4, 16}, std::pair{8, 64}, std::pair{16, 16}, std::pair{32, 32}}) {
    CAPTURE(t, maxdim);
    const SimResult r = run_default(compose({{"T", t}, {"MAXDIM", maxdim}}));
    // At least the MAC limit: M*K*N / T^2 cycles of array work.
    CHECK(r.cycles >= int64_t{maxdim} * maxdim * maxdim / (t * t));
  }
}

TEST_CASE("the check names each element of C that differs, by row and column, then counts the rest") {
  const Region region = compose({{"T", 4}, {"MAXDIM", 16}});
  auto work = default_workload(region, 0);
  REQUIRE(work.ok());
  auto sim = simulate(region, work.value().inputs);
  REQUIRE(sim.ok());
  REQUIRE(sim.value().ok());
  ArgumentContents final = sim.value().arguments;
  std::vector<Operand<4>> c = final.at("C").as<Operand<4>>();
  // Word 5, lane 2 is cell 22 of the tile-major 16 x 16 matrix: row 5 of
  // the first column block, column 2 (reference.h matrix_index).
  c[5].set_lane(2, c[5].lane_signed(2) + 1);
  CHECK(matrix_element(isa::kDefaults, 5 * 4 + 2) == std::pair<int64_t, int64_t>{5, 2});
  CHECK(matrix_index(isa::kDefaults, 5, 2) == 22);
  final["C"] = Buffer::of(c);
  Status one = work.value().check(final);
  REQUIRE(one.errors().size() == 1);
  CHECK(one.errors()[0].kind == "mismatch");
  CHECK(one.errors()[0].where == "C[5][2]");
  for (size_t w = 10; w < 21; ++w) c[w].set_lane(0, c[w].lane_signed(0) ^ 1);
  final["C"] = Buffer::of(c);
  Status twelve = work.value().check(final);
  REQUIRE(twelve.errors().size() == 11);  // 10 named, then the count
  CHECK(twelve.errors()[10].message == "2 more differences");
}

TEST_CASE("bench is all exact at T=4, MAXDIM=16 and prints cycles for every GEMM") {
  auto runs = bench({});
  REQUIRE(runs.ok());
  CHECK(runs.value().size() == 21);
  for (const GateRun& r : runs.value()) {
    INFO(r.name << ": " << r.failure.to_string());
    CHECK(r.exact);
    CHECK(r.cycles > 0);
  }
}

// The prediction, held to the seed's RTL co-simulation of the same machine
// (175 / 265 / 421 / 482 / 674 at T=4, MAXDIM=16): every parameter at its
// documented default, none calibrated (docs/timing.md). A change to the timing
// model or the units that moves a shape out of its band fails here.
constexpr double kCosimBand = 0.10;

TEST_CASE("the looped GEMMs land within 10% of the seed's published cosim cycles at every shape") {
  auto runs = bench({});
  REQUIRE(runs.ok());
  int shapes = 0;
  for (const PublishedRow& pub : published_cosim())
    for (const GateRun& r : runs.value())
      if (r.m == pub.m && r.k == pub.k && r.n == pub.n && !r.relu && r.form == Form::looped) {
        REQUIRE(r.exact);
        const double ratio = static_cast<double>(r.cycles) / static_cast<double>(pub.cycles);
        INFO(r.name << ": simulated " << r.cycles << ", published " << pub.cycles << ", ratio " << ratio);
        CHECK(std::abs(ratio - 1.0) <= kCosimBand);
        ++shapes;
      }
  CHECK(shapes == 5);
}

// stress itself runs sharded in stress_test.cc.

TEST_CASE("an int16 partial sum in the PE passes bench but fails stress") {
  auto benched = bench({}, composer(Variant::psum_int16));
  REQUIRE(benched.ok());
  for (const GateRun& r : benched.value()) {
    INFO(r.name << ": " << r.failure.to_string());
    CHECK(r.exact);  // [-4, 4] operands never leave 9 bits
  }
  auto stressed = stress({}, composer(Variant::psum_int16));
  REQUIRE(stressed.ok());
  size_t failed = 0;
  for (const GateRun& r : stressed.value()) failed += !r.exact;
  CHECK(failed > 0);
}

TEST_CASE("the accumulator distance contract is load-bearing: reads 1 or 2 iterations after a write are stale") {
  // A build whose assembler admits any distance, so the probe reaches the region.
  const Region region = compose({{"AR_RAW_DIST", 1}});
  const isa::Params p = isa_params(region);
  for (int64_t d = 1; d <= 5; ++d) {
    CAPTURE(d);
    auto program = assemble(ar_distance_program(d, p).value(), p);
    REQUIRE(program.ok());
    IsaState initial(p);
    // Positive sums, so a stale row (the region's ar starts at 0) shows through ReLU.
    for (int64_t& v : initial.A) v = 3;
    for (int64_t& v : initial.B) v = 2;
    auto work = program_workload(region, program.value(), initial);
    REQUIRE(work.ok());
    auto sim = simulate(region, work.value().inputs);
    REQUIRE(sim.ok());
    REQUIRE(sim.value().ok());
    // As the seed measured in RTL: distances 1 and 2 read the old row, 3 on the new.
    CHECK(work.value().check(sim.value().arguments).ok() == (d >= 3));
  }
  // And a build that breaks the contract fails stress.
  auto runs = stress({{"AR_RAW_DIST", 1}});
  REQUIRE(runs.ok());
  size_t failed = 0;
  for (const GateRun& r : runs.value()) failed += !r.exact;
  CHECK(failed > 0);
}

TEST_CASE("a program assembled for another build is refused by name, not run") {
  const Region region = compose({});
  isa::Params wide = isa_params(region);
  wide.MAXDIM = 32;
  wide = isa::derive(wide);
  auto program = assemble(gemm_program(32, 32, 32, false, Form::looped, wide).value(), wide);
  REQUIRE(program.ok());
  auto work = program_workload(region, program.value(), IsaState(isa_params(region)));
  REQUIRE_FALSE(work.ok());
  CHECK(work.errors()[0].kind == "build-mismatch");
  CHECK(work.errors()[0].message.find("MAXDIM=32") != std::string::npos);
}

TEST_CASE("a program runs with IMEM exactly full and one word to spare, and is refused one word over") {
  const isa::Params defaults = isa::kDefaults;
  auto program = assemble(gemm_program(8, 8, 8, true, Form::looped, defaults).value(), defaults);
  REQUIRE(program.ok());
  // The headers, then the program: its last word, the halt, in IMEM's last row.
  const int64_t full = isa::kHeaderCount + static_cast<int64_t>(program.value().encoded.words.size());
  REQUIRE(full >= 8);  // IMEM_WORDS' least
  for (const int64_t imem : {full, full + 1}) {
    INFO("IMEM_WORDS " << imem << ", the program " << program.value().encoded.words.size() << " words");
    const Region region = compose({{"IMEM_WORDS", imem}});
    const isa::Params p = isa_params(region);
    auto fitted = assemble(gemm_program(8, 8, 8, true, Form::looped, p).value(), p);
    REQUIRE(fitted.ok());
    IsaState initial(p);
    for (size_t i = 0; i < initial.A.size(); ++i) initial.A[i] = static_cast<int64_t>(i % 7) - 3;
    for (size_t i = 0; i < initial.B.size(); ++i) initial.B[i] = static_cast<int64_t>(i % 5) - 2;
    auto work = program_workload(region, fitted.value(), initial);
    REQUIRE(work.ok());
    CHECK(work.value().inputs.at("imem").rows() == imem);
    auto sim = simulate(region, work.value().inputs);
    REQUIRE(sim.ok());
    INFO(sim.value().summary());
    REQUIRE(sim.value().ok());
    CHECK(work.value().check(sim.value().arguments).ok());
  }
  const Region tight = compose({{"IMEM_WORDS", full - 1}});
  const isa::Params p = isa_params(tight);
  auto over = assemble(gemm_program(8, 8, 8, true, Form::looped, p).value(), p);
  REQUIRE(over.ok());
  auto refused = program_workload(tight, over.value(), IsaState(p));
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.errors()[0].kind == "program-too-long");
}

// A 4x4x4 GEMM on a broken variant: it must end in a deadlock report whose
// wait-for cycle runs through the unit that broke the rule and the accumulator.
DeadlockReport deadlock_of(Variant variant) {
  const Region region = compose({}, composer(variant));
  const isa::Params p = isa_params(region);
  auto program = assemble(gemm_program(4, 4, 4, false, Form::looped, p).value(), p);
  REQUIRE(program.ok());
  IsaState initial(p);
  auto work = program_workload(region, program.value(), initial);
  REQUIRE(work.ok());
  auto sim = simulate(region, work.value().inputs);
  REQUIRE(sim.ok());
  REQUIRE(sim.value().outcome == SimResult::deadlock);
  return *sim.value().report;
}

bool cycle_has(const DeadlockReport& r, const std::vector<std::string>& names) {
  for (const std::vector<std::string>& cycle : r.wait_cycles) {
    bool all = true;
    for (const std::string& n : names) all = all && std::find(cycle.begin(), cycle.end(), n) != cycle.end();
    if (all) return true;
  }
  return false;
}

TEST_CASE("one DMA unit in both directions is reported as a named deadlock cycle") {
  const DeadlockReport r = deadlock_of(Variant::two_way_dma);
  INFO(r.to_string());
  const BlockedProcess* dma = r.find("dma");
  REQUIRE(dma != nullptr);
  CHECK(dma->state == BlockedProcess::waits_to_read);
  CHECK(dma->channel == "ac2st");
  CHECK(dma->waits_for == "accu");
  const BlockedProcess* spm = r.find("spm");
  REQUIRE(spm != nullptr);
  CHECK(spm->channel == "dma2sp");
  CHECK(spm->waits_for == "dma");
  CHECK(cycle_has(r, {"dma", "accu", "spm"}));
}

TEST_CASE("results written back into the input scratchpad are reported as a named deadlock cycle") {
  const DeadlockReport r = deadlock_of(Variant::writeback);
  INFO(r.to_string());
  const BlockedProcess* spm = r.find("spm");
  REQUIRE(spm != nullptr);
  CHECK(spm->state == BlockedProcess::waits_to_read);
  CHECK(spm->channel == "ac2st");
  CHECK(spm->waits_for == "accu");
  CHECK(cycle_has(r, {"spm", "accu"}));
  CHECK(r.to_string().find("spm -> ") != std::string::npos);
}

}  // namespace
}  // namespace loom::tinytpu
