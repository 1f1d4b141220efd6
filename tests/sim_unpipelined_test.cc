// A loop that is not pipelined (unpipelined(latency), `#pragma HLS pipeline
// off`), in closed form: its iterations follow one another, each taking its
// latency, so N of them take N x latency (UG1399, "Pipelining Loops": 20
// iterations of 3 cycles take 60), plus the loop's entry and its exit, the
// condition state visited once more (control_timing.h); a stall delays the
// rest of its iteration and every later one; its trip has room for as many
// accesses to a stream as it has cycles; and a memory it owns cannot claim a
// store in flight past its next iteration.
#include <catch2/catch.hpp>

#include "compose/place.h"
#include "compose/sim/control_timing.h"
#include "compose/sim/fifo_timing.h"
#include "compose/sim/simulator.h"
#include "compose/sim/timeline.h"
#include "tests/compose_and_simulate.h"
#include "tests/test_units.h"

namespace loom {
namespace {

using test::Token;

// Passes K tokens through, one an iteration of `Latency` cycles; pipelined,
// the same body at II 1 and that depth.
template <int Latency, bool Off>
struct Pass {
  LOOM_UNIT("pass");
  LOOM_READS(in, Token);
  LOOM_WRITES(out, Token);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(in, out);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline = Off ? unpipelined(Latency) : Pipeline{/*ii=*/1, /*depth=*/Latency};
  LOOM_COMPUTE(computed(out, Latency - 1));
  template <class IO> static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) {
      LOOM_PIPELINE(io);
      Token t = io.read(in);
      t.set_lane(1, t.lane_signed(1) + 1);
      io.write(out, t);
    }
  }
};

// Reads `Reads` tokens a trip, K / Reads trips, in an unpipelined loop.
template <int Latency, int Reads>
struct Gulp {
  LOOM_UNIT("gulp");
  LOOM_READS(in, Token);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(in);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline = unpipelined(Latency);
  template <class IO> static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k) / Reads; ++i) {
      LOOM_PIPELINE(io);
      for (int r = 0; r < Reads; ++r) (void)io.read(in);
    }
  }
};

constexpr int64_t K = 12;
constexpr int64_t QD = 2;

struct Run {
  SimResult result;
  std::vector<std::pair<int64_t, int64_t>> in, out;  // each word's write and read cycles
};

// emit (a word a cycle) -> pass -> absorb, with every FIFO QD deep.
template <class P, int SourceII = 1>
Run pass_run(SimOptions::Engine engine) {
  Architecture arch("pass", test::sim_params(K, QD));
  Handle in = arch.channel<Token>("in", one(), "QD", "to the loop");
  Handle out = arch.channel<Token>("out", one(), "QD", "from the loop");
  Handle all = arch.argument<Token>("OUT", "K", "what passed");
  using E = test::Emit<SourceII, 1>;
  using A = test::Absorb<1, 1>;
  place<E>(arch, "emit", one()).bind(E::out, in());
  place<P>(arch, "pass", one()).bind(P::in, in()).bind(P::out, out());
  place<A>(arch, "absorb", one()).bind(A::in, out()).bind(A::OUT, all());
  Timeline timeline;
  const SimResult run = test::watched_run(arch, engine, timeline);
  return {run, timeline.words(0), timeline.words(1)};
}

template <int L>
void rolled(SimOptions::Engine engine) {
  INFO("latency " << L << (engine == SimOptions::Engine::trace ? ", trace engine" : ", coupled engine"));
  const Run off = pass_run<Pass<L, true>>(engine);
  const Run on = pass_run<Pass<L, false>>(engine);
  const int64_t S = kProcessStart;
  // The source writes token n at S + n, readable rw later; the loop is
  // entered a cycle after the process starts.
  const int64_t rw = read_after_write(Token::bits, QD);
  const int64_t first = S + std::max(kLoopEntry, rw);
  REQUIRE(static_cast<int64_t>(off.in.size()) == K);
  for (int64_t n = 0; n < K; ++n) {
    INFO("word " << n);
    // Iteration n begins when iteration n - 1 has taken its L cycles, and
    // writes its word at its last stage.
    CHECK(off.in[static_cast<size_t>(n)].second == first + n * L);
    CHECK(off.out[static_cast<size_t>(n)].first == first + n * L + (L - 1));
  }
  // N iterations of L cycles, then the exit: the condition state once more.
  CHECK(off.result.processes[1].finish == first + K * L + kLoopExit);
  // Pipelined at II 1 the same body overlaps them: (K - 1)(L - 1) sooner.
  CHECK(on.result.processes[1].finish == first + (K - 1) + L + kLoopExit);
  CHECK(off.result.processes[1].finish - on.result.processes[1].finish == (K - 1) * (L - 1));
  CHECK((off.result.cycles > on.result.cycles || L == 1));
  if (engine == SimOptions::Engine::coupled)
    for (int64_t n = 0; n < K; ++n)
      CHECK(off.result.arguments.at("OUT").as<Token>()[static_cast<size_t>(n)].lane_signed(1) == 1);
}

TEST_CASE("an unpipelined loop's N iterations of latency L take entry + N x L + exit, with both engines",
          "[timing][unpipelined]") {
  for (auto engine : {SimOptions::Engine::coupled, SimOptions::Engine::trace}) {
    rolled<1>(engine);
    rolled<2>(engine);
    rolled<3>(engine);
    rolled<5>(engine);
  }
}

TEST_CASE("a stall in an unpipelined iteration delays it and every later one by the whole wait", "[timing][unpipelined]") {
  // A source slower than the loop: word n is written at S + 7n, and each
  // iteration waits for its word, then takes its 3 cycles; the next cannot
  // begin sooner than 7 cycles on, so every iteration waits.
  constexpr int kSource = 7;
  const Run off = pass_run<Pass<3, true>, kSource>(SimOptions::Engine::coupled);
  const int64_t S = kProcessStart;
  const int64_t rw = read_after_write(Token::bits, QD);
  for (int64_t n = 0; n < K; ++n) {
    INFO("word " << n);
    CHECK(off.in[static_cast<size_t>(n)].first == S + kSource * n);
    CHECK(off.in[static_cast<size_t>(n)].second == S + kSource * n + std::max(rw, n == 0 ? kLoopEntry : 0));
  }
  CHECK(off.result.processes[1].finish == off.in.back().second + 3 + kLoopExit);
  CHECK(off.result.processes[1].stalled_empty > 0);
}

template <class G>
Result<SimResult> gulp_run() {
  Architecture arch("gulp", test::sim_params(K, QD));
  Handle in = arch.channel<Token>("in", one(), "QD", "to the loop");
  using E = test::Emit<1, 1>;
  place<E>(arch, "emit", one()).bind(E::out, in());
  place<G>(arch, "gulp", one()).bind(G::in, in());
  return test::compose_and_simulate(arch, {});
}

TEST_CASE("an unpipelined iteration reads a stream once a cycle of its latency, and no more", "[timing][unpipelined]") {
  // Latency 3: three reads a trip fit, a read a cycle.
  auto fits = gulp_run<Gulp<3, 3>>();
  REQUIRE(fits.ok());
  INFO(fits.value().summary());
  CHECK(fits.value().ok());
  CHECK(fits.value().processes[1].iterations == K / 3);
  // Latency 2: the third read has no cycle of the iteration left.
  auto over = gulp_run<Gulp<2, 3>>();
  REQUIRE(over.ok());
  INFO(over.value().summary());
  REQUIRE(over.value().outcome == SimResult::error);
  REQUIRE(!over.value().errors.errors().empty());
  CHECK(over.value().errors.errors()[0].kind == "ii-over-budget");
}

// Owns a memory it adds into, in an unpipelined loop.
struct Tally {
  LOOM_UNIT("tally");
  LOOM_READS(in, Token);
  LOOM_OWNS(acc, Token);
  LOOM_WRITES_DRAM(SUM, Token);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(in, acc, SUM);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline = unpipelined(2);
  template <class IO> static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) {
      LOOM_PIPELINE(io);
      Token t = io.load(acc, 0);
      t.set_lane(0, t.lane_signed(0) + io.read(in).lane_signed(0));
      io.store(acc, 0, t);
    }
    io.store(SUM, 0, io.load(acc, 0));
  }
};

Result<Region> tally(int write_latency) {
  Architecture arch("tally", test::sim_params(K, QD));
  Handle in = arch.channel<Token>("in", one(), "QD", "to the loop");
  Handle acc = arch.memory<Token>("acc", 1, one(), MemoryTiming{.write_latency = write_latency});
  Handle sum = arch.argument<Token>("SUM", "1", "the tally");
  using E = test::Emit<1, 1>;
  place<E>(arch, "emit", one()).bind(E::out, in());
  place<Tally>(arch, "tally", one()).bind(Tally::in, in()).bind(Tally::acc, acc()).bind(Tally::SUM, sum());
  return arch.compose();
}

TEST_CASE("a memory an unpipelined loop owns declares no store in flight past the next iteration", "[timing][unpipelined]") {
  // Each iteration's store lands before the next begins, so each load sees
  // the sum so far: 0 + 1 + ... + K-1.
  for (int latency : {0, 1}) {
    auto region = tally(latency);
    INFO(region.status().to_string());
    REQUIRE(region.ok());
    auto r = simulate(region.value(), {});
    REQUIRE(r.ok());
    REQUIRE(r.value().ok());
    CHECK(r.value().arguments.at("SUM").as<Token>()[0].lane_signed(0) == K * (K - 1) / 2);
  }
  auto refused = tally(2);
  REQUIRE(!refused.ok());
  INFO(refused.status().to_string());
  bool named = false;
  for (const Error& e : refused.status().errors())
    named = named || (e.kind == "invalid-timing" && e.where.find("memory 'acc'") != std::string::npos &&
                      e.message.find("not pipelined") != std::string::npos &&
                      e.message.find("tally") != std::string::npos);
  CHECK(named);
}

}  // namespace
}  // namespace loom
