// Assembly text: what it accepts, and every syntax error at its line and column.
#include <catch2/catch.hpp>

#include <fstream>

#include "machines/tinytpu/assembler.h"
#include "machines/tinytpu/isa_dsl.h"

namespace loom::tinytpu {
namespace {

const isa::Params p = isa::kDefaults;

Error first_error(std::string_view text) {
  auto r = parse_assembly(text, "t.s");
  REQUIRE_FALSE(r.ok());
  return r.errors()[0];
}

TEST_CASE("assembly text and the builder make the same words") {
  const char* text = R"(# one 4x4 tile of C = A @ B
dma_ld rows=4 route=1 dst=0 src=0 stride=4     # B into spad
dma_ld rows=4 route=2 dst=0 src=0 stride=4     # A into vr
loop 2 {
  mm rows=4 wgt=0 act=0 acc=0 dst=0 dst+=L0*4
}
mvout rows=4 src=4 dst=0 stride=4
halt
)";
  auto a = assemble_text(text, "t.s", p);
  REQUIRE(a.ok());
  Program built;
  built.add(isa::dma_ld(4, 1, 0, 0, 4)).add(isa::dma_ld(4, 2, 0, 0, 4));
  built.loop(2).add(isa::mm(4, 0, 0, 0, 0), {{"dst", 0, 4}}).end();
  built.add(isa::mvout(4, 4, 0, 4)).halt();
  auto b = assemble(built, p);
  REQUIRE(b.ok());
  CHECK(a.value().encoded.words == b.value().encoded.words);
  CHECK(a.value().headers == b.value().headers);
  // Statements keep where they were written.
  CHECK(a.value().program.statements()[2].line == 4);
}

TEST_CASE("to_text reads back to the same words, for every generator") {
  std::vector<Program> programs = {gemm_program(8, 12, 16, true, Form::looped, p).value(), vector_program(6, p).value(),
                                   ar_distance_program(5, p).value()};
  for (uint64_t seed = 0; seed < 20; ++seed) programs.push_back(random_program(seed, p));
  for (const Program& prog : programs) {
    const std::string text = to_text(prog);
    INFO(text);
    auto back = parse_assembly(text, "round.s");
    REQUIRE(back.ok());
    CHECK(encode(back.value()).value().words == encode(prog).value().words);
  }
}

TEST_CASE("syntax errors name the line and column") {
  Error e = first_error("halt\nfrobnicate rows=1\n");
  CHECK(e.kind == "unknown-opcode");
  CHECK(e.where == "t.s:2:1");

  e = first_error("  dma_st rows=4\nhalt\n");
  CHECK(e.kind == "retired-opcode");
  CHECK(e.where == "t.s:1:3");
  CHECK(e.message.find("mvout") != std::string::npos);

  e = first_error("vld rows=4 src=0 dst\n");
  CHECK(e.kind == "syntax");
  CHECK(e.where == "t.s:1:18");

  e = first_error("vld rows=4 src=x dst=0\n");
  CHECK(e.kind == "syntax");
  CHECK(e.where == "t.s:1:16");

  e = first_error("vld rows=4 src=0 dst=0 wgt=1\n");
  CHECK(e.kind == "unknown-operand");
  CHECK(e.where == "t.s:1:24");

  e = first_error("vld rows=4 src=0\n");
  CHECK(e.kind == "missing-operand");
  CHECK(e.message.find("dst=") != std::string::npos);

  e = first_error("vld rows=4 src=0 src=1 dst=0\n");
  CHECK(e.kind == "duplicate-operand");

  e = first_error("vld rows=4 src=0 dst=0 dst+=X0\n");
  CHECK(e.kind == "syntax");
  CHECK(e.where == "t.s:1:24");

  e = first_error("vld rows=4 src=0 dst=0 dst+=L4294967296*1\n");
  CHECK(e.kind == "syntax");

  e = first_error("}\n");
  CHECK(e.kind == "unbalanced-loop");

  e = first_error("\n\nloop 2 {\nvld rows=4 src=0 dst=0\n");
  CHECK(e.kind == "unbalanced-loop");
  CHECK(e.where == "t.s:3:1");

  e = first_error("loop two {\n}\n");
  CHECK(e.kind == "syntax");

  e = first_error("endloop 2\n");
  CHECK(e.kind == "syntax");

  // A number past int64_t is named with the digits written, never wrapped.
  const std::string past = "99999999999999999999";
  e = first_error("vld rows=" + past + " src=0 dst=0\n");
  CHECK(e.kind == "syntax");
  CHECK(e.message.find("'" + past + "' is past any 64-bit integer") != std::string::npos);
  e = first_error("loop " + past + " {\n}\n");
  CHECK(e.kind == "syntax");
  CHECK(e.message.find("'" + past + "' is past any 64-bit integer") != std::string::npos);
  e = first_error("vld rows=4 src=0 dst=x1\n");
  CHECK(e.message.find("found 'x1'") != std::string::npos);
}

TEST_CASE("every error in a file is reported, not just the first") {
  auto r = parse_assembly("bogus\nvld rows=1\nhalt extra\n", "t.s");
  REQUIRE_FALSE(r.ok());
  CHECK(r.errors().size() >= 3);
}

TEST_CASE("the listing shows every word and every header") {
  auto a = assemble_text("dma_ld rows=4 route=1 dst=0 src=0 stride=4\nhalt\n", "t.s", p);
  REQUIRE(a.ok());
  const std::string text = listing(a.value());
  CHECK(text.find("dma_ld rows=4 route=1 dst=0 src=0 stride=4") != std::string::npos);
  for (std::string_view unit : isa::kHeaderUnits) CHECK(text.find(std::string(unit) + " trip count") != std::string::npos);
  CHECK(text.find("dma_ld trip count 4") != std::string::npos);
}

}  // namespace
}  // namespace loom::tinytpu

namespace loom::tinytpu {
namespace {

TEST_CASE("every program in docs/isa.md assembles") {
  std::ifstream doc("docs/isa.md");
  REQUIRE(doc.good());
  std::string line, block;
  bool inside = false;
  int blocks = 0;
  while (std::getline(doc, line)) {
    if (line.rfind("```", 0) == 0) {
      if (inside) {
        auto a = assemble_text(block, "docs/isa.md block " + std::to_string(blocks), isa::kDefaults);
        INFO(block);
        INFO((a.ok() ? "" : a.status().to_string()));
        CHECK(a.ok());
        ++blocks;
        block.clear();
      }
      inside = !inside;
      continue;
    }
    if (inside) block += line + "\n";
  }
  CHECK(blocks >= 1);
}

}  // namespace
}  // namespace loom::tinytpu
