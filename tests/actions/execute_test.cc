// The executor: each op's semantics over lanes and its width rule, as
// docs/actions.md states them, and each named refusal. Every expected value
// is worked from those definitions in a comment, not from the executor.
#include <catch2/catch.hpp>

#include <cstring>

#include "actions/builder.h"
#include "actions/execute.h"

namespace loom::actions {
namespace {

// A machine of one unit `u` with ports p (capacity 4), states `in` (4 rows of
// 2 lanes of 8 bits), `out` (4 rows of 2 lanes of `out_bits`), and a channel
// `c` of 2 lanes of `channel_bits`.
Machine machine(int64_t out_bits = 32, int64_t channel_bits = 8, int64_t out_lanes = 2) {
  Machine m;
  m.name = std::string("m");  // not = "m": gcc 12 at -O2 warns falsely (-Wrestrict, GCC bug 105651)
  m.units.push_back({"u", {{"p", 4}, {"c", 4}}, 1, true, {}});
  m.states = {{"in", 4, 2, 8}, {"out", 4, out_lanes, out_bits}, {"wide", 2, 4, 8}};
  m.channels = {{"c", 2, channel_bits}};
  return m;
}

ExecState state_with(const Machine& m, std::vector<int64_t> in) {
  ExecState s;
  s.states["in"] = std::move(in);
  s.fill(m);
  return s;
}

Status run(Machine& m, Instruction ins, ExecState& s, int64_t rows = 1, std::map<std::string, int64_t> operands = {}) {
  m.instructions = {std::move(ins)};
  return execute(m, {&m.instructions[0], std::move(operands), rows, "instruction 0 (t)"}, s);
}

TEST_CASE("add wraps only where its result is kept: 64 bits by default, `bits` when declared", "[actions][execute]") {
  Machine m = machine(32);
  // in rows 0 and 1: lanes (127, -128) and (1, -1). add: (128, -129), stored
  // into 32-bit lanes unchanged.
  ExecState s = state_with(m, {127, -128, 1, -1, 0, 0, 0, 0});
  InstructionBuilder b("t");
  b.load("u", "p", "x", rows("in", 0, 1, 0)).load("u", "p", "y", rows("in", 1, 1, 0));
  b.compute("u", "p", "add", {"x", "y"}, "s").store("u", "p", {"s"}, rows("out", 0, 1, 0));
  REQUIRE(run(m, b.done(), s).ok());
  CHECK(s.states["out"][0] == 128);
  CHECK(s.states["out"][1] == -129);

  // Kept to 8 bits (`bits`), 128 wraps to -128 and -129 to 127 before the store.
  ExecState k = state_with(m, {127, -128, 1, -1, 0, 0, 0, 0});
  InstructionBuilder kept("t");
  kept.load("u", "p", "x", rows("in", 0, 1, 0)).load("u", "p", "y", rows("in", 1, 1, 0));
  kept.compute("u", "p", "add", {"x", "y"}, "s").bits(8).store("u", "p", {"s"}, rows("out", 0, 1, 0));
  REQUIRE(run(m, kept.done(), k).ok());
  CHECK(k.states["out"][0] == -128);
  CHECK(k.states["out"][1] == 127);
}

TEST_CASE("a store narrows to its state's width: the low bits, sign-extended", "[actions][execute]") {
  Machine m = machine(/*out_bits=*/4);
  // 127 * 127 = 16129 = 0x3F01: low 4 bits 0x1 = 1; -128 * 127 = -16256 =
  // ...0x80 low nibble 0 = 0.
  ExecState s = state_with(m, {127, -128, 127, 127, 0, 0, 0, 0});
  InstructionBuilder b("t");
  b.load("u", "p", "x", rows("in", 0, 1, 0)).load("u", "p", "y", rows("in", 1, 1, 0));
  b.compute("u", "p", "mul", {"x", "y"}, "prod").store("u", "p", {"prod"}, rows("out", 0, 1, 0));
  REQUIRE(run(m, b.done(), s).ok());
  CHECK(s.states["out"][0] == 1);
  CHECK(s.states["out"][1] == 0);
  CHECK(narrow(0xF, 4) == -1);
  CHECK(narrow(7, 4) == 7);
  CHECK(narrow(-9, 4) == 7);  // -9 = ...10111: low 4 bits 0111
}

TEST_CASE("a send narrows to its channel's width, and a receive takes values in the order sent", "[actions][execute]") {
  Machine m = machine(32, /*channel_bits=*/4);
  // Rows 0 and 1 sent, each lane narrowed to 4 bits: 9 -> -7, -8 -> -8, 7 -> 7, 16 -> 0.
  ExecState s = state_with(m, {9, -8, 7, 16, 0, 0, 0, 0});
  InstructionBuilder b("t");
  b.load("u", "p", "x", rows("in"));
  b.send("u", "c", "x").receive("u", "c", "got").store("u", "p", {"got"}, rows("out"));
  REQUIRE(run(m, b.done(), s, 2).ok());
  CHECK(s.states["out"] == std::vector<int64_t>{-7, -8, 7, 0, 0, 0, 0, 0});
}

TEST_CASE("mac is a vector times a row-major matrix; its width grows by the log of its length", "[actions][execute]") {
  Machine m = machine();
  // a = in row 0 = (2, 3); the matrix = wide rows 0..1 read as in rows 1..2:
  // (1, 10), (100, -24) row-major, 2 x 2. out[j] = sum_i a[i] * m[i*2 + j]:
  // out[0] = 2*1 + 3*100 = 302; out[1] = 2*10 + 3*-24 = -52.
  ExecState s = state_with(m, {2, 3, 1, 10, 100, narrow(1000, 8), 0, 0});  // in is 8 bits: 1000 is held as -24
  InstructionBuilder b("t");
  b.load("u", "p", "a", rows("in", 0, 1, 0)).load("u", "p", "mat", rows("in", 1, 2, 0));
  b.compute("u", "p", "mac", {"a", "mat"}, "y").store("u", "p", {"y"}, rows("out", 0, 1, 0));
  REQUIRE(run(m, b.done(), s).ok());
  CHECK(s.states["out"][0] == 2 * 1 + 3 * 100);
  CHECK(s.states["out"][1] == 2 * 10 + 3 * -24);
}

TEST_CASE("fold is a heap-ordered tree: lane i sums nodes 2i+1 and 2i+2, the leaves last", "[actions][execute]") {
  Machine m = machine(32, 8, /*out_lanes=*/3);
  m.states.push_back({"leaf", 1, 4, 8});
  // leaves (1, 2, 4, 8): nodes 3..6; node 1 = 1 + 2 = 3, node 2 = 4 + 8 = 12,
  // node 0 = 15. Out: (15, 3, 12).
  ExecState s;
  s.states["leaf"] = {1, 2, 4, 8};
  s.fill(m);
  InstructionBuilder b("t");
  b.load("u", "p", "l", rows("leaf", 0, 1, 0));
  b.compute("u", "p", "fold", {"l"}, "sums").leaves(4).store("u", "p", {"sums"}, rows("out", 0, 1, 0));
  REQUIRE(run(m, b.done(), s).ok());
  CHECK(std::vector<int64_t>(s.states["out"].begin(), s.states["out"].begin() + 3) == std::vector<int64_t>{15, 3, 12});
}

TEST_CASE("rectify zeroes negatives; clip saturates to the width its value is next sent or stored at", "[actions][execute]") {
  Machine m = machine(32, /*channel_bits=*/4);
  // Clipped to 4 bits, [-8, 7]: 9 -> 7, -8 -> -8, -100 -> -8, 3 -> 3. rectify: 0 for negatives.
  ExecState s = state_with(m, {9, -8, -100, 3, 0, 0, 0, 0});
  InstructionBuilder b("t");
  b.load("u", "p", "x", rows("in"));
  b.compute("u", "p", "clip", {"x"}, "c").send("u", "c", "c").receive("u", "c", "got");
  b.compute("u", "p", "rectify", {"got"}, "r").store("u", "p", {"r"}, rows("out"));
  REQUIRE(run(m, b.done(), s, 2).ok());
  CHECK(s.states["out"] == std::vector<int64_t>{7, 0, 0, 3, 0, 0, 0, 0});
}

TEST_CASE("under ROUNDING, mul, add and fold are binary32, and rectify and clip are refused", "[actions][execute]") {
  Machine m = machine(32, 32, 3);
  m.numerics = Numerics::rounding;
  m.states = {{"f", 1, 4, 32}, {"out", 1, 3, 32}};
  const auto bits = [](float f) {
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return narrow(u, 32);
  };
  // 1e8 + 1 + (-1e8) + 1 in the tree's order: (1e8 + 1) rounds to 1e8, then
  // 1e8 + (-1e8 + 1): -1e8 + 1 rounds to -1e8, root 0; a left-to-right sum gives 1.
  ExecState s;
  s.states["f"] = {bits(1e8f), bits(1.0f), bits(-1e8f), bits(1.0f)};
  s.fill(m);
  InstructionBuilder b("t");
  b.load("u", "p", "l", rows("f", 0, 1, 0)).compute("u", "p", "fold", {"l"}, "sums").leaves(4);
  b.store("u", "p", {"sums"}, rows("out", 0, 1, 0));
  REQUIRE(run(m, b.done(), s).ok());
  CHECK(s.states["out"][0] == bits(0.0f));
  CHECK(s.states["out"][1] == bits(1e8f));
  CHECK(s.states["out"][2] == bits(-1e8f));

  InstructionBuilder r("t");
  r.load("u", "p", "l", rows("f", 0, 1, 0)).compute("u", "p", "rectify", {"l"}, "x").store("u", "p", {"x"}, rows("out", 0, 1, 0));
  const Status refused = run(m, r.done(), s);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.errors()[0].kind == "exec-no-semantics");
}

TEST_CASE("rows follow base, offset, step and stride; a row outside its state is refused by name", "[actions][execute]") {
  Machine m = machine();
  // Row r of the instruction reads in[src + r * stride]: src 1, stride 2 -> rows 1, 3.
  ExecState s = state_with(m, {0, 0, 1, 1, 0, 0, 3, 3});
  InstructionBuilder b("t", {"src", "stride"});
  b.load("u", "p", "x", Rows{"in", "src", 1, 0, 1, "stride"}).store("u", "p", {"x"}, rows("out"));
  Instruction ins = b.done();
  REQUIRE(run(m, ins, s, 2, {{"src", 1}, {"stride", 2}}).ok());
  CHECK(s.states["out"] == std::vector<int64_t>{1, 1, 3, 3, 0, 0, 0, 0});
  // Rows 1, 4: 4 is past in's 4 rows.
  const Status out = run(m, ins, s, 2, {{"src", 1}, {"stride", 3}});
  REQUIRE_FALSE(out.ok());
  CHECK(out.errors()[0].kind == "exec-out-of-range");
  CHECK(out.errors()[0].where == "instruction 0 (t) action 0 (u.p) row 1");
}

TEST_CASE("the executor refuses what it cannot run, each by name", "[actions][execute]") {
  Machine m = machine();
  ExecState s = state_with(m, std::vector<int64_t>(8, 0));
  const auto first = [&](InstructionBuilder b) { return run(m, b.done(), s).errors().at(0).kind; };
  {
    InstructionBuilder b("t");
    b.compute("u", "p", "divide", {}, "x");
    CHECK(first(b) == "exec-no-semantics");
  }
  {
    InstructionBuilder b("t");
    b.compute("u", "p", "select", {"ghost"}, "x");
    CHECK(first(b) == "exec-value-missing");
  }
  {
    InstructionBuilder b("t");
    b.receive("u", "c", "x");
    CHECK(first(b) == "exec-nothing-sent");
  }
  {
    InstructionBuilder b("t");
    b.load("u", "p", "x", rows("in")).send("u", "c", "x");
    CHECK(first(b) == "exec-left-on-channel");
  }
  {
    // 2 lanes stored into a row of 4.
    InstructionBuilder b("t");
    b.load("u", "p", "x", rows("in")).store("u", "p", {"x"}, rows("wide"));
    CHECK(first(b) == "exec-width");
  }
  {
    // A fold of 2 lanes declared as 4 leaves.
    InstructionBuilder b("t");
    b.load("u", "p", "x", rows("in")).compute("u", "p", "fold", {"x"}, "f").leaves(4);
    CHECK(first(b) == "exec-width");
  }
  {
    // A skipped `when` makes nothing: the store finds no value.
    InstructionBuilder b("t", {"op"});
    b.load("u", "p", "x", rows("in")).when("op", {1}).store("u", "p", {"x"}, rows("out"));
    CHECK(run(m, b.done(), s, 1, {{"op", 0}}).errors().at(0).kind == "exec-value-missing");
  }
}

TEST_CASE("every lane remembers the store that wrote it", "[actions][execute]") {
  Machine m = machine();
  ExecState s = state_with(m, {5, 6, 7, 8, 0, 0, 0, 0});
  InstructionBuilder b("t");
  b.load("u", "p", "x", rows("in")).store("u", "p", {"x"}, rows("out"));
  REQUIRE(run(m, b.done(), s, 2).ok());
  CHECK(s.writer("out", 3) == "instruction 0 (t) action 1 (u.p) row 1");
  CHECK(s.writer("out", 5).empty());
  CHECK(s.writer("in", 0).empty());
}

}  // namespace
}  // namespace loom::actions
