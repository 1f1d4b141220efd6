// Every check inside TinyTPU's bench and stress gates, fed a case it must
// refuse, and refusing it by name: the program's text read back, the triple
// loop, the validator controls, and each stage of a run (the program, the
// assembler, the workload, the simulation, the reference check and the
// three-way conformance), each through run_case as bench and stress run it.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "machines/tinytpu/assembler.h"
#include "machines/tinytpu/gates.h"
#include "machines/tinytpu/isa_dsl.h"
#include "machines/tinytpu/reference.h"
#include "machines/tinytpu/variants.h"

namespace loom::tinytpu {
namespace {

const isa::Params p = isa::kDefaults;

bool names(const Status& s, const std::string& kind, const std::string& where = "") {
  for (const Error& e : s.errors())
    if (e.kind == kind && e.where.find(where) != std::string::npos) return true;
  return false;
}

Assembled assembled(const Program& program) {
  auto a = assemble(program, p);
  REQUIRE(a.ok());
  return a.value();
}

TEST_CASE("the text check refuses text that assembles to other words, or not at all, naming the word", "[gates]") {
  const Program program = gemm_program(8, 8, 8, true, Form::looped, p).value();
  const Assembled words = assembled(program);
  const std::string text = to_text(program);
  CHECK(check_text_round_trip(text, "gemm", words, p).ok());
  // One operand changed: the text assembles, to other words.
  // The row-major GEMM's strides are MAXDIM / T (layout.h).
  const std::string written = "stride=" + std::to_string(p.MAXDIM / p.T);
  const size_t stride = text.find(written);
  REQUIRE(stride != std::string::npos);
  std::string other = text;
  other.replace(stride, written.size(), "stride=2");
  const Status changed = check_text_round_trip(other, "gemm", words, p);
  INFO(changed.to_string());
  CHECK(names(changed, "text-round-trip", "program 'gemm' word "));
  // One instruction more before the halt: more words.
  std::string longer = text;
  longer.insert(longer.rfind("halt"), "dma_ld rows=1 route=0 dst=0 src=0 stride=1\n");
  const Status more = check_text_round_trip(longer, "gemm", words, p);
  INFO(more.to_string());
  CHECK(names(more, "text-round-trip", "program 'gemm' word "));
  // Text that does not assemble at all.
  const Status broken = check_text_round_trip("mm rows=\n", "gemm", words, p);
  REQUIRE(names(broken, "text-round-trip", "program 'gemm'"));
  CHECK(broken.errors()[0].message.find("does not assemble back") != std::string::npos);
}

TEST_CASE("the triple-loop check refuses a C that is not the plain GEMM of A and B, inside M x N or outside it", "[gates]") {
  // A 4x4x4 GEMM at MAXDIM 16: most of C lies outside it and must be untouched.
  const IsaState initial = random_operands(p, 3, -128, 127, true);
  for (const bool relu : {false, true}) {
    const GateCase c = gemm_case(4, 4, 4, relu, Form::looped, 3, initial);
    IsaState after = initial;
    REQUIRE(run_reference(assembled(c.program.value()).encoded, after).ok());
    CHECK(check_triple_loop(c, after.C).ok());
    for (const auto& [row, col] : {std::pair{0, 0}, std::pair{3, 3}, std::pair{0, 4}, std::pair{15, 15}}) {
      INFO("C[" << row << "][" << col << "]" << (relu ? " relu" : ""));
      std::vector<int64_t> wrong = after.C;
      wrong[static_cast<size_t>(matrix_index(p, initial.layout, row, col))] += 1;
      CHECK(names(check_triple_loop(c, wrong), "triple-loop-mismatch",
                  "C[" + std::to_string(row) + "][" + std::to_string(col) + "]"));
    }
    std::vector<int64_t> short_c(after.C.begin(), after.C.end() - 1);
    CHECK(names(check_triple_loop(c, short_c), "triple-loop-mismatch"));
  }
}

TEST_CASE("a control is exact only when refused for its own reason", "[gates]") {
  Program valid;
  valid.add(isa::dma_ld(p.T, 1, 0, 0, 1)).halt();
  Program past_end;
  past_end.add(isa::dma_ld(p.T, 1, p.SPAD_ROWS - p.T + 1, 0, 1)).halt();
  const GateRun accepted = run_control("valid", valid, "row-out-of-range", p);
  CHECK_FALSE(accepted.exact);
  CHECK(names(accepted.failure, "control-accepted", "control 'valid'"));
  const GateRun misnamed = run_control("past the end", past_end, "zero-rows", p);
  CHECK_FALSE(misnamed.exact);
  CHECK(names(misnamed.failure, "control-misnamed", "control 'past the end'"));
  const GateRun refused = run_control("past the end", past_end, "row-out-of-range", p);
  CHECK(refused.exact);
  CHECK(refused.failure.ok());
}

// One case through the gate, as bench and stress run it.
GateRun through_gate(const GateCase& c, const Overrides& overrides = {}, const Compose& compose = architecture,
                     const std::string& spec = std::string(kSpecPath)) {
  auto r = run_case(overrides, c, compose, spec);
  INFO(r.status().to_string());
  REQUIRE(r.ok());
  INFO(r.value().failure.to_string());
  return r.value();
}

TEST_CASE("a case that passes the gate is exact, and each of the gate's stages refuses its own bad case by name", "[gates]") {
  const IsaState full = random_operands(p, 5, -128, 127, true);
  const GateCase good = gemm_case(8, 8, 8, true, Form::looped, 5, full);
  const GateRun passes = through_gate(good);
  CHECK(passes.exact);
  CHECK(passes.failure.ok());
  CHECK(passes.cycles > 0);

  SECTION("the program's generator") {
    const GateRun r = through_gate(gemm_case(6, 8, 8, false, Form::looped, 5, full));
    CHECK_FALSE(r.exact);
    CHECK(names(r.failure, "bad-shape"));
  }
  SECTION("the assembler") {
    GateCase c = good;
    Program past;
    past.add(isa::dma_ld(p.T, 1, p.SPAD_ROWS, 0, 1)).halt();
    c.program = past;
    c.run.m = 0;
    const GateRun r = through_gate(c);
    CHECK_FALSE(r.exact);
    CHECK_FALSE(r.assembled);
    CHECK(names(r.failure, "row-out-of-range"));
  }
  SECTION("the workload: a program longer than IMEM") {
    const GateRun r = through_gate(good, {{"IMEM_WORDS", 8}});
    CHECK_FALSE(r.exact);
    CHECK(names(r.failure, "program-too-long"));
  }
  SECTION("the simulation: a run that deadlocks") {
    const GateRun r = through_gate(good, {}, composer(Variant::two_way_dma));
    CHECK_FALSE(r.exact);
    CHECK(names(r.failure, "sim-incomplete", "run 'gemm 8x8x8 relu looped'"));
    CHECK(r.failure.errors()[0].message.find("DEADLOCK") != std::string::npos);
  }
  SECTION("the check against the reference: a narrowed datapath") {
    const GateRun r = through_gate(good, {}, composer(Variant::psum_int16));
    CHECK_FALSE(r.exact);
    CHECK(names(r.failure, "mismatch", "C["));
  }
  SECTION("the three-way conformance: mvout's clip declared as a rectify") {
    std::stringstream spec;
    spec << std::ifstream(std::string(kSpecPath)).rdbuf();
    std::string edited = spec.str();
    const std::string clip = R"("port": "alu", "op": "clip")";
    REQUIRE(edited.find(clip) != std::string::npos);
    edited.replace(edited.find(clip), clip.size(), R"("port": "alu", "op": "rectify")");
    const char* dir = std::getenv("TEST_TMPDIR");
    const std::string path = std::string(dir ? dir : "/tmp") + "/rectify_spec.json";
    std::ofstream(path) << edited;
    const GateRun r = through_gate(good, {}, architecture, path);
    CHECK_FALSE(r.exact);
    CHECK(names(r.failure, "conform-mismatch", "output 'C'"));
    CHECK_FALSE(names(r.failure, "mismatch"));  // the bodies and the reference agree
  }
  SECTION("the triple loop: a case whose program is not the GEMM it names") {
    GateCase c = good;
    c.run.relu = false;  // the program applies ReLU, the case says it does not
    const GateRun r = through_gate(c);
    CHECK_FALSE(r.exact);
    CHECK(names(r.failure, "triple-loop-mismatch", "run 'gemm 8x8x8 relu looped' C["));
  }
}

}  // namespace
}  // namespace loom::tinytpu
