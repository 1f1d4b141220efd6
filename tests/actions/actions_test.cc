// The Action layer on machines small enough to work out by hand: the rule's
// refusals, span and initiation, the queries, obligations and the projection.
#include <catch2/catch.hpp>

#include "actions/book.h"
#include "actions/estimate.h"
#include "actions/queries.h"
#include "actions/rule.h"
#include "actions/structure.h"

namespace loom::actions {
namespace {

Action act(std::string unit, std::string port, std::string op, std::vector<std::string> takes = {},
           std::string produces = "", int64_t at = 0) {
  Action a;
  a.unit = std::move(unit);
  a.port = std::move(port);
  a.op = std::move(op);
  a.takes = std::move(takes);
  if (!produces.empty()) a.outputs.push_back({std::move(produces), 0});
  a.at = at;
  return a;
}

// An accumulator with one read port, one write port and an ALU.
Machine accumulator() {
  Machine m;
  m.name = "acc";
  m.units = {{"accu", {{"ar.read"}, {"ar.write"}, {"alu", 2, PortOrigin::arithmetic}}, 1, true, {}}};
  m.states = {{"ar", 64, 4, 32}};
  Action x = act("accu", "ar.read", "load", {}, "x");
  x.reads = Rows{"ar", "a"};
  Action y = act("accu", "ar.read", "load", {}, "y");
  y.reads = Rows{"ar", "b"};
  Action s = act("accu", "alu", "add", {"x", "y"}, "s");
  Action r = act("accu", "alu", "rectify", {"s"}, "r");
  Action w = act("accu", "ar.write", "store", {"r"});
  w.writes = Rows{"ar", "dst"};
  m.instructions.push_back({"vaddrelu", {"a", "b", "dst"}, {x, y, s, r, w}});
  Action v = act("accu", "ar.read", "load", {}, "v");
  v.reads = Rows{"ar", "a"};
  Action rv = act("accu", "alu", "rectify", {"v"}, "rv");
  Action wv = act("accu", "ar.write", "store", {"rv"});
  wv.writes = Rows{"ar", "dst"};
  m.instructions.push_back({"vrelu", {"a", "dst"}, {v, rv, wv}});
  return m;
}

// A reduction tree fed one packed word a row: the fold lands two cycles after
// the word arrives, and the sum leaves two after that.
Machine tree() {
  Machine m;
  m.name = "dottree";
  m.units = {{"tree", {{"in"}, {"adder", 1, PortOrigin::arithmetic}, {"out"}}, 1, false, {}}};
  m.channels = {{"red_in", 8, 16}, {"red_out", 1, 32}};
  Action in = act("tree", "in", "receive", {}, "w");
  in.via = "red_in";
  Action fold = act("tree", "adder", "fold", {"w"}, "sum", 2);
  fold.leaves = 8;
  Action out = act("tree", "out", "send", {"sum"}, "", 2);
  out.via = "red_out";
  m.instructions.push_back({"reduce", {}, {in, fold, out}});
  return m;
}

Error refusal(const Machine& m, const std::string& kind) {
  auto r = check(m);
  REQUIRE_FALSE(r.ok());
  INFO(r.status().to_string());
  for (const Error& e : r.errors())
    if (e.kind == kind) return e;
  FAIL("no " << kind);
  return {};
}

TEST_CASE("span and initiation, worked out by hand") {
  const Machine m = accumulator();
  // vaddrelu: two loads through one read port (cycles 0 and 1), the add when
  // the second is ready (1), the rectify and the store in the same cycle: span
  // 2. The read port is booked twice: initiation 2.
  const Booking vaddrelu = book(m, *m.instruction("vaddrelu"), "accu", Per::row);
  CHECK(vaddrelu.span == 2);
  CHECK(vaddrelu.initiation == 2);
  // vrelu: one of each port: span 1, initiation 1.
  const Booking vrelu = book(m, *m.instruction("vrelu"), "accu", Per::row);
  CHECK(vrelu.span == 1);
  CHECK(vrelu.initiation == 1);
  CHECK(work(m, *m.instruction("vaddrelu"), "accu", 3) == 6);
  CHECK(latency(m, *m.instruction("vaddrelu"), "accu", 3) == 2 * 2 + 2);
  // The tree: receive at 0, fold at 0 + 2, send at 2 + 2: span 5; every port
  // once a row: initiation 1.
  const Machine t = tree();
  const Booking reduce = book(t, t.instructions[0], "tree", Per::row);
  CHECK(reduce.span == 5);
  CHECK(reduce.initiation == 1);
  // A unit the instruction does not reach books nothing.
  CHECK(book(m, *m.instruction("vrelu"), "nobody", Per::row).empty());
  // An ALU of capacity 1 doing add and rectify in one cycle still costs 2 a row,
  // because the read port already binds at 2.
  Machine single = m;
  single.units[0].ports[2].capacity = 1;
  const Booking narrow = book(single, *single.instruction("vaddrelu"), "accu", Per::row);
  CHECK(narrow.initiation == 2);
  CHECK(narrow.span == 3);
}

TEST_CASE("a latency is not an initiation interval: 16 rows of the tree are 16 steps, not 80") {
  const Machine t = tree();
  const Instruction& reduce = t.instructions[0];
  CHECK(work(t, reduce, "tree", 16) == 16);
  CHECK(latency(t, reduce, "tree", 16) == 20);
  // Charging the span as occupancy, the seed's defect, would have said 80.
  CHECK(book(t, reduce, "tree", Per::row).span * 16 == 80);
  // And the non-elastic tree is accepted: its rate is 1, its ii is 1; only its latency is 5.
  CHECK(check(t).ok());
}

TEST_CASE("the rule refuses what it can disprove, each by name") {
  Machine m = accumulator();
  m.instructions[0].actions[0].unit = "acu";
  CHECK(refusal(m, "unknown-unit").where.find("instruction 'vaddrelu' action 0") == 0);

  m = accumulator();
  m.instructions[0].actions[2].port = "mul";
  CHECK(refusal(m, "unknown-port").message.find("'mul'") != std::string::npos);

  m = accumulator();
  m.instructions[0].actions[0].reads->state = "vr";
  refusal(m, "unknown-state");

  m = accumulator();
  m.instructions[0].actions[4].writes->base = "d";
  refusal(m, "unknown-operand");

  m = accumulator();
  std::swap(m.instructions[0].actions[2], m.instructions[0].actions[3]);  // rectify before the add
  CHECK(refusal(m, "value-before-produced").message.find("'s'") != std::string::npos);

  Machine t = tree();
  t.instructions[0].actions[1].leaves = 4;
  CHECK(refusal(t, "fold-width").message.find("'red_in' with 8 lanes") != std::string::npos);

  t = tree();
  t.instructions[0].actions[0].via = "red_inn";
  refusal(t, "unknown-channel");

  // Non-elastic and booking its one input port twice a row: its rate is 2, its ii 1.
  t = tree();
  t.instructions[0].actions.insert(t.instructions[0].actions.begin() + 1, act("tree", "in", "receive", {}, "w2"));
  t.instructions[0].actions[1].via = "red_in";
  CHECK(refusal(t, "over-rate").message.find("ii is 1") != std::string::npos);
  // ...and 'w2', made and never taken, is refused on its own.
  CHECK(refusal(t, "unused-value").where == "instruction 'reduce' action 1 (tree.in)");

  // A value taken that no action makes at all, apart from one made too late.
  m = accumulator();
  m.instructions[0].actions[2].takes = {"x", "z"};
  CHECK(refusal(m, "value-never-made").message == "takes 'z', which no action of the instruction makes");
  // A value made and never taken: an add whose sum the rectify does not use.
  m = accumulator();
  m.instructions[0].actions[3].takes = {"x"};
  CHECK(refusal(m, "unused-value").message == "makes 's', which no action of the instruction takes");

  // A value made under an operand's value where nothing that takes it runs:
  // vaddrelu with an `op` choosing between rectifying (1) and storing the sum
  // as it is (0), whose rectify is predicated and whose loads are not: fine,
  // the plain store takes s under op 0. Let that store take y instead, and s
  // is made under op 0 for nothing.
  m = accumulator();
  auto& acts = m.instructions[0].actions;
  m.instructions[0].operands.push_back("op");
  acts[3].when = When{"op", {1}};
  acts[4].when = When{"op", {1}};
  Action plain = act("accu", "ar.write", "store", {"s"});
  plain.writes = Rows{"ar", "dst"};
  plain.when = When{"op", {0}};
  acts.push_back(plain);
  CHECK(check(m).ok());
  acts.back().takes = {"y"};
  CHECK(refusal(m, "unused-value").message == "makes 's' when op is 0, where no action takes it");
  CHECK(refusal(m, "unused-value").where == "instruction 'vaddrelu' action 2 (accu.alu)");
}

TEST_CASE("exclusive alternatives are booked apart, so they do not add up to an over-rate") {
  Machine t = tree();
  t.instructions[0].operands = {"which"};
  Action a0 = t.instructions[0].actions[0], a1 = t.instructions[0].actions[0];
  a0.when = When{"which", {0}};
  a1.when = When{"which", {1}};
  t.instructions[0].actions[0] = a0;
  t.instructions[0].actions.insert(t.instructions[0].actions.begin() + 1, a1);
  CHECK(check(t).ok());  // one receive a row whichever `which` is
  CHECK(book(t, t.instructions[0], "tree", Per::row, {{"which", 1}}).initiation == 1);
  CHECK(values_out(t.instructions[0]) ==
        std::vector<std::string>{"red_out = fold8((red_in if which in {0} | red_in if which in {1}))"});
}

TEST_CASE("uses of a port with room for two share cycles") {
  Machine m = accumulator();
  m.units[0].ports[0].capacity = 2;  // ar.read
  const Booking b = book(m, *m.instruction("vaddrelu"), "accu", Per::row);
  CHECK(b.initiation == 1);
  CHECK(b.span == 1);
  Action many = act("accu", "ar.read", "load", {}, "z");
  many.times = 3;
  Machine three = m;
  three.instructions[1].actions.insert(three.instructions[1].actions.begin(), many);
  CHECK(book(three, three.instructions[1], "accu", Per::row).initiation == 2);  // 4 reads, 2 a cycle
}

// Closed forms on cases chosen so that a wrong rounding, a lost use or a
// latency taken for a rate shows. From docs/actions.md ("Span and
// initiation"): each use takes the first cycle its port has room from its
// action's ready time; span = last effect - first + 1 (an output's `at` after
// its action's last use counts); initiation = max over ports of
// ceil(uses / capacity); work = rows x the row initiation + the
// per-instruction initiation; latency = (rows - 1) x initiation + span; and
// port_cycles = ceil(uses a row x rows / capacity) + ceil(uses once / capacity).
Machine one_port(int64_t capacity) {
  Machine m;
  m.name = "closed";
  m.units = {{"u", {{"p", capacity}, {"alu", 1, PortOrigin::arithmetic}, {"q"}}, 1, true, {}}};
  return m;
}

TEST_CASE("closed forms: a rate that is not a whole number of cycles rounds up, everywhere it is used", "[actions][closed]") {
  // 3 uses on a port of room 2: cycles 0, 0, 1. span = 1 - 0 + 1 = 2;
  // initiation = ceil(3 / 2) = 2 (1 if floored, 1.5 if not rounded). Over 5
  // rows: work = 5 x 2 = 10; latency = 4 x 2 + 2 = 10; the port's cycles,
  // counted over the whole call, ceil(3 x 5 / 2) = 8.
  Machine m = one_port(2);
  Action a = act("u", "p", "load", {}, "x");
  a.times = 3;
  m.instructions.push_back({"three", {}, {a}});
  const Instruction& three = m.instructions[0];
  const Booking b = book(m, three, "u", Per::row);
  CHECK(b.span == 2);
  CHECK(b.initiation == 2);
  CHECK(work(m, three, "u", 5) == 10);
  CHECK(latency(m, three, "u", 5) == 10);
  CHECK(port_cycles(m, three, "u", 5).at("p") == 8);
  // 7 uses on room 3: cycles 0, 0, 0, 1, 1, 1, 2. span 3; initiation
  // ceil(7 / 3) = 3 (2 if floored or rounded to nearest). Over 4 rows: work
  // 12; latency 3 x 3 + 3 = 12; port cycles ceil(28 / 3) = 10.
  Machine wide = one_port(3);
  a.times = 7;
  wide.instructions.push_back({"seven", {}, {a}});
  const Booking w = book(wide, wide.instructions[0], "u", Per::row);
  CHECK(w.span == 3);
  CHECK(w.initiation == 3);
  CHECK(work(wide, wide.instructions[0], "u", 4) == 12);
  CHECK(latency(wide, wide.instructions[0], "u", 4) == 12);
  CHECK(port_cycles(wide, wide.instructions[0], "u", 4).at("p") == 10);
}

TEST_CASE("closed forms: a port of room 1 against many uses, times above 1, and a per-instruction action", "[actions][closed]") {
  // Row: a load used 6 times on p (room 1: cycles 0..5), its value ready
  // after the last use (5); a store of that value on p, at the first cycle
  // with room (6); a send of it on q, declared 2 after its input (5 + 2 = 7).
  // span = 7 - 0 + 1 = 8; initiation = max(7 uses of p, 1 of q) = 7. Once: 3 uses of q: initiation 3. Over 3 rows: work = 3 x 7 + 3 =
  // 24; latency = 2 x 7 + 8 = 22; port cycles p = 7 x 3 = 21, q = 1 x 3 + 3 = 6.
  Machine m = one_port(1);
  Action load = act("u", "p", "load", {}, "x");
  load.times = 6;
  Action store = act("u", "p", "store", {"x"});
  Action send = act("u", "q", "send", {"x"}, "", 2);
  Action once = act("u", "q", "send", {});
  once.per = Per::instruction;
  once.times = 3;
  m.instructions.push_back({"many", {}, {load, store, send, once}});
  const Instruction& many = m.instructions[0];
  const Booking row = book(m, many, "u", Per::row);
  CHECK(row.span == 8);
  CHECK(row.initiation == 7);
  CHECK(book(m, many, "u", Per::instruction).initiation == 3);
  CHECK(work(m, many, "u", 3) == 24);
  CHECK(latency(m, many, "u", 3) == 22);
  const auto cycles = port_cycles(m, many, "u", 3);
  CHECK(cycles.at("p") == 21);
  CHECK(cycles.at("q") == 6);
  // One row and none: latency is the span, and nothing.
  CHECK(latency(m, many, "u", 1) == 8);
  CHECK(latency(m, many, "u", 0) == 0);
  CHECK(work(m, many, "u", 0) == 3);
}

TEST_CASE("closed forms: one fold with several outputs, each landing at its own latency", "[actions][closed]") {
  // A receive at 0 (w ready at 0); the fold at its `at` of 1, so at 1, making
  // s 2 cycles later (3) and h 1 later (2); a send of s on q at 3 and of h on
  // p at 2. span = 3 - 0 + 1 = 4; each port once a row: initiation 1. Over 16
  // rows: work 16, latency 15 x 1 + 4 = 19. One action, however many taps.
  Machine m = one_port(1);
  m.units[0].ports.push_back({"in"});
  Action in = act("u", "in", "receive", {}, "w");
  Action fold = act("u", "alu", "fold", {"w"}, "", 1);
  fold.outputs = {{"s", 2}, {"h", 1}};
  fold.leaves = 4;
  Action send_s = act("u", "q", "send", {"s"});
  Action send_h = act("u", "p", "send", {"h"});
  m.instructions.push_back({"reduce", {}, {in, fold, send_s, send_h}});
  const Instruction& reduce = m.instructions[0];
  std::vector<Placement> placed;
  const Booking b = book(m, reduce, "u", Per::row, {}, &placed);
  REQUIRE(placed.size() == 4);
  CHECK(placed[1].first == 1);  // the fold
  CHECK(placed[2].first == 3);  // s, 2 after it
  CHECK(placed[3].first == 2);  // h, 1 after it
  CHECK(b.span == 4);
  CHECK(b.initiation == 1);
  CHECK(work(m, reduce, "u", 16) == 16);
  CHECK(latency(m, reduce, "u", 16) == 19);
}

TEST_CASE("the queries read the one list") {
  const Machine m = accumulator();
  const Instruction& ins = *m.instruction("vaddrelu");
  CHECK(units_reached(ins) == std::vector<std::string>{"accu"});
  CHECK(reads_before_writes(ins) == std::vector<std::string>{"ar[a]", "ar[b]"});
  CHECK(values_out(ins) == std::vector<std::string>{"ar[dst] = relu((ar[a] + ar[b]))"});
  CHECK(values_out(tree().instructions[0]) == std::vector<std::string>{"red_out = fold8(red_in)"});
}

TEST_CASE("what the rule cannot confirm comes back as obligations") {
  Machine t = tree();
  t.claims.push_back({"unit 'tree'", "the node array is wires", "a partitioned array is not one port", "Vitis directives", true});
  auto exact = check(t);
  REQUIRE(exact.ok());
  REQUIRE(exact.value().size() == 2);
  CHECK(exact.value()[0].claim == "the node array is wires");
  CHECK(exact.value()[1].claim.find("reassociates") != std::string::npos);
  CHECK_FALSE(exact.value()[1].open);  // discharged under EXACT numerics
  t.numerics = Numerics::rounding;
  auto rounding = check(t);
  REQUIRE(rounding.ok());
  CHECK(rounding.value()[1].open);
}

// A composition as the projection sees it: an accumulator kernel and a DMA.
class FakeArchitecture : public ArchitectureView {
 public:
  std::vector<Kernel> kernels() const override {
    return {{"accu", 1, {{"ar", false, true, true, 64, 4, 32}, {"from_array", true, true, false, 0, 4, 32}}, 1, 1, 1, 1,
             {"add", "rectify"}},
            {"dma", 1, {{"A", false, true, false, 64, 4, 8}, {"B", false, true, false, 64, 4, 8}, {"to_spm", true, false, true, 0, 4, 8}}}};
  }
};

Machine projected() {
  Machine m = accumulator();
  m.units[0].ports.push_back({"from_array"});
  m.units.push_back({"dma", {{"dram.read", 1, PortOrigin::alias, {"A.read", "B.read"}, "one AXI read path"}, {"to_spm"}}, 1, true, {}});
  return m;
}

TEST_CASE("projection classifies every port, and checks the unmodelled table both ways") {
  const Structure s = structure(FakeArchitecture());
  REQUIRE(s.unit("dma") != nullptr);
  std::vector<std::string> dma_ports;
  for (const DerivedPort& port : s.unit("dma")->ports) dma_ports.push_back(port.name);
  CHECK(dma_ports == std::vector<std::string>{"A.read", "B.read", "to_spm"});
  CHECK(s.states.size() == 3);

  auto p = projection(s, projected(), {});
  REQUIRE(p.ok());

  // A send on a channel the composition has the unit only read, and a
  // receive on one it only writes, each refused by name.
  Machine backwards = projected();
  Action send = act("accu", "from_array", "send", {"r"});
  send.via = "from_array";
  backwards.instructions[0].actions.push_back(send);
  Action receive = act("dma", "to_spm", "receive", {}, "row");
  receive.via = "to_spm";
  backwards.instructions[1].actions.push_back(receive);
  auto wrong_way = projection(s, backwards, {});
  REQUIRE_FALSE(wrong_way.ok());
  REQUIRE(wrong_way.errors().size() == 2);
  CHECK(wrong_way.errors()[0].kind == "send-not-written");
  CHECK(wrong_way.errors()[0].where == "instruction 'vaddrelu' action 5 (accu.from_array)");
  CHECK(wrong_way.errors()[0].message == "sends on 'from_array', which the composition has accu only read");
  CHECK(wrong_way.errors()[1].kind == "receive-not-read");
  CHECK(wrong_way.errors()[1].message == "receives on 'to_spm', which the composition has dma only write");
  // An op the accumulator's unit does not declare; the DMA declares none, so
  // nothing it is asked is checked.
  Machine subtracts = projected();
  subtracts.instructions[0].actions[2].op = "sub";
  auto sub = projection(s, subtracts, {});
  REQUIRE_FALSE(sub.ok());
  CHECK(sub.errors()[0].kind == "op-not-provided");
  CHECK(sub.errors()[0].where == "instruction 'vaddrelu' action 2 (accu.alu)");
  CHECK(sub.errors()[0].message == "asks for 'sub', which accu does not provide (it declares add, rectify)");
  Machine dma_computes = projected();
  dma_computes.instructions[0].actions.push_back(act("dma", "dram.read", "select", {}, ""));
  const auto dma = projection(s, dma_computes, {});  // kept: a range-for over a temporary's member dangles
  for (const Error& e : dma.errors()) CHECK(e.kind != "op-not-provided");
  // And one via a composed channel bound to another unit only.
  Machine astray = projected();
  Action stray = act("accu", "from_array", "send", {"r"});
  stray.via = "to_spm";
  astray.instructions[0].actions.push_back(stray);
  auto unbound = projection(s, astray, {});
  REQUIRE_FALSE(unbound.ok());
  CHECK(unbound.errors()[0].kind == "channel-not-bound");
  CHECK(unbound.errors()[0].message == "sends via 'to_spm', which the composition binds to no port of accu");
  CHECK(p.value().ports.size() == 6);
  CHECK(p.value().to_string().find("dram.read         ALIAS        stands for A.read + B.read") != std::string::npos);

  // A port the machine calls derived that the composition lacks.
  Machine extra = projected();
  extra.units[0].ports.push_back({"ar.read2"});
  CHECK(projection(s, extra, {}).errors()[0].kind == "port-not-derived");

  // A composed port the machine leaves out: listed, it passes; unlisted, it fails.
  Machine fewer = projected();
  fewer.units[1].ports.pop_back();  // to_spm
  auto missing = projection(s, fewer, {});
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.errors()[0].kind == "unmodelled-missing");
  CHECK(missing.errors()[0].where == "port 'dma.to_spm'");
  CHECK(projection(s, fewer, {{"dma", "to_spm", "the model stops at the scratchpad"}}).ok());

  // A stale entry: the machine models it, or the composition has no such port.
  auto modelled = projection(s, projected(), {{"dma", "to_spm", "stale"}});
  REQUIRE_FALSE(modelled.ok());
  CHECK(modelled.errors()[0].kind == "unmodelled-stale");
  auto gone = projection(s, projected(), {{"dma", "to_vru", "gone"}});
  REQUIRE_FALSE(gone.ok());
  CHECK(gone.errors()[0].message.find("no such port") != std::string::npos);

  // A machine unit, or a kernel it names, must be composed.
  Machine ghost = projected();
  ghost.units[1].kernels = {"dma", "dma_st"};
  auto no_kernel = projection(s, ghost, {});
  REQUIRE_FALSE(no_kernel.ok());
  CHECK(no_kernel.errors()[0].kind == "unit-not-composed");
  CHECK(no_kernel.errors()[0].message.find("'dma_st'") != std::string::npos);

  // States and channels both models state must agree in rows and widths.
  Machine wide = projected();
  wide.states[0].lane_bits = 16;
  auto mismatch = projection(s, wide, {});
  REQUIRE_FALSE(mismatch.ok());
  CHECK(mismatch.errors()[0].kind == "state-mismatch");
  CHECK(mismatch.errors()[0].message.find("64 rows of 4x16") != std::string::npos);
  Machine chan = projected();
  chan.channels.push_back({"from_array", 8, 32});
  auto narrow = projection(s, chan, {});
  REQUIRE_FALSE(narrow.ok());
  CHECK(narrow.errors()[0].kind == "channel-mismatch");

  // An alias must stand for ports that exist.
  Machine bad_alias = projected();
  bad_alias.units[1].ports[0].stands_for.push_back("C.read");
  CHECK(projection(s, bad_alias, {}).errors()[0].kind == "alias-target-missing");
}

// The tree with its fold read at two taps, the root and one level down: the
// root lands two cycles after the word, the half tap one.
Machine two_taps() {
  Machine m = tree();
  m.units[0].ports.push_back({"half_out"});
  m.channels.push_back({"red_half", 2, 32});
  Instruction& ins = m.instructions[0];
  ins.actions[1].outputs = {{"sum", 0}, {"half", 1}};
  ins.actions[1].at = 2;
  ins.actions[1].outputs[0].at = 0;
  ins.actions[1].outputs[1].at = 0;
  Action half = act("tree", "half_out", "send", {"half"}, "", 2);
  half.via = "red_half";
  ins.actions.push_back(half);
  return m;
}

TEST_CASE("one fold read at two taps is one action with two outputs: one reassociation, one obligation") {
  Machine m = two_taps();
  m.numerics = Numerics::rounding;
  auto one = check(m);
  REQUIRE(one.ok());
  CHECK(one.value().size() == 1);
  CHECK(one.value()[0].open);
  CHECK(values_out(m.instructions[0]) ==
        std::vector<std::string>{"red_out = fold8(red_in).sum", "red_half = fold8(red_in).half"});
  // The seed's only way to say it: two folds of one word, two obligations for one reassociation.
  Machine seed = m;
  Instruction& ins = seed.instructions[0];
  ins.actions[1].outputs = {{"sum", 0}};
  Action second = ins.actions[1];
  second.outputs = {{"half", 0}};
  ins.actions.insert(ins.actions.begin() + 2, second);
  seed.units[0].ports[1].capacity = 2;  // room for both folds a cycle, so only the count differs
  auto two = check(seed);
  REQUIRE(two.ok());
  CHECK(two.value().size() == 2);
}

TEST_CASE("a fold's outputs are not held to the channel's lanes: a fold of a tap is not refused") {
  Machine m = two_taps();
  Action again = act("tree", "adder", "fold", {"half"}, "whole");
  again.leaves = 2;
  m.instructions[0].actions.insert(m.instructions[0].actions.begin() + 2, again);
  m.instructions[0].actions.back().takes = {"whole"};  // the half tap now sends the fold of it
  m.units[0].ports[1].capacity = 2;
  auto r = check(m);
  INFO(r.status().to_string());
  CHECK(r.ok());
  // A lane-wise step keeps the width, so a fold after it is still checked.
  Machine lanewise = tree();
  Action scale = act("tree", "adder", "mul", {"w"}, "w2");
  lanewise.instructions[0].actions.insert(lanewise.instructions[0].actions.begin() + 1, scale);
  lanewise.instructions[0].actions[2].takes = {"w2"};
  lanewise.instructions[0].actions[2].leaves = 4;
  CHECK(refusal(lanewise, "fold-width").message.find("'red_in' with 8 lanes") != std::string::npos);
}

TEST_CASE("the taps of an action taken only for some operand values say so after the tap") {
  Machine m = two_taps();
  m.instructions[0].operands = {"op"};
  m.instructions[0].actions[1].when = When{"op", {1}};
  CHECK(values_out(m.instructions[0]) == std::vector<std::string>{"red_out = fold8(red_in).sum if op in {1}",
                                                                   "red_half = fold8(red_in).half if op in {1}"});
}

TEST_CASE("each output lands at its own latency") {
  Machine m = two_taps();
  // receive 0, fold placed at 2: sum at 2, half at 2; both sends 2 later: span 5.
  CHECK(book(m, m.instructions[0], "tree", Per::row).span == 5);
  // The half tap a cycle later than the root makes the half send the last effect.
  m.instructions[0].actions[1].outputs[1].at = 1;
  CHECK(book(m, m.instructions[0], "tree", Per::row).span == 6);
  CHECK(book(m, m.instructions[0], "tree", Per::row).initiation == 1);
  // An output nothing reads still lands within the span.
  Machine unread = tree();
  unread.instructions[0].actions[1].outputs.push_back({"late", 9});
  CHECK(book(unread, unread.instructions[0], "tree", Per::row).span == 2 + 9 + 1);
}

TEST_CASE("outputs are named once each, and no latency is negative") {
  Machine m = two_taps();
  m.instructions[0].actions[1].outputs[1].value = "sum";
  CHECK(refusal(m, "duplicate-output").message == "makes 'sum' twice");
  m = two_taps();
  m.instructions[0].actions[1].outputs[1].at = -1;
  CHECK(refusal(m, "negative-latency").message.find("'half' -1 cycles") != std::string::npos);
  m = two_taps();
  m.instructions[0].actions[2].at = -3;
  refusal(m, "negative-latency");
  m = two_taps();
  m.instructions[0].actions[1].outputs[1].value = "";
  refusal(m, "unnamed-output");
}

// A producer reading X and a consumer writing Y, on one channel, c, that passes `rate`: at most
// rate.words words every rate.cycles cycles (structure.h, Rate; compose/ gives
// a FIFO's depth and its period, read after write + write after read), and
// whose words are read `raw` cycles after they are written.
class PairArchitecture : public ArchitectureView {
 public:
  PairArchitecture(Rate rate, int64_t raw) : rate_(rate), raw_(raw) {}
  std::vector<Kernel> kernels() const override {
    Bound out{"c", true, false, true, 0, 1, 32}, in{"c", true, true, false, 0, 1, 32};
    out.rate = in.rate = rate_;
    out.read_after_write = in.read_after_write = raw_;
    return {{"producer", 1, {{"X", false, true, false, 16, 1, 32}, out}},
            {"consumer", 1, {in, {"Y", false, false, true, 16, 1, 32}}}};
  }

 private:
  Rate rate_;
  int64_t raw_;
};

// The implied machine plus one instruction: a row of X sent on c, received
// and stored in Y; and an alias on the consumer standing for c.
Machine stream_pair(const Structure& s) {
  Machine m = implied_machine(s, "pair");
  Action load = act("producer", "X.read", "load", {}, "x");
  load.reads = Rows{"X", ""};
  Action send = act("producer", "c", "send", {"x"});
  send.via = "c";
  Action receive = act("consumer", "c", "receive", {}, "y");
  receive.via = "c";
  Action store = act("consumer", "Y.write", "store", {"y"});
  store.writes = Rows{"Y", ""};
  m.instructions.push_back({"stream", {}, {load, send, receive, store}});
  m.units[1].ports.push_back({"link", 1, PortOrigin::alias, {"c"}, "the consumer's one input"});
  return m;
}

TEST_CASE("closed forms: a channel passing under a word a cycle costs each word 1 / rate cycles", "[actions][closed]") {
  // min(1, D / (rw + 1)) words a cycle, counted in integers: n words take
  // ceil(n x cycles / words) cycles where words < cycles, n otherwise.
  CHECK(Rate{1, 2}.throttles());
  CHECK(Rate{1, 2}.cycles_for(10) == 20);
  CHECK(Rate{2, 3}.cycles_for(10) == 15);
  CHECK(Rate{2, 3}.cycles_for(9) == 14);  // 13.5 rounds up
  CHECK_FALSE(Rate{2, 2}.throttles());
  CHECK(Rate{2, 2}.cycles_for(9) == 9);
  CHECK(Rate{3, 3}.cycles_for(9) == 9);
  CHECK(Rate{INT64_MAX, 3}.normal().words == 1);  // an unbounded depth never multiplies
  CHECK(slower(Rate{2, 3}, Rate{1, 2}).cycles == 2);
  CHECK(slower(Rate{1, 1}, Rate{2, 3}).words == 2);
  CHECK(slower(Rate{INT64_MAX, 3}, Rate{5, 3}).words == 1);

  // K = 10 rows, a word a row. Control costs {1, 1, 1, 1}: the producer
  // starts at 2 and is busy ceil(K x cycles / words); its crossing is rw (a
  // depth-1 pipeline writes in the cycle it reads, and its word is read rw
  // later). The consumer starts when the first word is across, 2 + rw, and
  // its last row is a cycle after the producer's last word is across,
  // 2 + busy + rw + 1; then its crossing 1 and exit 1, and the region's done
  // 1: cycles = busy + rw + 6.
  const int64_t K = 10;
  struct Case {
    Rate rate;
    int64_t raw, busy;
  };
  // Depth 1, a shift register: rw 1, a word every 2 cycles. Depth 2, a RAM
  // (wide words): rw 2, 2 words every 3. Depth 3, a RAM: 3 every 3, no bound.
  for (const Case& c : {Case{{1, 2}, 1, 2 * K}, Case{{2, 3}, 2, (3 * K + 1) / 2}, Case{{3, 3}, 2, K}}) {
    INFO(c.rate.words << " words every " << c.rate.cycles << " cycles");
    const Structure s = structure(PairArchitecture(c.rate, c.raw));
    const Machine m = stream_pair(s);
    REQUIRE(check(m).ok());
    const Instruction& ins = m.instructions[0];
    const Unit& producer = *m.unit("producer");
    const Unit& consumer = *m.unit("consumer");
    CHECK(s.unit("producer")->port("c")->rate.cycles == c.rate.normal().cycles);
    CHECK(rate(s, producer, "c").words == c.rate.normal().words);
    CHECK(rate(s, consumer, "link").cycles == c.rate.normal().cycles);  // an alias: the channel it stands for
    CHECK(rate(s, consumer, "c<").cycles == c.rate.normal().cycles);    // a chain's side: its port's
    CHECK(rate(s, consumer, "nothing").cycles == 1);
    // The booking is the pipeline's: a word a row is an initiation of 1, and
    // K steps. The FIFO stalls it, so each endpoint is busy longer.
    CHECK(book(m, ins, "producer", Per::row).initiation == 1);
    CHECK(work(m, ins, "producer", K) == K);
    CHECK(port_cycles(m, ins, "producer", K).at("c") == K);
    CHECK(port_cycles(m, s, ins, "producer", K).at("c") == c.busy);
    CHECK(port_cycles(m, s, ins, "consumer", K).at("c") == c.busy);
    CHECK(busy(m, s, ins, "producer", K) == c.busy);
    CHECK(busy(m, s, ins, "consumer", K) == c.busy);
    const Estimate e = estimate(m, s, {&ins, {}, K, "stream"}, ControlCosts{});
    REQUIRE(e.units.size() == 2);
    CHECK(e.units[0].work == K);
    CHECK(e.units[0].busy == c.busy);
    CHECK(e.units[1].busy == c.busy);
    if (c.rate.throttles()) CHECK(e.units[0].port == "c");  // else X.read's K cycles, as many
    CHECK(e.cycles == c.busy + c.raw + 6);
  }
}

// A tree kernel whose node array is declared fully partitioned, or not.
class TreeArchitecture : public ArchitectureView {
 public:
  explicit TreeArchitecture(bool partitioned) : partitioned_(partitioned) {}
  std::vector<Kernel> kernels() const override {
    Bound node{"node", false, true, true, 15, 1, 19};
    node.partitioned = partitioned_;
    return {{"tree", 1, {{"red_in", true, true, false, 0, 8, 16}, node, {"red_out", true, false, true, 0, 1, 32}}, 1, 1, 5, 1}};
  }

 private:
  bool partitioned_;
};

// The implied machine plus an adder and a tree that writes its 8 leaves a row.
Machine leaf_writer(const Structure& s) {
  Machine m = implied_machine(s, "tree");
  m.units[0].elastic = false;
  m.units[0].ports.push_back({"adder", 1, PortOrigin::arithmetic, {}, "the adders"});
  Action in = act("tree", "red_in", "receive", {}, "w");
  in.via = "red_in";
  Action leaves = act("tree", "node.write", "store", {"w"});
  leaves.times = 8;
  Action fold = act("tree", "adder", "fold", {"w"}, "sum", 2);
  fold.leaves = 8;
  Action out = act("tree", "red_out", "send", {"sum"});
  out.via = "red_out";
  m.instructions.push_back({"reduce", {}, {in, leaves, fold, out}});
  return m;
}

TEST_CASE("a fully partitioned array derives as registers: a port with room for every row") {
  const Structure wires = structure(TreeArchitecture(true));
  REQUIRE(wires.unit("tree") != nullptr);
  CHECK(wires.unit("tree")->port("node.write")->capacity == 15);
  CHECK(wires.unit("tree")->port("node.read")->capacity == kAnyUses);  // a register's value fans out
  CHECK(wires.unit("tree")->port("red_in")->capacity == 1);
  CHECK(wires.unit("tree")->depth == 5);
  const Machine m = leaf_writer(wires);
  CHECK(check(m).ok());
  CHECK(work(m, m.instructions[0], "tree", 16) == 16);
  // The seed's structure(): one write port, so 8 leaves a row take 8 cycles,
  // and the non-elastic tree is refused for a rate it does not have.
  const Structure ram = structure(TreeArchitecture(false));
  CHECK(ram.unit("tree")->port("node.write")->capacity == 1);
  const Machine wrong = leaf_writer(ram);
  CHECK(work(wrong, wrong.instructions[0], "tree", 16) == 128);
  CHECK(refusal(wrong, "over-rate").message.find("8 times a row") != std::string::npos);
  // The projection holds a machine's derived capacities to the composition's.
  CHECK(projection(wires, m, {}).ok());
  auto mismatch = projection(ram, m, {});
  REQUIRE_FALSE(mismatch.ok());
  CHECK(mismatch.errors()[0].kind == "port-capacity");
  CHECK(mismatch.errors()[0].where == "port 'tree.node.read'");
  CHECK(mismatch.errors()[0].message == "the machine gives it any number of uses a cycle, the composition 1");
  auto claimed = projection(wires, wrong, {});
  REQUIRE_FALSE(claimed.ok());
  CHECK(claimed.errors()[0].message.find("fully partitioned") != std::string::npos);
}

}  // namespace
}  // namespace loom::actions
