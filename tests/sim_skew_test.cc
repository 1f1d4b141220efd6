// A word written before its partner waits for it: a fork writes x in the
// stage it reads its input and y `Skew` stages later (LOOM_COMPUTE), and a
// join reads both in its first stage, so each x holds its FIFO slot Skew
// cycles longer than the FIFO's read-after-write. The x FIFO then passes D
// words every rw + Skew + kWriteAfterRead cycles, in closed form: the
// mechanism behind TinyTPU's PE chains (docs/timing.md, "Stages"), and what
// the static estimate's chain rate assumes (docs/actions.md). The join reads
// y before x: a read made before a later read of the same trip stalls keeps
// its own cycle (in either pipeline style: stp holds back writes, not reads;
// docs/timing.md, "Pipeline styles").
#include <catch2/catch.hpp>

#include <algorithm>

#include "compose/place.h"
#include "compose/sim/fifo_timing.h"
#include "compose/sim/simulator.h"
#include "compose/sim/timeline.h"
#include "tests/compose_and_simulate.h"
#include "tests/test_units.h"

namespace loom {
namespace {

using test::Token;

template <int Skew>
struct Fork {
  LOOM_UNIT("fork");
  LOOM_READS(in, Token);
  LOOM_WRITES(x, Token);
  LOOM_WRITES(y, Token);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(in, x, y);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/Skew + 1};
  LOOM_COMPUTE(computed(y, Skew));
  template <class IO> static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) {
      LOOM_PIPELINE(io);
      const Token t = io.read(in);
      io.write(x, t);
      io.write(y, t);
    }
  }
};

struct Join {
  LOOM_UNIT("join");
  LOOM_READS(x, Token);
  LOOM_READS(y, Token);
  LOOM_WRITES_DRAM(SUM, Token);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(x, y, SUM);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO> static void body(IO& io) {
    int64_t sum = 0;
    for (int64_t i = 0; i < io.param(k); ++i) {
      LOOM_PIPELINE(io);
      // y first: the trip waits for it, then takes x in the same cycle (two
      // reads in one expression would leave their order to the compiler).
      sum += io.read(y).lane_signed(0);
      sum += io.read(x).lane_signed(0);
    }
    Token s;
    s.set_lane(0, sum);
    io.store(SUM, 0, s);
  }
};

constexpr int64_t K = 48;

template <int Skew>
void skewed(int64_t depth, SimOptions::Engine engine) {
  INFO("skew " << Skew << ", FIFO depth " << depth);
  Architecture arch("skew", test::sim_params(K, depth));
  Handle in = arch.channel<Token>("in", one(), "QD", "the fork's input");
  Handle x = arch.channel<Token>("x", one(), "QD", "written at the read");
  Handle y = arch.channel<Token>("y", one(), "QD", "written Skew stages on");
  Handle sum = arch.argument<Token>("SUM", "1", "the join's sum");
  using E = test::Emit<1, 1>;
  place<E>(arch, "emit", one()).bind(E::out, in());
  place<Fork<Skew>>(arch, "fork", one()).bind(Fork<Skew>::in, in()).bind(Fork<Skew>::x, x()).bind(Fork<Skew>::y, y());
  place<Join>(arch, "join", one()).bind(Join::x, x()).bind(Join::y, y()).bind(Join::SUM, sum());
  Timeline timeline;
  const SimResult run = test::watched_run(arch, engine, timeline);
  if (engine == SimOptions::Engine::coupled)
    CHECK(run.arguments.at("SUM").as<Token>()[0].lane_signed(0) == K * (K - 1));
  const int64_t rw = read_after_write(Token::bits, depth);
  const auto& xs = timeline.words(1);
  const auto& ys = timeline.words(2);
  REQUIRE(static_cast<int64_t>(xs.size()) == K);
  REQUIRE(static_cast<int64_t>(ys.size()) == K);
  for (int64_t k = 0; k < K; ++k) {
    INFO("word " << k);
    const auto& [xw, xr] = xs[static_cast<size_t>(k)];
    const auto& [yw, yr] = ys[static_cast<size_t>(k)];
    // y leaves Skew stages after x, and the join reads both once y is there.
    CHECK(yw == xw + Skew);
    CHECK(xr == yw + rw);
    CHECK(yr == xr);
    // x's word k waits for the slot word k - D freed, and the fork issues a
    // trip a cycle at most.
    if (k >= 1) {
      int64_t earliest = xs[static_cast<size_t>(k) - 1].first + 1;
      if (k >= depth) earliest = std::max(earliest, xs[static_cast<size_t>(k - depth)].second + kWriteAfterRead);
      CHECK(xw == earliest);
    }
  }
  // So D words every rw + Skew + kWriteAfterRead cycles, where that is more than D.
  const int64_t period = rw + Skew + kWriteAfterRead;
  const int64_t last = (K - 1) + (period > depth ? (K - 1) / depth * (period - depth) : 0);
  CHECK(xs.back().first - xs.front().first == last);
}

TEST_CASE("a word written before its partner holds its FIFO slot: D words every rw + skew + 1 cycles",
          "[timing][stages]") {
  for (auto engine : {SimOptions::Engine::coupled, SimOptions::Engine::trace})
    for (int64_t d : {1, 2}) {
      skewed<0>(d, engine);
      skewed<1>(d, engine);
      skewed<2>(d, engine);
    }
}

}  // namespace
}  // namespace loom
