// DotTree composed and run: bit-exact against its tree-order reference under
// both numerics and at every built lane count; the ROUNDING build's result
// differs from a sequential sum, so its open obligation is real; its action
// model derives whole from the composition; and its instruction costs 16 steps
// of work and 20 cycles of latency for 16 rows, which the simulator agrees with.
#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <random>
#include <set>

#include "actions/book.h"
#include "actions/queries.h"
#include "actions/rule.h"
#include "compose/sim/axi_timing.h"
#include "compose/sim/control_timing.h"
#include "compose/sim/fifo_timing.h"
#include "compose/sim/simulator.h"
#include "machines/dottree/action_model.h"
#include "machines/dottree/dottree.h"
#include "machines/dottree/reference.h"
#include "units/bits.h"

namespace loom::dottree {
namespace {

Region composed(const Overrides& overrides) {
  auto arch = architecture(overrides);
  INFO(arch.status().to_string());
  REQUIRE(arch.ok());
  auto region = arch.value().compose(overrides);
  INFO(region.status().to_string());
  REQUIRE(region.ok());
  return std::move(region).value();
}

// DotTree's additions to the machine a (possibly edited) structure implies.
Result<RegionModel> derive(const actions::Structure& st) {
  return model_of(actions::implied_machine(st, "dottree"), composed({}));
}

struct Run {
  Region region;
  SimResult result;
  Status check;
};

Run simulated(const Overrides& overrides, uint64_t seed = 0) {
  Region region = composed(overrides);
  auto work = workload(region, seed);
  REQUIRE(work.ok());
  auto result = simulate(region, work.value().inputs);
  REQUIRE(result.ok());
  INFO(result.value().summary());
  REQUIRE(result.value().ok());
  Status check = work.value().check(result.value().arguments);
  return {std::move(region), std::move(result).value(), std::move(check)};
}

const ProcessStats& stats_of(const SimResult& r, const std::string& name) {
  for (const auto& p : r.processes)
    if (p.name == name) return p;
  FAIL("no process " << name);
  return r.processes.front();
}

TEST_CASE("DotTree simulates bit-exact against its reference, at every built configuration", "[dottree][sim]") {
  for (const BuildKey& key : Built::keys)
    for (int64_t rows : {1, 16, 37})
      for (uint64_t seed : {0, 1, 2}) {
        INFO(key.to_string() << " ROWS=" << rows << " seed " << seed);
        const Run r = simulated(
            {{"NUMERICS", key.numerics}, {"RED_LANES", key.lanes}, {"RED_IN_BITS", key.in_bits}, {"ROWS", rows}}, seed);
        INFO(r.check.to_string());
        CHECK(r.check.ok());
        // Every row leaves both taps.
        CHECK(r.result.arguments.at("S").rows() == rows);
        CHECK(r.result.arguments.at("H").rows() == rows);
      }
}

TEST_CASE("the check catches one wrong bit of either tap", "[dottree][sim]") {
  for (int64_t numerics : {kExact, kRounding}) {
    Region region = composed({{"NUMERICS", numerics}});
    auto work = workload(region, 3);
    REQUIRE(work.ok());
    auto result = simulate(region, work.value().inputs);
    REQUIRE(result.ok());
    REQUIRE(work.value().check(result.value().arguments).ok());
    for (const char* tap : {"S", "H"}) {
      SimResult broken = result.value();
      broken.arguments.at(tap).row(5)[0] ^= 1;
      const Status s = work.value().check(broken.arguments);
      REQUIRE_FALSE(s.ok());
      CHECK(s.errors()[0].kind == "mismatch");
      // S is a vector of sums, H a matrix of two halves' sums a row.
      CHECK(s.errors()[0].where == (std::string(tap) == "S" ? "S[5]" : "H[5][0]"));
    }
  }
}

TEST_CASE("the reference is the tree's order: pairwise, adjacent halves first", "[dottree]") {
  // Four exact lanes worked by hand.
  using E = Exact<4, 16>;
  E::Operand w, x;
  const int64_t ws[] = {1, -2, 3, -128}, xs[] = {5, 7, -128, -128};
  for (unsigned l = 0; l < 4; ++l) w.set_lane(l, ws[l]), x.set_lane(l, xs[l]);
  const Taps<E> t = reference<E>(w, {x});
  CHECK(t.H[0].lane_signed(0) == 5 - 14);
  CHECK(t.H[0].lane_signed(1) == -384 + 16384);
  CHECK(t.S[0].lane_signed(0) == 5 - 14 - 384 + 16384);
  // Float32: 1e8 + 1 rounds to 1e8, so the tree's (1e8 + 1) + (-1e8 + 1) is 0,
  // and a sequential ((1e8 + 1) - 1e8) + 1 is 1.
  using R = Rounding<4>;
  R::Operand rw, rx;
  const float vs[] = {1e8f, 1.0f, -1e8f, 1.0f};
  for (unsigned l = 0; l < 4; ++l) rw.set_lane_float(l, 1.0f), rx.set_lane_float(l, vs[l]);
  const Taps<R> f = reference<R>(rw, {rx});
  CHECK(f.S[0].lane_float(0) == 0.0f);
  CHECK(sequential_sum(products<R>(rx, rw)) == 1.0f);
}

TEST_CASE("under ROUNDING the tree's sum differs from a sequential one: the open obligation is real", "[dottree]") {
  // The workload's own operands: some row's root differs from its
  // left-to-right sum under ROUNDING, and never under EXACT.
  const auto differing = [](auto numerics) {
    using N = typename decltype(numerics)::type;
    Region region = composed({{"NUMERICS", key_of<N>().numerics}, {"RED_LANES", N::lanes}, {"ROWS", 64}});
    auto work = workload(region, 0);
    REQUIRE(work.ok());
    auto result = simulate(region, work.value().inputs);
    REQUIRE(result.ok());
    REQUIRE(work.value().check(result.value().arguments).ok());
    const auto w = work.value().inputs.at("W").as<typename N::Operand>()[0];
    const auto x = work.value().inputs.at("X").as<typename N::Operand>();
    const auto s = result.value().arguments.at("S").as<typename N::Root>();
    int differ = 0;
    for (size_t r = 0; r < x.size(); ++r) {
      const auto sequential = sequential_sum(products<N>(x[r], w));
      typename N::Root seq;
      put_plain<N>(seq, 0, sequential);
      differ += !(seq == s[r]);
    }
    return differ;
  };
  CHECK(differing(std::type_identity<Rounding<8>>{}) > 0);
  CHECK(differing(std::type_identity<Rounding<32>>{}) > 0);
  CHECK(differing(std::type_identity<Exact<8, 16>>{}) == 0);
  CHECK(differing(std::type_identity<Exact<32, 16>>{}) == 0);
}

TEST_CASE("the action model derives: every port but mul and adder, nothing unmodelled, the grains agree", "[dottree][actions]") {
  for (const BuildKey& key : Built::keys) {
    INFO(key.to_string());
    const Region region = composed({{"NUMERICS", key.numerics}, {"RED_LANES", key.lanes}, {"RED_IN_BITS", key.in_bits}});
    auto model = action_model(region);
    INFO(model.status().to_string());
    REQUIRE(model.ok());
    auto p = project(model.value());
    INFO(p.status().to_string());
    REQUIRE(p.ok());
    std::vector<std::string> own;
    for (const actions::ProjectionRow& row : p.value().ports) {
      if (row.origin != actions::PortOrigin::derived) own.push_back(row.unit + "." + row.port);
      if (row.origin != actions::PortOrigin::derived) CHECK(row.origin == actions::PortOrigin::arithmetic);
    }
    CHECK(own == std::vector<std::string>{"multiply.mul", "tree.adder"});
    CHECK(p.value().ports.size() == 16);
    CHECK(p.value().unmodelled.empty());
    CHECK(p.value().grain.empty());
    // The units, states and channels are the composition's, and the fold's
    // width is the channel's lane count.
    const actions::Machine& m = model.value().machine;
    CHECK(m.units.size() == 3);
    CHECK(m.states.size() == 6);
    REQUIRE(m.channel("red_in") != nullptr);
    CHECK(m.channel("red_in")->lanes == key.lanes);
    CHECK(m.channel("red_in")->lane_bits == key.in_bits);
    REQUIRE(m.state("node") != nullptr);
    CHECK(m.state("node")->rows == 2 * key.lanes - 1);
    CHECK(m.unit("tree")->port("node.write")->capacity == 2 * key.lanes - 1);
    for (const actions::Action& a : m.instruction(kInstruction)->actions)
      if (a.op == "fold") CHECK(a.leaves == key.lanes);
  }
}

TEST_CASE("16 rows of reduce are 16 steps of work and 20 cycles of latency on the composed tree, not 80", "[dottree][actions]") {
  const Region region = composed({});
  REQUIRE(region.params["ROWS"] == 16);
  auto model = action_model(region);
  REQUIRE(model.ok());
  const Cost c = cost(model.value(), 16);
  const Cost::UnitCost* tree = nullptr;
  for (const Cost::UnitCost& u : c.units)
    if (u.unit == "tree") tree = &u;
  REQUIRE(tree != nullptr);
  CHECK(tree->work == 16);
  CHECK(tree->latency == 20);
  CHECK(tree->row.span == 5);
  CHECK(tree->row.initiation == 1);
  // Charging the span as occupancy, the seed's defect, would say 5 x 16 = 80:
  // the work is the initiation's, not the span's.
  CHECK(tree->work == 16 * tree->row.initiation);
  // Every unit's span is its composed pipeline depth, and check_calendar()
  // refuses a calendar that is not.
  for (const Cost::UnitCost& u : c.units) CHECK(u.row.span == model.value().structure.unit(u.unit)->depth);
  actions::Structure deeper = model.value().structure;
  for (actions::DerivedUnit& u : deeper.units)
    if (u.name == "tree") u.depth = 6;
  auto deeper_machine = derive(deeper);
  REQUIRE(deeper_machine.ok());
  const Status refused = check_calendar(deeper_machine.value().machine, deeper);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.errors()[0].kind == "span-not-depth");
  CHECK(refused.errors()[0].where == "unit 'tree'");
  CHECK(refused.errors()[0].message == "reduce's actions span 5 cycles a row on it, but its composed pipeline is 6 deep");
}

TEST_CASE("the tree's calendar: the fold lands two cycles after the word, and both taps leave two after that", "[dottree][actions]") {
  auto model = action_model(composed({}));
  REQUIRE(model.ok());
  const actions::Machine& m = model.value().machine;
  const actions::Instruction& ins = *m.instruction(kInstruction);
  std::vector<actions::Placement> calendar;
  actions::book(m, ins, "tree", actions::Per::row, {}, &calendar);
  std::map<std::string, int64_t> at;  // op on port -> first cycle; a value -> when it is ready
  for (const actions::Placement& p : calendar) {
    const actions::Action& a = ins.actions[p.action];
    at[a.op + " " + a.port] = p.first;
    for (const actions::Output& o : a.outputs) at[o.value] = p.last + o.at;
  }
  CHECK(at.at("receive red_in") == 0);
  CHECK(at.at("root") == 2);
  CHECK(at.at("half") == 2);
  CHECK(at.at("send tap_root") == 4);
  CHECK(at.at("send tap_half") == 4);
}

TEST_CASE("the model books every channel and memory access the bodies make", "[dottree][actions][sim]") {
  // The simulator counts each read, write, load and store as a step: per unit,
  // rows x the uses a row of its non-arithmetic ports, plus those per instruction.
  for (int64_t lanes : {2, 8, 32}) {
    INFO("RED_LANES=" << lanes);
    const Run r = simulated({{"RED_LANES", lanes}, {"ROWS", 9}});
    auto model = action_model(r.region);
    REQUIRE(model.ok());
    const actions::Machine& m = model.value().machine;
    for (const actions::Unit& u : m.units) {
      int64_t per_row = 0, per_instruction = 0;
      for (const actions::Action& a : m.instruction(kInstruction)->actions)
        if (a.unit == u.name && u.port(a.port)->origin != actions::PortOrigin::arithmetic)
          (a.per == actions::Per::row ? per_row : per_instruction) += a.times;
      INFO(u.name);
      CHECK(stats_of(r.result, u.name).steps == 9 * per_row + per_instruction);
    }
  }
}

// When the last of `rows` rows drains from the last unit, counted from the
// first unit's loop start, without the interface and control: each unit issues
// a row a cycle (its II, 1) and writes it its pipeline's depth - 1 cycles later
// (units/unit_model.h), and a word written at cycle c is read at c +
// read_after_write(the channel's word bits and depth) at the soonest (compose/sim/fifo_timing.h).
// So the first row reaches a unit at the longest path of those delays to it,
// ready(u) = max over its input channels of ready(writer) + depth(writer) - 1 +
// read_after_write; the last row leaves rows - 1 cycles behind the first, and
// the loop drains the cycle after: rows + ready(u) + depth(u) - 1 for the last
// unit. DotTree: multiply (depth 2) -> red_in -> tree (5) -> tap_root and
// tap_half -> store (1), shift-register FIFOs (1 cycle each): rows + 7.
int64_t drain_without_control(const Region& region, int64_t rows) {
  std::vector<int64_t> ready(region.processes.size(), 0);
  for (const Process& p : region.processes) REQUIRE(p.unit->pipeline.ii == 1);
  for (size_t pass = 0; pass < region.processes.size(); ++pass)  // a chain: |processes| relaxations settle it
    for (const ChannelInstance& c : region.channels) {
      const auto w = static_cast<size_t>(c.writer.process), rd = static_cast<size_t>(c.reader.process);
      ready[rd] = std::max(ready[rd], ready[w] + region.processes[w].unit->pipeline.depth - 1 + read_after_write(c.word.bits(), c.depth));
    }
  int64_t drain = 0;
  for (size_t p = 0; p < region.processes.size(); ++p)
    drain = std::max(drain, rows + ready[p] + region.processes[p].unit->pipeline.depth - 1);
  return drain;
}

TEST_CASE("each simulated unit is busy exactly the cost model's latency, and its loop's entry and exit", "[dottree][actions][sim]") {
  for (int64_t lanes : {2, 8, 32})
    for (int64_t rows : {1, 16, 100}) {
      INFO("RED_LANES=" << lanes << " ROWS=" << rows);
      const Run r = simulated({{"RED_LANES", lanes}, {"ROWS", rows}});
      auto model = action_model(r.region);
      REQUIRE(model.ok());
      const actions::Machine& m = model.value().machine;
      for (const actions::Unit& u : m.units) {
        INFO(u.name);
        // Each unit runs one pipelined loop an instruction (control_timing.h).
        CHECK(stats_of(r.result, u.name).busy ==
              actions::latency(m, *m.instruction(kInstruction), u.name, rows) + kLoopEntry + kLoopExit);
      }
      // The node array's 2 x RED_LANES - 1 accesses a row are registers: no
      // lane count lengthens the run. Without the interface and control, the
      // last store would drain at drain_without_control (rows + 7). Everything
      // waits for the multiplier's first reads, which go out as its loop is
      // entered, a cycle after its start, and come back a read latency later;
      // the store's last write is answered a write response after it leaves
      // (a cycle before its drain), and then the loop is left and ap_done rises.
      CHECK(r.result.cycles == drain_without_control(r.region, rows) + kProcessStart + kLoopEntry +
                                   axi_read_latency(AxiTiming{}.latency) + axi_write_response(AxiTiming{}.latency) - 1 +
                                   kLoopExit + kRegionDone);
    }
}

TEST_CASE("one fold read at two taps is one obligation: discharged under EXACT, open under ROUNDING", "[dottree][actions]") {
  for (int64_t numerics : {kExact, kRounding}) {
    auto model = action_model(composed({{"NUMERICS", numerics}}));
    REQUIRE(model.ok());
    REQUIRE(model.value().obligations.size() == 1);
    const actions::Obligation& o = model.value().obligations[0];
    CHECK(o.where.find("(tree.adder)") != std::string::npos);
    CHECK(o.open == (numerics == kRounding));
    const Cost c = cost(model.value(), 16);
    REQUIRE(c.reassociations.size() == 1);
    CHECK_FALSE(c.reassociations[0].open_exact);
    CHECK(c.reassociations[0].open_rounding);
  }
  // Both taps come off the one fold.
  auto model = action_model(composed({}));
  REQUIRE(model.ok());
  const auto out = actions::values_out(*model.value().machine.instruction(kInstruction));
  CHECK(std::find(out.begin(), out.end(), "tap_root = fold8(red_in)[0]") != out.end());
  CHECK(std::find(out.begin(), out.end(), "tap_half = fold8(red_in)[1..3)") != out.end());
}

TEST_CASE("over a node array that is not partitioned, the same reduce is refused: 15 writes a row on one port", "[dottree][actions]") {
  auto model = action_model(composed({}));
  REQUIRE(model.ok());
  actions::Structure ram = model.value().structure;
  for (actions::DerivedUnit& u : ram.units)
    for (actions::DerivedPort& p : u.ports)
      if (p.name.rfind("node.", 0) == 0) p.capacity = 1;
  auto machine = derive(ram);
  REQUIRE(machine.ok());
  const actions::Instruction& ins = *machine.value().machine.instruction(kInstruction);
  // 8 leaves and 7 sums written, 14 children and 3 taps read, one port a side: 17 cycles a row.
  CHECK(actions::work(machine.value().machine, ins, "tree", 16) == 16 * 17);
  auto refused = actions::check(machine.value().machine);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.errors()[0].kind == "over-rate");
  CHECK(refused.errors()[0].where == "instruction 'reduce' on unit 'tree'");
  CHECK(refused.errors()[0].message.find("books a port 17 times a row") == 0);
}

TEST_CASE("a structure that lacks DotTree's units, channel or node array is refused by name", "[dottree][actions]") {
  auto model = action_model(composed({}));
  REQUIRE(model.ok());
  actions::Structure st = model.value().structure;
  st.channels.clear();
  st.units.pop_back();
  auto m = derive(st);
  REQUIRE_FALSE(m.ok());
  CHECK(m.errors()[0].kind == "unit-not-composed");
  CHECK(m.errors()[0].where == "unit 'store'");
  CHECK(m.errors()[1].kind == "channel-not-composed");
}

TEST_CASE("a configuration that was not built is named, with those that were", "[dottree]") {
  for (const Overrides& o : std::vector<Overrides>{
           {{"NUMERICS", 1}, {"RED_IN_BITS", 16}}, {{"RED_LANES", 3}}, {{"NUMERICS", 2}}, {{"RED_IN_BITS", 8}}}) {
    auto arch = architecture(o);
    REQUIRE_FALSE(arch.ok());
    CHECK(arch.errors()[0].kind == "not-built");
    CHECK(arch.errors()[0].message.find("NUMERICS=1 RED_LANES=32 RED_IN_BITS=32") != std::string::npos);
  }
  // The defaults follow NUMERICS: ROUNDING's lanes are 32 bits.
  CHECK(key_of(composed({{"NUMERICS", 1}})).in_bits == 32);
  // ROWS and QD are run-time parameters with ranges.
  auto arch = architecture({});
  REQUIRE(arch.ok());
  auto zero = arch.value().compose({{"ROWS", 0}});
  REQUIRE_FALSE(zero.ok());
  CHECK(zero.errors()[0].kind == "parameter-out-of-range");
  auto fixed = arch.value().compose({{"RED_LANES", 8}, {"SUM_BITS", 3}});
  REQUIRE_FALSE(fixed.ok());
  CHECK(fixed.errors()[0].kind == "derived-parameter");
}

TEST_CASE("EXACT sums are as wide as they need to be: the widest run fills SUM_BITS, and never wraps", "[dottree]") {
  for (int64_t lanes : {2, 8, 32}) {
    INFO("RED_LANES=" << lanes);
    const Run r = simulated({{"RED_LANES", lanes}}, /*seed=*/1);  // W all -128, X row 0 all -128
    REQUIRE(r.check.ok());
    const int64_t sum_bits = r.region.params["SUM_BITS"];
    const int64_t widest = r.result.arguments.at("S").row(0)[0];
    CHECK(widest == lanes * 16384);
    CHECK(bits::wrap(widest, static_cast<unsigned>(sum_bits)) == widest);
    CHECK(bits::wrap(widest, static_cast<unsigned>(sum_bits - 1)) != widest);  // one bit fewer would wrap
  }
}

TEST_CASE("ROUNDING with infinities, NaNs and subnormals still matches, any NaN for any NaN", "[dottree][sim]") {
  for (int64_t lanes : {2, 8, 32}) {
    int nans = 0, infinities = 0;
    for (uint64_t seed : {2, 5, 8}) {
      INFO("RED_LANES=" << lanes << " seed " << seed);
      const Run r = simulated({{"NUMERICS", kRounding}, {"RED_LANES", lanes}, {"ROWS", 64}}, seed);
      CHECK(r.check.ok());
      for (const char* tap : {"S", "H"}) {
        const Buffer& b = r.result.arguments.at(tap);
        for (int64_t row = 0; row < b.rows(); ++row)
          for (int lane = 0; lane < b.word().lanes; ++lane) {
            const float v = std::bit_cast<float>(static_cast<uint32_t>(b.row(row)[0] >> (32 * lane)));
            nans += std::isnan(v);
            infinities += std::isinf(v);
          }
      }
    }
    // The specials reach the taps: the comparison is not vacuous.
    INFO("RED_LANES=" << lanes);
    CHECK(nans > 0);
    CHECK(infinities > 0);
  }
}

// The check's float rule, both ways, on a workload whose taps hold NaNs,
// infinities and (with two lanes, a tap is one product) zeros: a NaN passes
// only as another NaN, a number never as a NaN, a zero never as the other.
TEST_CASE("ROUNDING's check: a NaN matches only a NaN, +0 and -0 differ, both ways, at either tap", "[dottree][sim]") {
  int nan_cases = 0, number_cases = 0, zero_cases = 0;
  for (uint64_t seed : {2, 5, 8, 11}) {
    const Region region = composed({{"NUMERICS", kRounding}, {"RED_LANES", 2}, {"ROWS", 64}});
    auto work = workload(region, seed);
    REQUIRE(work.ok());
    REQUIRE(work.value().check(work.value().expected).ok());
    CHECK(work.value().binary32 == std::set<std::string>{"S", "H"});
    for (const auto& entry : work.value().expected) {  // not a structured binding: clang 14 captures none
      const std::string& tap = entry.first;
      const Buffer& expected = entry.second;
      for (int64_t row = 0; row < expected.rows(); ++row)
        for (int lane = 0; lane < expected.word().lanes; ++lane) {
          const unsigned at = static_cast<unsigned>(32 * lane);
          const uint64_t want = bits::extract(expected.row(row), at, 32);
          const auto checked = [&](uint64_t got) {
            ArgumentContents final = work.value().expected;
            bits::deposit(final.at(tap).row(row), at, 32, got);
            return work.value().check(final);
          };
          INFO("seed " << seed << " " << tap << " row " << row << " lane " << lane);
          if (std::isnan(std::bit_cast<float>(static_cast<uint32_t>(want)))) {
            ++nan_cases;
            CHECK(checked(want ^ 0x80000000u).ok());                // its sign flipped
            CHECK(checked((want & 0xff800000u) | 0x1234u).ok());    // another payload
            CHECK(checked(0x3f800000u).has("mismatch"));            // 1.0f
            CHECK(checked(0x7f800000u).has("mismatch"));            // +inf
          } else if ((want & 0x7fffffffu) == 0) {
            ++zero_cases;
            CHECK(checked(want ^ 0x80000000u).has("mismatch"));     // the other zero
            CHECK(checked(0x7fc00000u).has("mismatch"));            // a NaN
          } else if (number_cases < 50) {
            ++number_cases;
            CHECK(checked(0x7fc00000u).has("mismatch"));            // a NaN for a number
            CHECK(checked(want ^ 1u).has("mismatch"));              // one ulp
          }
        }
    }
  }
  // Each rule met a case.
  CHECK(nan_cases > 0);
  CHECK(zero_cases > 0);
  CHECK(number_cases > 0);
}

TEST_CASE("the FIFO depth QD is every channel's, and a depth of 1 still completes exactly", "[dottree][sim]") {
  const Run r = simulated({{"QD", 1}, {"ROWS", 20}});
  CHECK(r.check.ok());
  for (const ChannelInstance& c : r.region.channels) CHECK(c.depth == 1);
}

}  // namespace
}  // namespace loom::dottree
