// check_program's negative controls: crafted bad programs, each refused for
// its reason, naming the static instruction, the loop iteration and the rows.
#include <catch2/catch.hpp>

#include "machines/tinytpu/assembler.h"
#include "machines/tinytpu/isa_dsl.h"

namespace loom::tinytpu {
namespace {

const isa::Params p = isa::kDefaults;
const int64_t W = p.MAXDIM / p.T;

// A program with weights and activations loaded, for the rest to build on.
Program loaded() {
  Program prog;
  prog.add(isa::dma_ld(p.T, 1, 0, 0, W)).add(isa::dma_ld(p.T, 2, 0, 0, W));
  return prog;
}

Error refused(const Program& program, const std::string& kind) {
  auto a = assemble(program, p);
  INFO(to_text(program));
  REQUIRE_FALSE(a.ok());
  INFO(a.status().to_string());
  for (const Error& e : a.errors())
    if (e.kind == kind) return e;
  FAIL("no error of kind " << kind);
  return {};
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST_CASE("the well-formed base program is accepted") {
  Program prog = loaded();
  prog.add(isa::mm(p.T, 0, 0, 0, 0)).add(isa::mvout(p.T, 0, 0, W)).halt();
  REQUIRE(assemble(prog, p).ok());
}

TEST_CASE("negative controls: each bad program is refused for its reason") {
  int controls = 0;
  const auto control = [&](const Program& prog, const std::string& kind, const std::vector<std::string>& mentions) {
    const Error e = refused(prog, kind);
    const std::string text = e.where + " " + e.message;
    for (const std::string& m : mentions) {
      INFO(text);
      CHECK(has(text, m));
    }
    ++controls;
  };

  SECTION("all of them") {
    Statement dma_st{isa::Instruction{isa::Opcode::dma_st, 4, {{0, 0, 0, 0}}}, {}, 0, 0};
    control(Program(loaded()).raw(dma_st).halt(), "retired-opcode", {"instruction 2", "dma_st"});

    control(Program().add(isa::dma_ld(p.T, 2, 0, 0, W)).add(isa::mm(p.T, 0, 0, 0, 0)).halt(), "unwritten-read",
            {"instruction 1 (mm)", "spad row 0"});
    control(Program().add(isa::dma_ld(p.T, 1, 0, 0, W)).add(isa::mm(p.T, 0, 8, 0, 0)).halt(), "unwritten-read",
            {"vr row 8"});
    control(Program(loaded()).add(isa::vrelu(p.T, 20, 0)).halt(), "unwritten-read", {"ar row 20"});
    // A vld copies an unwritten spad row; using the copy is the error.
    control(Program(loaded()).add(isa::vld(p.T, 40, 8)).add(isa::mm(p.T, 0, 8, 0, 0)).halt(), "unwritten-read",
            {"instruction 3 (mm)", "vr row 8, a vld's copy of spad row 40"});
    control(ar_distance_program(p.AR_RAW_DIST - 1, p).value(), "ar-distance",
            {"instruction 3 (vrelu)", "ar row 0", std::to_string(p.AR_RAW_DIST - 1) + " accu iterations"});
    // An accumulate too soon after the write, inside a loop: the iteration is named.
    control(Program(loaded()).loop(2).add(isa::mm(2, 0, 0, 0, 0), {{"acc", 0, 1}}).end().halt(), "ar-distance",
            {"L0=1"});
    control(Program().add(isa::dma_ld(4, 0, p.SPAD_ROWS - 2, 0, W)).halt(), "row-out-of-range",
            {"spad rows 62..65", "rows 0..63"});
    control(Program().add(isa::dma_ld(4, 2, 0, p.DRAM_WORDS - 2, 1)).halt(), "row-out-of-range", {"A words"});
    control(Program(loaded()).add(isa::mm(p.T, 0, 0, 0, 0)).add(isa::mvout(p.T, 0, 60, W)).halt(), "row-out-of-range",
            {"C words 60 to 72"});

    control(Program(loaded()).end().halt(), "unbalanced-loop", {"closes a loop, but none is open"});
    control(Program(loaded()).loop(2).add(isa::dma_ld(1, 0, 0, 0, 1)).halt(), "unbalanced-loop", {"still open"});
    Statement bad_end{isa::endloop(3), {}, 0, 0};
    control(Program(loaded()).loop(2).add(isa::dma_ld(1, 0, 0, 0, 1)).raw(bad_end).halt(), "unbalanced-loop",
            {"trip count"});
    {
      Program deep = loaded();
      for (int l = 0; l <= isa::kLoopDepth; ++l) deep.loop(1);
      deep.add(isa::dma_ld(1, 0, 0, 0, 1));
      for (int l = 0; l <= isa::kLoopDepth; ++l) deep.end();
      control(deep.halt(), "loop-too-deep", {"nest at most " + std::to_string(isa::kLoopDepth)});
    }
    control(Program(loaded()).loop(0).add(isa::dma_ld(1, 0, 0, 0, 1)).end().halt(), "zero-trips", {"instruction 2 (loop)"});
    control(Program(loaded()).loop(2).add(isa::dma_ld(1, 0, 0, 0, 1), {{"dst", 1, 1}}).end().halt(), "closed-loop-term",
            {"level 1", "only 1 loop is open"});
    control(Program(loaded()).add(isa::dma_ld(0, 0, 0, 0, 1)).halt(), "zero-rows", {"instruction 2 (dma_ld)"});
    // The stride may be anything for one row, so only the field limit stops it.
    control(Program().loop(3).add(isa::dma_ld(1, 0, 0, 0, 2000), {{"stride", 0, 30}}).end().halt(), "field-overflow",
            {"'stride' resolves to 2060", "L0=2"});
    control(Program(loaded()).loop(3000).add(isa::dma_ld(1, 0, 0, 0, 0)).end().halt(), "field-overflow",
            {"instruction 2 (loop)", "3000"});
    control(Program(loaded()).add(isa::mm(p.T, 0, 0, 2, 0)).halt(), "illegal-value", {"acc = 2"});
    control(Program().add(isa::dma_ld(1, 4, 0, 0, 1)).halt(), "illegal-value", {"route = 4"});
    control(Program(loaded()), "missing-halt", {"without a halt"});
    control(Program(loaded()).loop(2).loop(2).end().end().halt(), "empty-loop", {"(loop)", "holds no data instruction"});
    control(Program(loaded()).halt().add(isa::dma_ld(1, 0, 0, 0, 1)).halt(), "after-halt", {"instruction 3"});
    {
      Program big = loaded();
      big.add(isa::mm(p.T, 0, 0, 0, 0)).loop(2047).loop(8).add(isa::mvout(p.T, 0, 0, W)).end().end().halt();
      control(big, "header-overflow", {"accu", "15-bit"});
    }
    control(Program(loaded()).loop(1).add(isa::mm(p.T, 0, 0, 0, 0), {{"wgt", 0, 0}, {"act", 0, 0}, {"dst", 0, 0}, {"acc", 0, 0}}).end().halt(),
            "agu-budget", {"4 address terms", "at most 3"});
    control(Program(loaded()).loop(1).add(isa::dma_ld(1, 0, 0, 0, 1), {{"wgt", 0, 1}}).end().halt(), "unknown-operand",
            {"'wgt'"});
    control(Program(loaded()).add(isa::dma_ld(1, 0, 5000, 0, 1)).halt(), "field-too-wide", {"dst = 5000"});
    CHECK(controls >= 18);
  }
}

TEST_CASE("errors name the static instruction's line in assembly text") {
  auto a = assemble_text("dma_ld rows=4 route=1 dst=0 src=0 stride=4\n\n  mm rows=4 wgt=0 act=0 acc=0 dst=0\nhalt\n",
                         "prog.s", p);
  REQUIRE_FALSE(a.ok());
  CHECK(a.errors()[0].kind == "unwritten-read");
  CHECK(a.errors()[0].where == "instruction 1 (line 3: mm)");
}

TEST_CASE("a broken loop reports a bounded number of errors") {
  Program prog;
  prog.loop(2000).add(isa::vrelu(1, 30, 31)).end().halt();
  auto a = assemble(prog, p);
  REQUIRE_FALSE(a.ok());
  CHECK(a.errors().size() <= 20);
}

}  // namespace
}  // namespace loom::tinytpu
