// The timing model on regions small enough to compute by hand (docs/timing.md):
// iteration i issues at s_i >= s_{i-1} + II, reads at s_i, writes at
// s_i + depth - 1; a token is read no earlier than its write + 1 and written no
// earlier than the read of the token one FIFO depth before it. Every process
// starts at S, a marked loop costs a cycle to enter and one to leave after its
// drain, a store to an argument is answered R cycles after it leaves, and the
// region is done kRegionDone after its last process.
#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <map>
#include <stdexcept>

#include "compose/place.h"
#include "compose/sim/axi_timing.h"
#include "compose/sim/control_timing.h"
#include "compose/sim/fifo_timing.h"
#include "compose/sim/sim_report.h"
#include "compose/sim/simulator.h"
#include "compose/sim/timeline.h"
#include "tests/compose_and_simulate.h"
#include "tests/sim_identity.h"
#include "tests/hls/relay.h"
#include "tests/test_units.h"

// An interval as a failed check prints it.
template <>
struct Catch::StringMaker<loom::Interval> {
  static std::string convert(const loom::Interval& i) {
    return fmt::format("[{}, {}) kind {} port {}", i.begin, i.end, static_cast<int>(i.kind), i.port);
  }
};

namespace loom {
namespace {

using test::Token;
using test::sim_params;

// compose_and_simulate, with every completed run held by identity.
Result<SimResult> simulate_held(const Architecture& arch, const Inputs& inputs = {}, SimOptions options = {}) {
  Timeline timeline;
  options.listeners.push_back(&timeline);
  auto r = test::compose_and_simulate(arch, inputs, options);
  if (r.ok() && r.value().ok()) test::held_by_identity(r.value(), timeline);
  return r;
}


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
  auto r = simulate_held(arch, {}, options);
  REQUIRE(r.ok());
  REQUIRE(r.value().ok());
  return r.value();
}

constexpr int64_t K = 10;
constexpr int64_t S = kProcessStart;
constexpr int64_t R = axi_write_response(AxiTiming{}.latency);

TEST_CASE("II=1 into II=1: one token a cycle, one cycle of channel latency", "[timing]") {
  const SimResult r = pair<test::Emit<1, 1>, test::Absorb<1, 1>>(K, 2);
  // Token k is written at S + k and read (and stored) at S + k + 1; the
  // consumer is done when its last store is answered.
  CHECK(r.processes[0].finish == S + K);
  CHECK(r.processes[1].finish == S + K + R);
  CHECK(r.processes[1].stalled_dram == R - 1);  // beyond its drain, a cycle after the store
  CHECK(r.cycles == S + K + R + kRegionDone);
  CHECK(r.processes[1].stalled_empty == 1);  // its first read waits for token 0
  CHECK(r.channels[0].max_occupancy == 1);
  const auto out = r.arguments.at("OUT").as<Token>();
  for (int64_t i = 0; i < K; ++i) CHECK(out[static_cast<size_t>(i)].lane_signed(0) == i);
}

TEST_CASE("II=2 into II=1: the consumer waits on the producer's rate", "[timing]") {
  const SimResult r = pair<test::Emit<2, 1>, test::Absorb<1, 1>>(K, 2);
  // Token k is written at S + 2k and read at S + 2k + 1.
  CHECK(r.processes[0].finish == S + 2 * (K - 1) + 1);
  CHECK(r.cycles == S + 2 * (K - 1) + 1 + R + kRegionDone);
  CHECK(r.processes[1].stalled_empty == 2 * (K - 1) + 1 - (K - 1));  // read k at 2k+1 instead of k
}

TEST_CASE("II=1 into II=2 through FIFOs of depth 1, 2 and 4: back-pressure", "[timing]") {
  for (int64_t depth : {1, 2, 4}) {
    INFO("FIFO depth " << depth);
    const SimResult r = pair<test::Emit<1, 1>, test::Absorb<2, 1>>(K, depth);
    // A FIFO of depth 1 or 2 of 32-bit tokens (64 bits at most, within
    // kAutoSrlMaxBits) is a shift register (a word is readable 1 cycle after
    // its write), of depth 4 a RAM (2): rw. The consumer reads token k
    // at 2k + rw (its II, once the first word is readable). The producer
    // writes token k at max(k, read of token k - depth + 1) =
    // max(k, 2(k - depth) + rw + 1): the slot frees the cycle after its read.
    const int64_t rw = read_after_write(Token::bits, depth);
    CHECK(rw == (depth <= 2 ? 1 : 2));
    const int64_t last_write = std::max(K - 1, 2 * (K - 1 - depth) + rw + 1);
    CHECK(r.processes[0].finish == S + last_write + 1);
    CHECK(r.processes[0].stalled_full == last_write - (K - 1));
    CHECK(r.processes[1].finish == S + 2 * (K - 1) + rw + R);
    CHECK(r.cycles == S + 2 * (K - 1) + rw + R + kRegionDone);
    CHECK(r.channels[0].max_occupancy == depth);  // the producer outruns the consumer: the FIFO fills
  }
}

// The report's figures, text and JSON, on the worked example of
// docs/timing.md: producer II=1 -> consumer II=2 through a FIFO of depth D.
// The producer writes token k at max(k, 2(k - D) + rw + 1): it is busy one
// cycle a token, K, and stalled full for the rest, last_write - (K - 1). The
// consumer waits rw for token 0, then reads at its II, 2 cycles a token; its
// last store is answered R later, R - 1 of them past its drain: busy
// 2(K - 1) + 1, stalled empty rw, on DRAM R - 1. The channel carries K words,
// holds D at most (the producer outruns the consumer), and is left empty.
TEST_CASE("the report's per-unit and per-channel figures are the worked example's closed forms", "[timing][report]") {
  for (int64_t depth : {1, 2, 4}) {
    INFO("FIFO depth " << depth);
    Architecture arch("pair", sim_params(K, depth));
    Handle c = arch.channel<Token>("c", one(), "QD", "tokens");
    Handle out = arch.argument<Token>("OUT", "K", "what the consumer read");
    place<test::Emit<1, 1>>(arch, "producer", one()).bind(test::Emit<1, 1>::out, c());
    place<test::Absorb<2, 1>>(arch, "consumer", one()).bind(test::Absorb<2, 1>::in, c()).bind(test::Absorb<2, 1>::OUT, out());
    auto region = arch.compose();
    REQUIRE(region.ok());
    Timeline timeline;
    SimOptions options;
    options.listeners = {&timeline};
    auto run = simulate(region.value(), {}, options);
    REQUIRE(run.ok());
    REQUIRE(run.value().ok());
    test::held_by_identity(run.value(), timeline);
    const std::string text = sim_report(region.value(), run.value());
    const nlohmann::json j = sim_json(region.value(), run.value());

    const int64_t rw = read_after_write(Token::bits, depth);
    const int64_t last_write = std::max(K - 1, 2 * (K - 1 - depth) + rw + 1);
    const int64_t cycles = S + 2 * (K - 1) + rw + R + kRegionDone;
    struct Figures {
      std::string name;
      int64_t finish, busy, empty, full, dram;
    };
    const Figures expected[] = {{"producer", S + last_write + 1, K, 0, last_write - (K - 1), 0},
                                {"consumer", S + 2 * (K - 1) + rw + R, 2 * (K - 1) + 1, rw, 0, R - 1}};
    CHECK(j["cycles"] == cycles);
    REQUIRE(j["processes"].size() == 2);
    for (size_t n = 0; n < 2; ++n) {
      const Figures& f = expected[n];
      const nlohmann::json& p = j["processes"][n];
      INFO(f.name);
      CHECK(p["name"] == f.name);
      CHECK(p["finish"] == f.finish);
      CHECK(p["busy"] == f.busy);
      CHECK(p["stalled_empty"] == f.empty);
      CHECK(p["stalled_full"] == f.full);
      CHECK(p["stalled_dram"] == f.dram);
      CHECK(p["iterations"] == K);
      // The text's unit row: one instance, the same figures, and its
      // utilisation, busy over the region's cycles.
      const std::string row = fmt::format("  {:<12} {:<12} {:>6} {:>12} {:>12} {:>12} {:>12} {:>5.1f}%\n", f.name,
                                          p["unit"].get<std::string>(), 1, f.busy, f.empty, f.full, f.dram,
                                          100.0 * static_cast<double>(f.busy) / static_cast<double>(cycles));
      CHECK(text.find(row) != std::string::npos);
    }
    REQUIRE(j["channels"].size() == 1);
    const nlohmann::json& ch = j["channels"][0];
    CHECK(ch["tokens"] == K);
    CHECK(ch["max_occupancy"] == depth);
    CHECK(ch["left"] == 0);
    CHECK(ch["depth"] == depth);
    const std::string channel = fmt::format("  {:<12} {:>6} {:>12} {:>10} {:>6}\n", "c", 1, K, depth, std::to_string(depth));
    CHECK(text.find(channel) != std::string::npos);
  }
}

TEST_CASE("FIFO handshakes by kind: depth 1 passes a token every 2 cycles, depth 2 every cycle, a RAM FIFO a cycle later", "[timing]") {
  // II=1 into II=1. Token k is written at W_k = max(k, R_{k-D} + 1) and read
  // at R_k = max(k, W_k + rw), rw = 1 for a shift register (D <= 2 of these
  // 32-bit tokens), 2 for a RAM.
  // (All from S.) D = 1: W_k = 2k, R_k = 2k + 1: one token every 2 cycles;
  // the consumer's last store, at R_{K-1} = 2K - 1, is answered R later.
  const SimResult one = pair<test::Emit<1, 1>, test::Absorb<1, 1>>(K, 1);
  CHECK(one.processes[0].finish == S + 2 * (K - 1) + 1);
  CHECK(one.cycles == S + 2 * K - 1 + R + kRegionDone);
  CHECK(one.processes[0].stalled_full == K - 1);  // every write but the first waits a cycle
  // D = 2: W_k = k, R_k = k + 1: a token a cycle, the last read at K.
  const SimResult two = pair<test::Emit<1, 1>, test::Absorb<1, 1>>(K, 2);
  CHECK(two.cycles == S + K + R + kRegionDone);
  CHECK(two.processes[0].stalled_full == 0);
  // D = 3, a RAM: W_k = k, R_k = k + 2: a token a cycle, one cycle later.
  const SimResult three = pair<test::Emit<1, 1>, test::Absorb<1, 1>>(K, 3);
  CHECK(three.cycles == S + K + 1 + R + kRegionDone);
  CHECK(three.processes[1].stalled_empty == 2);
  CHECK(three.processes[0].stalled_full == 0);
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
    auto r = simulate_held(arch, {});
    REQUIRE(r.ok());
    REQUIRE(r.value().ok());
    // W_k the producer's write of token k, S_k the stage's read (its issue),
    // S_k + 4 its write, C_k the consumer's read; rw = read_after_write(Token::bits, D).
    // D >= 2: no slot is ever waited for: S_k = k + rw, C_k = S_k + 4 + rw.
    // D = 1: W_k >= S_{k-1} + 1 and S_k >= W_k + 1 give a token every 2
    // cycles: S_k = 2k + 1, C_k = 2k + 6.
    const int64_t rw = read_after_write(Token::bits, depth);
    const int64_t last_read = depth == 1 ? 2 * (K - 1) + 1 : (K - 1) + rw;
    const int64_t last_consumed = depth == 1 ? 2 * (K - 1) + 6 : last_read + 4 + rw;
    CHECK(r.value().processes[1].finish == S + last_read + 5);
    CHECK(r.value().cycles == S + last_consumed + R + kRegionDone);
    const auto result = r.value().arguments.at("OUT").as<Token>();
    CHECK(result.back().lane_signed(1) == 1);
  }
}

TEST_CASE("busy and blocked intervals cover each process's time exactly once", "[timing]") {
  Timeline timeline;
  const SimResult r = pair<test::Emit<1, 1>, test::Absorb<2, 1>>(K, 1, &timeline);
  for (size_t n = 0; n < r.processes.size(); ++n) {
    const ProcessStats& p = r.processes[n];
    int64_t cursor = S, stalled = 0;
    for (const Interval& i : timeline.intervals(n)) {
      CHECK(i.begin == cursor);
      CHECK(i.end > i.begin);
      if (i.kind != Interval::busy) stalled += i.end - i.begin;
      cursor = i.end;
    }
    CHECK(cursor == p.finish);
    CHECK(stalled == p.stalled_empty + p.stalled_full + p.stalled_dram);
    CHECK(p.busy + stalled == p.finish - S);
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
  auto r = simulate_held(arch, {});
  REQUIRE(r.ok());
  REQUIRE(r.value().ok());
  // Two loads through one read side: two iterations a trip, 2K in all; the
  // last issues at S + 2K - 1 and drains 3 cycles later.
  CHECK(r.value().processes[0].iterations == 2 * K);
  CHECK(r.value().cycles == S + 2 * K - 1 + 3 + kRegionDone);
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

// The error a run refused for a trip over its II budget stopped with: the
// run composed and stopped by an error, the first of its errors ii-over-budget.
const Error& budget_refusal(const Result<SimResult>& r) {
  REQUIRE(r.ok());
  INFO(r.value().summary());
  REQUIRE(r.value().outcome == SimResult::error);
  REQUIRE(!r.value().errors.errors().empty());
  const Error& e = r.value().errors.errors()[0];
  INFO(e.message);
  CHECK(e.kind == "ii-over-budget");
  return e;
}

template <class U, class P>
Result<SimResult> over(P port, Storage storage) {
  Architecture arch("registers", test::sim_params(K, 1));
  Handle regs = arch.memory<test::Token>("regs", 4, one(), MemoryTiming{.storage = storage});
  place<U>(arch, "unit", one()).bind(port, regs());
  return simulate_held(arch, {});
}

template <class U, class P>
SimResult registers_only(P port, Storage storage) {
  auto r = over<U>(port, storage);
  REQUIRE(r.ok());
  REQUIRE(r.value().ok());
  return r.value();
}

TEST_CASE("a fully partitioned memory is registers: one iteration a trip, however many rows it touches", "[timing]") {
  // Marked: through registers, one iteration a trip, at the unit's II of 2:
  // trip i issues at S + kLoopEntry + 2i, the last drains 3 cycles later,
  // and the loop is left a cycle after.
  const SimResult wires = registers_only<RegisterShifter>(RegisterShifter::regs, Storage::registers);
  CHECK(wires.processes[0].iterations == K);
  CHECK(wires.cycles == S + kLoopEntry + 2 * (K - 1) + 3 + kLoopExit + kRegionDone);
  // Unmarked: the adder writes row 2 once a trip, so a trip is still an iteration.
  const SimResult adder = registers_only<RowAdder>(RowAdder::rows, Storage::registers);
  CHECK(adder.processes[0].iterations == K);
  CHECK(adder.cycles == S + K - 1 + 3 + kRegionDone);
}

TEST_CASE("a trip over its II budget is refused, naming the unit, loop, port, count and the II that fits", "[timing][budget]") {
  // Five loads and three stores a trip at II=2. A RAM's ports give, in 2 cycles:
  //   ram_t2p: 2 x 2 = 4 accesses, so the smallest II is ceil(8 / 2) = 4;
  //   ram_s2p: 2 loads and 2 stores, so 5 (the loads);
  //   ram_1p:  2 accesses, so 8.
  for (const auto& [storage, smallest] : {std::pair{Storage::dual_port, 4}, {Storage::simple_dual_port, 5},
                                          {Storage::single_port, 8}}) {
    INFO(vitis_kind(storage));
    auto r = over<RegisterShifter>(RegisterShifter::regs, storage);
    const Error& e = budget_refusal(r);
    const SimResult& result = r.value();
    CHECK(result.errors.errors().size() == 1);
    CHECK(e.where == "unit 'unit' port 'regs'");
    CHECK(e.message.find("unit 'shifter''s loop marked at tests/sim_timing_test.cc:") != std::string::npos);
    CHECK(e.message.find("5 loads and 3 stores of memory port 'regs', a " + std::string(storage_ports(storage))) !=
          std::string::npos);
    CHECK(e.message.find("the smallest II that fits is " + std::to_string(smallest) + " ") != std::string::npos);
    // Refused at the end of the first trip: nothing is given extra cycles.
    CHECK(result.processes[0].iterations == 1);
  }
}

// Loads `kLoads` rows of its memory each marked trip, and writes their sum:
// the budget case of one memory at an II the test chooses.
template <int kLoads, int kII>
struct Loader {
  LOOM_UNIT("loader");
  LOOM_OWNS(rows, test::Token);
  LOOM_WRITES(out, test::Token);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(rows, out);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/kII, /*depth=*/1};
  template <class IO>
  static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) {
      LOOM_PIPELINE(io);
      int64_t sum = 0;
      for (int l = 0; l < kLoads; ++l) sum += io.load(rows, l).lane_signed(0);
      test::Token t;
      t.set_lane(0, sum);
      io.write(out, t);
    }
  }
};

template <int kLoads, int kII>
Result<SimResult> loads(Storage storage) {
  using U = Loader<kLoads, kII>;
  Architecture arch("loads", test::sim_params(K, 2));
  Handle rows = arch.memory<test::Token>("rows", 4, one(), MemoryTiming{.storage = storage});
  Handle out = arch.channel<test::Token>("out", one(), "QD", "sums");
  place<U>(arch, "loader", one()).bind(U::rows, rows()).bind(U::out, out());
  place<test::HlsDrain>(arch, "sink", one()).bind(test::HlsDrain::in, out());
  return simulate_held(arch, {});
}

TEST_CASE("three loads of a dual-port memory in one trip: refused at II=1, two cycles a trip at II=2", "[timing][budget]") {
  const auto at1 = loads<3, 1>(Storage::dual_port);
  const Error& e = budget_refusal(at1);
  CHECK(e.message.find("3 loads and 0 stores of memory port 'rows'") != std::string::npos);
  CHECK(e.message.find("smallest II that fits is 2 ") != std::string::npos);

  auto at2 = loads<3, 2>(Storage::dual_port);
  REQUIRE(at2.ok());
  REQUIRE(at2.value().ok());
  // Trip i issues at E + 2i, E = S + kLoopEntry: its third load is two
  // accesses in, and its data is there the RAM's read latency later, when
  // the loader writes sum i: L = 2 + kRamReadLatency stages in, past its
  // depth of 1, so its last trip drains that much later. The sink (II=1,
  // depth 1) reads it a cycle later, at E + 2i + L + 1, and drains a cycle
  // after; each leaves its loop a cycle after its drain.
  const SimResult& r = at2.value();
  const int64_t E = S + kLoopEntry, L = 2 + kRamReadLatency;
  CHECK(r.processes[0].iterations == K);
  CHECK(r.processes[0].finish == E + 2 * (K - 1) + L + 1 + kLoopExit);
  CHECK(r.processes[1].finish == E + 2 * (K - 1) + L + 2 + kLoopExit);
  CHECK(r.cycles == E + 2 * (K - 1) + L + 2 + kLoopExit + kRegionDone);
  // Two loads fit one cycle of a true dual-port RAM, not of a single-port one.
  CHECK(loads<2, 1>(Storage::dual_port).value().ok());
  budget_refusal(loads<2, 1>(Storage::single_port));
}

// Loads two rows of its memory and stores one, a trip: the store, the first
// of its side, is what breaks a true dual-port RAM's two accesses at II=1.
struct LoadLoadStore {
  LOOM_UNIT("load_load_store");
  LOOM_OWNS(rows, test::Token);
  static constexpr auto ports = port_list(rows);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO>
  static void body(IO& io) {
    LOOM_PIPELINE(io);
    const test::Token a = io.load(rows, 0);
    (void)io.load(rows, 1);
    io.store(rows, 2, a);
  }
};

TEST_CASE("a dual-port memory's budget counts both sides: two loads then a store is over at II=1", "[timing][budget]") {
  for (int write_latency : {0, 2}) {  // the untimed path and the timed one
    INFO("write latency " << write_latency);
    Architecture arch("lls", sim_params(1, 1));
    Handle rows = arch.memory<test::Token>("rows", 4, one(),
                                           MemoryTiming{.write_latency = write_latency, .storage = Storage::dual_port});
    place<LoadLoadStore>(arch, "unit", one()).bind(LoadLoadStore::rows, rows());
    const auto r = simulate_held(arch, {});
    CHECK(budget_refusal(r).message.find("2 loads and 1 store") != std::string::npos);
  }
}

// Over its budget in a trip, then throws: the budget is what is reported.
struct OverThenThrow {
  LOOM_UNIT("over_then_throw");
  LOOM_READS(in, test::Token);
  static constexpr auto ports = port_list(in);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO>
  static void body(IO& io) {
    {
      LOOM_PIPELINE(io);
      io.read(in);
      io.read(in);
    }
    throw std::runtime_error("after the trip");
  }
};

TEST_CASE("a trip over its budget before a throw is refused for the budget", "[timing][budget]") {
  Architecture arch("throw", sim_params(2, 2));
  Handle c = arch.channel<test::Token>("c", one(), "QD", "tokens");
  place<test::Emit<1, 1>>(arch, "source", one()).bind(test::Emit<1, 1>::out, c());
  place<OverThenThrow>(arch, "unit", one()).bind(OverThenThrow::in, c());
  budget_refusal(simulate_held(arch, {}));
}

// Reads two words from one stream in a trip: II=2 has room for them, a cycle apart.
template <int kII>
struct PairReader {
  LOOM_UNIT("pairs");
  LOOM_READS(in, test::Token);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(in);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/kII, /*depth=*/1};
  template <class IO>
  static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k) / 2; ++i) {
      LOOM_PIPELINE(io);
      io.read(in);
      io.read(in);
    }
  }
};

template <int kII>
Result<SimResult> pairs() {
  Architecture arch("pairs", test::sim_params(K, 2));
  Handle c = arch.channel<test::Token>("c", one(), "QD", "tokens");
  place<test::Emit<1, 1>>(arch, "source", one()).bind(test::Emit<1, 1>::out, c());
  place<PairReader<kII>>(arch, "pairs", one()).bind(PairReader<kII>::in, c());
  return simulate_held(arch, {});
}

TEST_CASE("a stream port gives one read a cycle: two reads a trip need II=2, and land a cycle apart", "[timing][budget]") {
  const auto at1 = pairs<1>();
  CHECK(budget_refusal(at1).message.find("2 reads of stream port 'in' (a stream: 1 read a cycle)") !=
        std::string::npos);
  auto at2 = pairs<2>();
  REQUIRE(at2.ok());
  REQUIRE(at2.value().ok());
  // The source writes token k at S + k; trip i reads tokens 2i and 2i + 1 at
  // s_i and s_i + 1, each no sooner than its write + 1: s_i = S + 2i + 1 (the
  // loop's entry costs no more than that wait), so the reader's last trip
  // (i = K/2 - 1) issues at S + K - 1, reads its second token at S + K,
  // drains a cycle after that read (depth 1), and leaves the loop.
  CHECK(kLoopEntry <= 1);
  CHECK(at2.value().processes[1].finish == S + K + 1 + kLoopExit);
}

// Reads `in` twice in a trip at II=1 (over budget), then a third word from
// `late`, whose writer finishes after two.
struct OverThenStuck {
  LOOM_UNIT("over_then_stuck");
  LOOM_READS(in, test::Token);
  LOOM_READS(late, test::Token);
  static constexpr auto ports = port_list(in, late);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO>
  static void body(IO& io) {
    LOOM_PIPELINE(io);
    io.read(in);
    io.read(in);
    io.read(late);
    io.read(late);
    io.read(late);
  }
};

TEST_CASE("a trip over its budget that then waits forever is refused for the budget, not as a deadlock", "[timing][budget]") {
  Architecture arch("stuck", sim_params(2, 2));
  Handle c = arch.channel<test::Token>("c", one(), "QD", "tokens");
  Handle late = arch.channel<test::Token>("late", one(), "QD", "nothing, ever");
  place<test::Emit<1, 1>>(arch, "source", one()).bind(test::Emit<1, 1>::out, c());
  place<test::Emit<1, 1>>(arch, "silent", one()).bind(test::Emit<1, 1>::out, late());
  place<OverThenStuck>(arch, "unit", one()).bind(OverThenStuck::in, c()).bind(OverThenStuck::late, late());
  auto region = arch.compose({{"K", 2}});
  REQUIRE(region.ok());
  budget_refusal(simulate(region.value(), {}));
}

// Marks a loop that touches nothing, forever.
struct Spinner {
  LOOM_UNIT("spinner");
  static constexpr auto ports = port_list();
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO>
  static void body(IO& io) {
    for (;;) {
      LOOM_PIPELINE(io);
    }
  }
};

TEST_CASE("the cycle watchdog stops a marked loop that touches nothing", "[timing][watchdog]") {
  Architecture arch("spin", sim_params(K, 1));
  place<Spinner>(arch, "spinner", one());
  SimOptions options;
  options.max_cycles = 1000;
  auto r = simulate_held(arch, {}, options);
  REQUIRE(r.ok());
  REQUIRE(r.value().outcome == SimResult::watchdog);
  CHECK(r.value().report->watchdog_reason == "spinner passed cycle 1000");
  // Trip i issues at cycle S + kLoopEntry + i: the first past the bound is
  // trip 1001 - S - kLoopEntry, and the next is stopped as it begins.
  CHECK(r.value().processes[0].iterations == 1001 - S - kLoopEntry + 1);
}

// Loads one word through each of two ports bound to the same argument, a trip.
struct TwoReaders {
  LOOM_UNIT("two_readers");
  LOOM_READS_DRAM(a, test::Token);
  LOOM_READS_DRAM(b, test::Token);
  LOOM_WRITES(out, test::Token);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(a, b, out);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO>
  static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) {
      LOOM_PIPELINE(io);
      test::Token t;
      t.set_lane(0, io.load(a, i).lane_signed(0) + io.load(b, i).lane_signed(0));
      io.write(out, t);
    }
  }
};

TEST_CASE("ports bound to one argument share its one read channel", "[timing][budget]") {
  Architecture arch("shared", sim_params(K, 2));
  Handle in = arch.argument<test::Token>("IN", "K", "the words");
  Handle out = arch.channel<test::Token>("out", one(), "QD", "sums");
  place<TwoReaders>(arch, "u", one()).bind(TwoReaders::a, in()).bind(TwoReaders::b, in()).bind(TwoReaders::out, out());
  place<test::HlsDrain>(arch, "sink", one()).bind(test::HlsDrain::in, out());
  const auto r = simulate_held(arch, {{"IN", Buffer(test::Token::shape(), K)}});
  const Error& e = budget_refusal(r);
  CHECK(e.message.find("2 loads and 0 stores of region argument port 'a'") != std::string::npos);
  CHECK(e.message.find("counting the other ports bound to the same argument") != std::string::npos);
  CHECK(e.message.find("the smallest II that fits is 2 ") != std::string::npos);
}

// Catches what it throws inside a trip: the trip still ends (bodies should
// not throw, but the next trip must not be taken for a nested one).
struct Catcher {
  LOOM_UNIT("catcher");
  LOOM_WRITES(out, test::Token);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(out);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO>
  static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) {
      try {
        LOOM_PIPELINE(io);
        io.write(out, test::Token());
        throw 1;
      } catch (int) {
      }
    }
  }
};

TEST_CASE("a trip left by an exception the body catches ends, and the next is not nested", "[timing]") {
  Architecture arch("catch", sim_params(K, 2));
  Handle out = arch.channel<test::Token>("out", one(), "QD", "words");
  place<Catcher>(arch, "catcher", one()).bind(Catcher::out, out());
  place<test::HlsDrain>(arch, "sink", one()).bind(test::HlsDrain::in, out());
  auto r = simulate_held(arch, {});
  REQUIRE(r.ok());
  INFO(r.value().summary());
  CHECK(r.value().ok());
  CHECK(r.value().processes[0].iterations == K);
}

}  // namespace
}  // namespace loom

namespace loom {
namespace {

// Copies K rows of IN, from row FIRST at a stride of STRIDE, into OUT's rows
// 0..K-1, one row a marked trip: the m_axi cases (compose/sim/axi_timing.h).
struct Copier {
  LOOM_UNIT("copier");
  LOOM_READS_DRAM(IN, test::Token);
  LOOM_WRITES_DRAM(OUT, test::Token);
  LOOM_PARAM(k, K);
  LOOM_PARAM(first, FIRST);
  LOOM_PARAM(stride, STRIDE);
  static constexpr auto ports = port_list(IN, OUT);
  static constexpr auto params = param_list(k, first, stride);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO>
  static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) {
      LOOM_PIPELINE(io);
      io.store(OUT, i, io.load(IN, io.param(first) + i * io.param(stride)));
    }
  }
};

constexpr int64_t kInRows = 4096;

SimResult copy(int64_t rows, int64_t first, int64_t stride, AxiTiming in_timing = {}) {
  ParameterSet p = sim_params(rows, 1);
  p.param("FIRST", first, 0, kInRows - 1, "the first row read");
  p.param("STRIDE", stride, 1, 64, "rows between reads");
  Architecture arch("copy", p);
  Handle in = arch.argument<test::Token>("IN", kInRows, "rows to copy", in_timing);
  Handle out = arch.argument<test::Token>("OUT", "K", "the copy");
  place<Copier>(arch, "copier", one()).bind(Copier::IN, in()).bind(Copier::OUT, out());
  std::vector<test::Token> rows_in(kInRows);
  for (int64_t r = 0; r < kInRows; ++r) rows_in[static_cast<size_t>(r)].set_lane(0, r % 1000);
  auto r = simulate_held(arch, {{"IN", Buffer::of(rows_in)}});
  REQUIRE(r.ok());
  INFO(r.value().summary());
  REQUIRE(r.value().ok());
  const auto copied = r.value().arguments.at("OUT").as<test::Token>();
  for (int64_t i = 0; i < rows; ++i) CHECK(copied[static_cast<size_t>(i)].lane_signed(0) == (first + i * stride) % 1000);
  return r.value();
}

// The loop is entered at E = S + kLoopEntry. Its first read's request goes out
// then, and its data is readable L = max(latency, 1) + 12 later; trip i issues
// at E + L + i, writes its row then (depth 1), and the last write is answered
// R later; the loop is left a cycle after that.
constexpr int64_t E = S + kLoopEntry;
constexpr int64_t L = axi_read_latency(AxiTiming{}.latency);

TEST_CASE("a burst of consecutive reads pays the read latency once, and the loop waits for its last write's answer", "[timing][axi]") {
  const int64_t rows = 12;
  const SimResult r = copy(rows, 0, 1);
  CHECK(L == 13);  // LightningSim at the Vivado flow's latency 0
  CHECK(r.processes[0].finish == E + L + (rows - 1) + R + kLoopExit);
  // Waiting for the data, and for the answer beyond the drain a cycle after the write.
  CHECK(r.processes[0].stalled_dram == L + (R - 1));
  CHECK(r.cycles == r.processes[0].finish + kRegionDone);
}

TEST_CASE("strided reads are a request each: at latency 0 each waits the whole latency, at latency L they run L ahead", "[timing][axi]") {
  const int64_t rows = 40;
  // A long consecutive run is one burst, split every 16 beats by the
  // adapter, each piece requested right behind the one before.
  const SimResult consecutive = copy(rows, 0, 1);
  CHECK(consecutive.processes[0].finish == E + L + (rows - 1) + R + kLoopExit);
  // Latency 0: the schedule expects the data at once, so the pipeline waits
  // out every request: trip i reads at E + L + (L + 1) i.
  const SimResult waits = copy(rows, 0, 3);
  CHECK(waits.processes[0].finish == E + L + (L + 1) * (rows - 1) + R + kLoopExit);
  // Latency 20: a request goes out 20 cycles of progress ahead of its read.
  // The first waits the whole read latency; the next 19 were requested
  // behind it; trip 20's request went out after that wait, so it waits the
  // 12 the schedule does not cover, and so on every 20 trips. (With room for
  // all 40 in flight: at the default 16, the window binds as the next case shows.)
  const int latency = 20;
  const int64_t L20 = axi_read_latency(latency);
  const SimResult ahead = copy(rows, 0, 3, AxiTiming{.latency = latency, .read_outstanding = 64});
  CHECK(ahead.processes[0].finish == E + L20 + (rows - 1) + kAxiReadOverhead * ((rows - 1) / latency) + R + kLoopExit);
}

TEST_CASE("the outstanding window: a burst waits for the last beat of the one read_outstanding before it, and 4 KiB splits a burst", "[timing][axi]") {
  const int64_t rows = 8;
  // Strided at latency 20 with one read outstanding: each read waits for the
  // one before + G, G = max(20, 1) + 12 - 7.
  const int latency = 20;
  const int64_t G20 = axi_outstanding_gap(latency);
  CHECK(G20 == 25);
  const SimResult strided = copy(rows, 0, 2, AxiTiming{.latency = latency, .read_outstanding = 1});
  CHECK(strided.processes[0].finish == E + axi_read_latency(latency) + G20 * (rows - 1) + R + kLoopExit);
  // Consecutive, inside one 4 KiB page (a Token is 4 bytes: 1024 a page): one burst.
  const AxiTiming one_outstanding{.read_outstanding = 1};
  const int64_t G = axi_outstanding_gap(AxiTiming{}.latency);
  CHECK(G == 6);
  const SimResult inside = copy(rows, 0, 1, one_outstanding);
  CHECK(inside.processes[0].finish == E + L + (rows - 1) + R + kLoopExit);
  // Across the page at row 1024, after 3 rows: the second piece waits for the
  // first's last beat + G, G - 1 cycles more than the next trip's issue.
  const SimResult across = copy(rows, 1021, 1, AxiTiming{.read_outstanding = 1, .burst_beats = 256});
  CHECK(across.processes[0].finish == inside.processes[0].finish + (G - 1));
}

// copy(), on `engine`, with IN's waits on DRAM as `timeline` saw them.
SimResult copy_on(SimOptions::Engine engine, int64_t rows, int64_t first, AxiTiming in_timing,
                  std::vector<Interval>* in_waits) {
  ParameterSet p = sim_params(rows, 1);
  p.param("FIRST", first, 0, kInRows - 1, "the first row read");
  p.param("STRIDE", 1, 1, 64, "rows between reads");
  Architecture arch("copy", p);
  Handle in = arch.argument<test::Token>("IN", kInRows, "rows to copy", in_timing);
  Handle out = arch.argument<test::Token>("OUT", "K", "the copy");
  place<Copier>(arch, "copier", one()).bind(Copier::IN, in()).bind(Copier::OUT, out());
  std::vector<test::Token> rows_in(kInRows);
  for (int64_t r = 0; r < kInRows; ++r) rows_in[static_cast<size_t>(r)].set_lane(0, r % 1000);
  Timeline timeline;
  SimOptions options;
  options.engine = engine;
  options.listeners = {&timeline};
  auto r = test::compose_and_simulate(arch, {{"IN", Buffer::of(rows_in)}}, options);
  REQUIRE(r.ok());
  INFO(r.value().summary());
  REQUIRE(r.value().ok());
  test::held_by_identity(r.value(), timeline);
  const auto copied = r.value().arguments.at("OUT").as<test::Token>();
  for (int64_t i = 0; i < rows; ++i) CHECK(copied[static_cast<size_t>(i)].lane_signed(0) == (first + i) % 1000);
  in_waits->clear();
  for (const Interval& i : timeline.intervals(0))
    if (i.kind == Interval::wait_dram && i.port == 0) in_waits->push_back(i);
  return r.value();
}

TEST_CASE("a widened argument's burst is requested in pieces of burst_beats wide beats, where axi_burst_count splits it",
          "[timing][axi][widen]") {
  // With one read outstanding, each piece after the first waits for the last
  // beat of the one before + G: the row that begins it stalls G - 1 cycles,
  // so every piece is seen where it starts. A Token is 4 bytes.
  const int64_t G = axi_outstanding_gap(AxiTiming{}.latency);
  struct Case {
    int64_t first, rows;
    int widen, align, burst_beats;
    int64_t pieces;  // by hand, from the bytes over the beat width (axi_burst_count's own, checked too)
  };
  const std::vector<Case> cases = {
      {0, 40, 0, 1, 16, 3},        // unwidened: 16 tokens a piece, pieces at rows 0, 16 and 32
      {0, 40, 512, 64, 16, 1},     // 16 tokens a 512-bit beat, 256 a piece: one request
      {0, 40, 512, 1, 16, 3},      // a byte aligned: no widening, as unwidened
      {0, 40, 512, 8, 16, 2},      // 8-byte pointers: 64-bit beats of 2 tokens, 32 a piece
      {0, 100, 128, 64, 16, 2},    // 128-bit beats of 4 tokens, 64 a piece
      {8, 256, 512, 64, 16, 2},    // from byte 32, inside beat 0: beats 0..16, so 16 then 1
      {1000, 40, 512, 64, 16, 2},  // across the page at row 1024: 24 rows, then 16
      {1000, 40, 0, 1, 256, 2},    // unwidened at 256 beats: the page alone splits it
      {0, 300, 512, 64, 1, 19},    // a beat a piece: 300 * 4 / 64 = 18.75, 19 beats
  };
  for (const Case& c : cases) {
    const AxiTiming timing{.read_outstanding = 1, .burst_beats = c.burst_beats, .max_widen_bits = c.widen,
                           .alignment_bytes = c.align};
    const int64_t beat_bytes = axi_beat_bits(timing, test::Token::shape().bits()) / 8;
    const AxiBurstCount count = axi_burst_count(c.first * 4, c.rows * 4, beat_bytes, c.burst_beats);
    INFO("rows " << c.first << ".." << c.first + c.rows - 1 << ", widened to " << c.widen << " on " << c.align
                 << "-byte pointers, " << c.burst_beats << " beats a piece");
    CHECK(count.pieces == c.pieces);
    // The rows that begin a piece after the first: where the count of the rows up to them grows.
    std::vector<int64_t> starts;
    for (int64_t i = 1; i < c.rows; ++i)
      if (axi_burst_count(c.first * 4, (i + 1) * 4, beat_bytes, c.burst_beats).pieces >
          axi_burst_count(c.first * 4, i * 4, beat_bytes, c.burst_beats).pieces)
        starts.push_back(i);
    REQUIRE(static_cast<int64_t>(starts.size()) == c.pieces - 1);
    // The first read waits out the request [E, E + L); row i, the k-th piece
    // start, issues at E + L + i + k (G - 1) and waits G - 1.
    std::vector<Interval> expected = {{Interval::wait_dram, E, E + L, 0}};
    for (size_t k = 0; k < starts.size(); ++k) {
      const int64_t issue = E + L + starts[k] + static_cast<int64_t>(k) * (G - 1);
      expected.push_back({Interval::wait_dram, issue, issue + G - 1, 0});
    }
    for (const SimOptions::Engine engine : {SimOptions::Engine::coupled, SimOptions::Engine::trace}) {
      INFO((engine == SimOptions::Engine::coupled ? "coupled" : "trace") << " engine");
      std::vector<Interval> waits;
      const SimResult r = copy_on(engine, c.rows, c.first, timing, &waits);
      CHECK(waits == expected);
      CHECK(r.processes[0].finish == E + L + (c.rows - 1) + (c.pieces - 1) * (G - 1) + R + kLoopExit);
    }
  }
}

TEST_CASE("an argument's declared latency is the model's: each cycle of it is a cycle of the burst's wait", "[timing][axi]") {
  const int64_t rows = 4;
  const SimResult zero = copy(rows, 0, 1, AxiTiming{.latency = 0});
  const SimResult one = copy(rows, 0, 1, AxiTiming{.latency = 1});  // max(latency, 1): the same
  const SimResult ten = copy(rows, 0, 1, AxiTiming{.latency = 10});
  CHECK(one.cycles == zero.cycles);
  // IN's latency delays the read by 9 more; OUT's answers keep the default.
  CHECK(ten.cycles == zero.cycles + 9);
}

TEST_CASE("a watchdog stop during a DRAM wait names the argument in the report", "[timing][axi][watchdog]") {
  ParameterSet p = sim_params(4, 1);
  p.param("FIRST", 0, 0, kInRows - 1, "the first row read");
  p.param("STRIDE", 1, 1, 64, "rows between reads");
  Architecture arch("copy", p);
  Handle in = arch.argument<test::Token>("IN", kInRows, "rows to copy", AxiTiming{.latency = 500});
  Handle out = arch.argument<test::Token>("OUT", "K", "the copy");
  place<Copier>(arch, "copier", one()).bind(Copier::IN, in()).bind(Copier::OUT, out());
  SimOptions options;
  options.max_cycles = 100;
  auto r = simulate_held(arch, {{"IN", Buffer(test::Token::shape(), kInRows)}}, options);
  REQUIRE(r.ok());
  REQUIRE(r.value().outcome == SimResult::watchdog);
  const BlockedProcess* b = r.value().report->find("copier");
  REQUIRE(b != nullptr);
  CHECK(b->dram_argument == "IN");
  CHECK(b->dram_port == "IN");
  CHECK(b->dram_until == E + 500 + kAxiReadOverhead);
  CHECK(r.value().summary().find("waited " + std::to_string(b->dram_waited) + " cycles on DRAM, the last on argument 'IN'") !=
        std::string::npos);
}

}  // namespace
}  // namespace loom

namespace loom {
namespace {

// K / 4 bursts of 4 tokens, each a run of the same marked loop inside an
// outer loop: with kEntry, the body says the nest does not flatten.
template <bool kEntry>
struct Bursts {
  LOOM_UNIT("bursts");
  LOOM_READS(in, test::Token);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(in);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/3};
  template <class IO>
  static void body(IO& io) {
    for (int64_t b = 0; b < io.param(k) / 4; ++b) {
      if (kEntry) LOOM_LOOP_ENTRY(io);
      for (int t = 0; t < 4; ++t) {
        LOOM_PIPELINE(io);
        (void)io.read(in);
      }
    }
  }
};

template <class U>
Result<SimResult> bursts(int64_t k) {
  Architecture arch("bursts", sim_params(4 * k, 2));
  Handle c = arch.channel<test::Token>("c", one(), "QD", "tokens");
  place<test::Emit<1, 1>>(arch, "source", one()).bind(test::Emit<1, 1>::out, c());
  place<U>(arch, "bursts", one()).bind(U::in, c());
  return simulate_held(arch, {});
}

TEST_CASE("LOOM_LOOP_ENTRY: a nest that does not flatten pays each inner run's entry, drain and exit", "[timing]") {
  const int64_t k = 5;
  auto flat = bursts<Bursts<false>>(k);
  auto nest = bursts<Bursts<true>>(k);
  REQUIRE(flat.ok());
  REQUIRE(nest.ok());
  REQUIRE(flat.value().ok());
  REQUIRE(nest.value().ok());
  // Flattened: one run of 4k trips. The source writes token n at S + n, so
  // trip n reads it at S + n + 1 (the run's entry takes no longer).
  CHECK(flat.value().processes[1].finish == S + 4 * k + 3 + kLoopExit);
  // Not flattened: a run's trips issue over 3 cycles after its first, its
  // last drains 3 (the depth) later, the loop is left and entered again, so
  // runs start 3 + 3 + exit + entry apart (the tokens come faster), from
  // S + kLoopEntry; the last is done at its drain and exit.
  const int64_t per_run = 3 + 3 + kLoopExit + kLoopEntry;
  CHECK(nest.value().processes[1].finish == S + kLoopEntry + per_run * (k - 1) + 3 + 3 + kLoopExit);
  CHECK(nest.value().processes[1].finish > flat.value().processes[1].finish);
}

// Marks a loop entry inside a trip.
struct EntryInTrip {
  LOOM_UNIT("entry_in_trip");
  static constexpr auto ports = port_list();
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO>
  static void body(IO& io) {
    LOOM_PIPELINE(io);
    LOOM_LOOP_ENTRY(io);
  }
};

TEST_CASE("a loop entry inside a trip is refused as a nested pipeline, naming the loop", "[timing]") {
  Architecture arch("entry", sim_params(1, 1));
  place<EntryInTrip>(arch, "unit", one());
  auto r = simulate_held(arch, {});
  REQUIRE(r.ok());
  REQUIRE(r.value().outcome == SimResult::error);
  const Error& e = r.value().errors.errors().at(0);
  CHECK(e.kind == "nested-pipeline");
  CHECK(e.message.find("LOOM_LOOP_ENTRY") != std::string::npos);
  CHECK(e.message.find("tests/sim_timing_test.cc:") != std::string::npos);
}

// Marks a pipelined loop inside a trip of another: HLS pipelines one loop of
// a nest, so the simulator must refuse it rather than time it.
struct PipelineInTrip {
  LOOM_UNIT("pipeline_in_trip");
  static constexpr auto ports = port_list();
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO>
  static void body(IO& io) {
    for (int outer = 0; outer < 2; ++outer) {
      LOOM_PIPELINE(io);
      for (int inner = 0; inner < 2; ++inner) {
        LOOM_PIPELINE(io);
      }
    }
  }
};

TEST_CASE("a pipelined loop inside a trip of another is refused as a nested pipeline, naming both loops", "[timing]") {
  Architecture arch("nest", sim_params(1, 1));
  place<PipelineInTrip>(arch, "unit", one());
  for (const SimOptions::Engine engine : {SimOptions::Engine::coupled, SimOptions::Engine::trace}) {
    INFO((engine == SimOptions::Engine::coupled ? "coupled" : "trace") << " engine");
    SimOptions options;
    options.engine = engine;
    auto region = arch.compose();
    REQUIRE(region.ok());
    auto r = simulate(region.value(), {}, options);
    REQUIRE(r.ok());
    REQUIRE(r.value().outcome == SimResult::error);
    const Error& e = r.value().errors.errors().at(0);
    CHECK(e.kind == "nested-pipeline");
    CHECK(e.message.find("runs inside a trip of the loop marked at tests/sim_timing_test.cc:") != std::string::npos);
  }
}

}  // namespace
}  // namespace loom
