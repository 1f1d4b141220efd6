// The timing model on regions small enough to compute by hand (docs/timing.md):
// iteration i issues at s_i >= s_{i-1} + II, reads at s_i, writes at
// s_i + depth - 1; a token is read no earlier than its write + 1 and written no
// earlier than the read of the token one FIFO depth before it.
#include <catch2/catch.hpp>

#include "compose/place.h"
#include "compose/sim/simulator.h"
#include "compose/sim/timeline.h"
#include "tests/compose_and_simulate.h"
#include "tests/test_units.h"

namespace loom {
namespace {

using test::Token;
using test::sim_params;


// producer -> c -> consumer, the consumer storing what it reads into OUT.
template <class Producer, class Consumer>
SimResult pair(int64_t k, int64_t qd, Timeline* timeline = nullptr) {
  Architecture arch("pair", sim_params(k, qd));
  Handle c = arch.channel<Token>("c", one(), "QD", "tokens");
  Handle out = arch.argument<Token>("OUT", "K", "what the consumer read");
  place<Producer>(arch, "producer", one()).bind(Producer::out, c());
  place<Consumer>(arch, "consumer", one()).bind(Consumer::in, c()).bind(Consumer::OUT, out());
  SimOptions options;
  if (timeline != nullptr) options.listeners = {timeline};
  auto r = test::compose_and_simulate(arch, {}, options);
  REQUIRE(r.ok());
  REQUIRE(r.value().ok());
  return r.value();
}

constexpr int64_t K = 10;

TEST_CASE("II=1 into II=1: one token a cycle, one cycle of channel latency", "[timing]") {
  const SimResult r = pair<test::Emit<1, 1>, test::Absorb<1, 1>>(K, 2);
  // Token k is written at k and read at k + 1; the consumer drains at K.
  CHECK(r.processes[0].finish == K);
  CHECK(r.processes[1].finish == K + 1);
  CHECK(r.cycles == K + 1);
  CHECK(r.processes[1].stalled_empty == 1);  // its first read waits for token 0
  CHECK(r.channels[0].max_occupancy == 1);
  const auto out = r.arguments.at("OUT").as<Token>();
  for (int64_t i = 0; i < K; ++i) CHECK(out[static_cast<size_t>(i)].lane_signed(0) == i);
}

TEST_CASE("II=2 into II=1: the consumer waits on the producer's rate", "[timing]") {
  const SimResult r = pair<test::Emit<2, 1>, test::Absorb<1, 1>>(K, 2);
  // Token k is written at 2k and read at 2k + 1.
  CHECK(r.processes[0].finish == 2 * (K - 1) + 1);
  CHECK(r.cycles == 2 * (K - 1) + 2);
  CHECK(r.processes[1].stalled_empty == 2 * (K - 1) + 1 - (K - 1));  // read k at 2k+1 instead of k
}

TEST_CASE("II=1 into II=2 through FIFOs of depth 1, 2 and 4: back-pressure", "[timing]") {
  for (int64_t depth : {1, 2, 4}) {
    INFO("FIFO depth " << depth);
    const SimResult r = pair<test::Emit<1, 1>, test::Absorb<2, 1>>(K, depth);
    // The consumer reads token k at 2k + 1. The producer writes token k at
    // max(k, read of token k - depth) = max(k, 2(k - depth) + 1).
    const int64_t last_write = std::max(K - 1, 2 * (K - 1 - depth) + 1);
    CHECK(r.processes[0].finish == last_write + 1);
    CHECK(r.processes[0].stalled_full == last_write - (K - 1));
    CHECK(r.processes[1].finish == 2 * (K - 1) + 2);
    CHECK(r.cycles == 2 * (K - 1) + 2);
    CHECK(r.channels[0].max_occupancy == depth);  // the producer outruns the consumer: the FIFO fills
  }
}

TEST_CASE("a stage with latency 5 adds five cycles to every token's path", "[timing]") {
  for (int64_t depth : {1, 2, 4}) {
    ParameterSet p = sim_params(K, depth);
    Architecture arch("stage", p);
    Handle a = arch.channel<Token>("a", one(), "QD", "in");
    Handle b = arch.channel<Token>("b", one(), "QD", "out");
    Handle out = arch.argument<Token>("OUT", "K", "result");
    place<test::Emit<1, 1>>(arch, "producer", one()).bind(test::Emit<1, 1>::out, a());
    place<test::Stage<1, 5>>(arch, "stage", one()).bind(test::Stage<1, 5>::in, a()).bind(test::Stage<1, 5>::out, b());
    place<test::Absorb<1, 1>>(arch, "consumer", one())
        .bind(test::Absorb<1, 1>::in, b())
        .bind(test::Absorb<1, 1>::OUT, out());
    auto r = test::compose_and_simulate(arch, {});
    REQUIRE(r.ok());
    REQUIRE(r.value().ok());
    // Token k: written at k, read by the stage at k + 1, written at k + 5, read at k + 6.
    CHECK(r.value().processes[1].finish == (K - 1) + 5 + 1);
    CHECK(r.value().cycles == (K - 1) + 6 + 1);
    CHECK(r.value().processes[1].stalled_full == 0);
    const auto result = r.value().arguments.at("OUT").as<Token>();
    CHECK(result.back().lane_signed(1) == 1);
  }
}

TEST_CASE("busy and blocked intervals cover each process's time exactly once", "[timing]") {
  Timeline timeline;
  const SimResult r = pair<test::Emit<1, 1>, test::Absorb<2, 1>>(K, 1, &timeline);
  for (size_t n = 0; n < r.processes.size(); ++n) {
    const ProcessStats& p = r.processes[n];
    int64_t cursor = 0, stalled = 0;
    for (const Interval& i : timeline.intervals(n)) {
      CHECK(i.begin == cursor);
      CHECK(i.end > i.begin);
      if (i.kind != Interval::busy) stalled += i.end - i.begin;
      cursor = i.end;
    }
    CHECK(cursor == p.finish);
    CHECK(stalled == p.stalled_empty + p.stalled_full);
  }
}

}  // namespace
}  // namespace loom

namespace loom {
namespace {

// Adds two rows of its own memory into a third, K times: no channel at all.
struct RowAdder {
  LOOM_UNIT("adder");
  LOOM_OWNS(rows, test::Token);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(rows);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/3};
  template <class IO>
  static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) {
      test::Token sum;
      sum.set_lane(0, io.load(rows, 0).lane_signed(0) + io.load(rows, 1).lane_signed(0));
      io.store(rows, 2, sum);
    }
  }
};

TEST_CASE("a memory-only loop takes a cycle per use of a memory side", "[timing]") {
  Architecture arch("adder", test::sim_params(K, 1));
  Handle rows = arch.memory<test::Token>("rows", 3);
  place<RowAdder>(arch, "adder", one()).bind(RowAdder::rows, rows());
  auto r = test::compose_and_simulate(arch, {});
  REQUIRE(r.ok());
  REQUIRE(r.value().ok());
  // Two loads through one read side: two iterations a trip, 2K in all; the
  // last issues at 2K - 1 and drains 3 cycles later.
  CHECK(r.value().processes[0].iterations == 2 * K);
  CHECK(r.value().cycles == 2 * K - 1 + 3);
}

// Sums rows 1..3 of its own memory into row 0 and shifts them, K marked trips:
// eight accesses a trip, to registers.
struct RegisterShifter {
  LOOM_UNIT("shifter");
  LOOM_OWNS(regs, test::Token);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(regs);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/2, /*depth=*/3};
  template <class IO>
  static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) {
      LOOM_PIPELINE(io);
      test::Token sum;
      sum.set_lane(0, io.load(regs, 1).lane_signed(0) + io.load(regs, 2).lane_signed(0) + io.load(regs, 3).lane_signed(0) + 1);
      io.store(regs, 3, io.load(regs, 2));
      io.store(regs, 2, io.load(regs, 1));
      io.store(regs, 1, sum);
    }
  }
};

template <class U, class P>
SimResult registers_only(P port, bool partitioned) {
  Architecture arch("registers", test::sim_params(K, 1));
  Handle regs = arch.memory<test::Token>("regs", 4, one(), MemoryTiming{.partitioned = partitioned});
  place<U>(arch, "unit", one()).bind(port, regs());
  auto r = test::compose_and_simulate(arch, {});
  REQUIRE(r.ok());
  REQUIRE(r.value().ok());
  return r.value();
}

TEST_CASE("a fully partitioned memory is registers: one iteration a trip, however many rows it touches", "[timing]") {
  // Marked: six loads and three stores a trip through RAM's one read and one
  // write side are five iterations a trip (the last store of a trip shares one
  // with the first load of the next), 5K + 1 in all; through registers, one a
  // trip, at the unit's II of 2.
  const SimResult ram = registers_only<RegisterShifter>(RegisterShifter::regs, false);
  CHECK(ram.processes[0].iterations == 5 * K + 1);
  const SimResult wires = registers_only<RegisterShifter>(RegisterShifter::regs, true);
  CHECK(wires.processes[0].iterations == K);
  CHECK(wires.cycles == 2 * (K - 1) + 3);
  // Unmarked: the adder writes row 2 once a trip, so a trip is still an iteration.
  const SimResult adder = registers_only<RowAdder>(RowAdder::rows, true);
  CHECK(adder.processes[0].iterations == K);
  CHECK(adder.cycles == K - 1 + 3);
}

}  // namespace
}  // namespace loom
