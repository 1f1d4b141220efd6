// check_program's negative controls: crafted bad programs, each refused for
// its reason, naming the static instruction, the loop iteration and the rows.
#include <catch2/catch.hpp>

#include "machines/tinytpu/assembler.h"
#include "machines/tinytpu/controls.h"
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

Error refused(const Program& program, const std::string& kind, const isa::Params& build = p) {
  auto a = assemble(program, build);
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

TEST_CASE("negative controls: each bad program is refused for its reason, naming what it names", "[controls]") {
  for (const isa::Params& build : {p, isa::derive({8, 64, 16, 4, 1024, 2}), isa::derive({4, 16, 16, 1, 1024, 2})}) {
    const std::vector<Control> controls = validator_controls(build);
    CHECK(controls.size() >= 30);
    for (const Control& c : controls) {
      INFO("T=" << build.T << " MAXDIM=" << build.MAXDIM << " AR_RAW_DIST=" << build.AR_RAW_DIST << ": " << c.name);
      const Error e = refused(c.program, c.kind, build);
      const std::string text = e.where + " " + e.message;
      INFO(text);
      for (const std::string& m : c.mentions) CHECK(has(text, m));
    }
  }
}

TEST_CASE("a control one row past a memory's end is accepted one row earlier", "[controls]") {
  // The boundary is exactly where the controls put it: the same instruction a row lower is valid.
  const int64_t T = p.T;
  CHECK(assemble(Program().add(isa::dma_ld(T, 1, p.SPAD_ROWS - T, 0, W)).halt(), p).ok());
  CHECK(assemble(Program().add(isa::dma_ld(T, 2, p.VR_ROWS - T, 0, W)).halt(), p).ok());
  CHECK(assemble(Program().add(isa::dma_ld(T, 2, 0, p.DRAM_WORDS - 1 - (T - 1) * W, W)).halt(), p).ok());
  CHECK(assemble(loaded().add(isa::mm(T, 0, 0, 0, p.AR_ROWS - T)).halt(), p).ok());
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
