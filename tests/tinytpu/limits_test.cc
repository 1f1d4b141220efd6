// Every limit of TinyTPU's program walk and validator at its boundary, on both
// sides: the last value accepted, and the next refused by name. Each program
// is built from the generated ISA constants (isa_encoding.h), never from a
// number written here, so a limit that moves in the spec moves its test.
#include <catch2/catch.hpp>

#include <string>

#include "machines/tinytpu/assembler.h"
#include "machines/tinytpu/build.h"
#include "machines/tinytpu/isa_encoding.h"

namespace loom::tinytpu {
namespace {

const isa::Params p = isa::kDefaults;
const std::string kLoad = "dma_ld rows=1 route=0 dst=0 src=0 stride=1\n";

std::string n(int64_t v) { return std::to_string(v); }

Result<Assembled> text(const std::string& program, const isa::Params& build = p) {
  return assemble_text(program, "limits.s", build);
}

void accepted(const std::string& program, const isa::Params& build = p) {
  INFO(program);
  auto a = text(program, build);
  INFO(a.status().to_string());
  CHECK(a.ok());
}

void refused(const std::string& program, const std::string& kind, const isa::Params& build = p) {
  INFO(program);
  auto a = text(program, build);
  INFO(a.status().to_string());
  CHECK(a.status().has(kind));
}

// `depth` loops of `trips` each, around one load.
std::string nest(int depth, int64_t trips) {
  std::string open, close;
  for (int d = 0; d < depth; ++d) open += "loop " + n(trips) + " {\n", close += "}\n";
  return open + kLoad + close + "halt\n";
}

TEST_CASE("loops nest to the declared depth and no deeper", "[limits]") {
  accepted(nest(isa::kLoopDepth, 1));
  refused(nest(isa::kLoopDepth + 1, 1), "loop-too-deep");
}

TEST_CASE("a loop runs at least once and fewer times than the field limit", "[limits]") {
  accepted(nest(1, 1));
  refused(nest(1, 0), "zero-trips");
  accepted(nest(1, isa::kFieldLimit - 1));
  refused(nest(1, isa::kFieldLimit), "field-overflow");
}

TEST_CASE("an operand resolves below the field limit, whether written or driven by a term", "[limits]") {
  // A written stride: the last value under the field limit, and the limit.
  const auto load = [](int64_t stride) {
    return "dma_ld rows=1 route=0 dst=0 src=0 stride=" + n(stride) + "\nhalt\n";
  };
  accepted(load(isa::kFieldLimit - 1));
  refused(load(isa::kFieldLimit), "field-overflow");
  // A field's own encoding: its largest value, and one past it.
  const int64_t widest = (int64_t{1} << isa::kFieldSlices[0].bits) - 1;
  refused(load(widest), "field-overflow");
  refused(load(widest + 1), "field-too-wide");
  // Driven by a term: stride + L0 * s over `trips` trips reaches
  // stride + s * (trips - 1).
  const auto driven = [](int64_t last) {
    return "loop 2 {\n  dma_ld rows=1 route=0 dst=0 src=0 stride=" + n(last - 1) + " stride+=L0*1\n}\nhalt\n";
  };
  accepted(driven(isa::kFieldLimit - 1));
  refused(driven(isa::kFieldLimit), "field-overflow");
}

TEST_CASE("an instruction carries at most the declared address terms, each stride within its slice", "[limits]") {
  const auto terms = [](int count, int64_t stride) {
    std::string t;
    for (int k = 0; k < count; ++k) t += " stride+=L0*" + n(k == 0 ? stride : 0);
    return "loop 1 {\n  dma_ld rows=1 route=0 dst=0 src=0 stride=0" + t + "\n}\nhalt\n";
  };
  accepted(terms(isa::kAguTerms, 1));
  refused(terms(isa::kAguTerms + 1, 1), "agu-budget");
  const int64_t widest = (int64_t{1} << isa::kAguStride.bits) - 1;
  accepted(terms(1, widest));
  refused(terms(1, widest + 1), "field-too-wide");
}

TEST_CASE("a unit's header counts to the largest its slice holds", "[limits]") {
  // dma_ld's header counts its rows over every trip: loops of
  // (kFieldLimit - 1) x q trips of one-row loads, then a load of the rest,
  // reach exactly the slice's largest count; one more row is over.
  const int64_t most = (int64_t{1} << isa::kHeaderSlices[0].bits) - 1;
  const int64_t outer = isa::kFieldLimit - 1, inner = most / outer, rest = most - outer * inner;
  REQUIRE(rest >= 1);
  REQUIRE(rest + 1 < isa::kFieldLimit);
  const auto program = [&](int64_t last_rows) {
    return "loop " + n(outer) + " {\n  loop " + n(inner) + " {\n    " + kLoad + "  }\n}\ndma_ld rows=" + n(last_rows) +
           " route=0 dst=0 src=0 stride=1\nhalt\n";
  };
  accepted(program(rest));
  refused(program(rest + 1), "header-overflow");
}

TEST_CASE("every memory's last row is reachable and the row after it is not", "[limits]") {
  const int64_t T = p.T, spad = p.SPAD_ROWS, vr = p.VR_ROWS, ar = p.AR_ROWS, dram = p.DRAM_WORDS;
  const std::string setup = "dma_ld rows=" + n(T) + " route=1 dst=0 src=0 stride=1\n";
  const auto halt = [](const std::string& s) { return s + "halt\n"; };
  // dma_ld into each on-chip memory, its rows ending at the last row; and
  // reading DRAM's last word.
  for (const auto& [route, rows] : {std::pair{0, spad}, std::pair{1, spad}, std::pair{2, vr}, std::pair{3, vr}}) {
    INFO("route " << route);
    accepted(halt("dma_ld rows=" + n(T) + " route=" + n(route) + " dst=" + n(rows - T) + " src=0 stride=1\n"));
    refused(halt("dma_ld rows=" + n(T) + " route=" + n(route) + " dst=" + n(rows - T + 1) + " src=0 stride=1\n"),
            "row-out-of-range");
  }
  accepted(halt("dma_ld rows=" + n(T) + " route=0 dst=0 src=" + n(dram - T) + " stride=1\n"));
  refused(halt("dma_ld rows=" + n(T) + " route=0 dst=0 src=" + n(dram - T + 1) + " stride=1\n"), "row-out-of-range");
  // A stride reaches DRAM's last word with its last row.
  accepted(halt("dma_ld rows=2 route=0 dst=0 src=0 stride=" + n(std::min(dram - 1, isa::kFieldLimit - 1)) + "\n"));
  if (dram < isa::kFieldLimit) refused(halt("dma_ld rows=2 route=0 dst=0 src=0 stride=" + n(dram) + "\n"), "row-out-of-range");
  // mm's result into ar's last rows, its weights from spad's last T rows.
  const std::string loaded = setup + "dma_ld rows=" + n(T) + " route=2 dst=0 src=0 stride=1\n";
  accepted(halt(loaded + "mm rows=" + n(T) + " wgt=0 act=0 acc=0 dst=" + n(ar - T) + "\n"));
  refused(halt(loaded + "mm rows=" + n(T) + " wgt=0 act=0 acc=0 dst=" + n(ar - T + 1) + "\n"), "row-out-of-range");
  const std::string top = "dma_ld rows=" + n(T) + " route=1 dst=" + n(spad - T) + " src=0 stride=1\n" +
                          "dma_ld rows=" + n(T) + " route=2 dst=0 src=0 stride=1\n";
  accepted(halt(top + "mm rows=" + n(T) + " wgt=" + n(spad - T) + " act=0 acc=0 dst=0\n"));
  refused(halt(top + "mm rows=" + n(T) + " wgt=" + n(spad - T + 1) + " act=0 acc=0 dst=0\n"), "row-out-of-range");
  // mvout from ar's last rows to C's last words.
  const std::string made = loaded + "mm rows=" + n(T) + " wgt=0 act=0 acc=0 dst=" + n(ar - T) + "\n";
  accepted(halt(made + "mvout rows=" + n(T) + " src=" + n(ar - T) + " dst=" + n(dram - T) + " stride=1\n"));
  refused(halt(made + "mvout rows=" + n(T) + " src=" + n(ar - T) + " dst=" + n(dram - T + 1) + " stride=1\n"),
          "row-out-of-range");
}

TEST_CASE("a program fills IMEM exactly, and one word more does not fit", "[limits]") {
  // The headers take kHeaderCount words; the program the rest.
  for (const int64_t imem : {p.IMEM_WORDS, int64_t{8}, int64_t{14}}) {
    isa::Params build = p;
    build.IMEM_WORDS = imem;
    const int64_t room = imem - isa::kHeaderCount;
    INFO("IMEM_WORDS " << imem << ", room for " << room << " words");
    CHECK(check_fits(room, build).ok());
    CHECK(check_fits(room - 1, build).ok());
    CHECK(check_fits(room + 1, build).has("program-too-long"));
  }
}

}  // namespace
}  // namespace loom::tinytpu
