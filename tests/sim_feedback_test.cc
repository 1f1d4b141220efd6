// A request/response loop, the feedback shape of credit loops and
// accumulators: a controller writes request i, then reads its reply; a
// processor reads each request and answers twice its value. Each access takes
// its own stage (docs/timing.md, "Stages"), so the round trip is derived in
// closed form from the FIFO's read-after-write delay and the two pipelines.
#include <catch2/catch.hpp>

#include "compose/place.h"
#include "compose/sim/fifo_timing.h"
#include "compose/sim/simulator.h"
#include "compose/sim/timeline.h"
#include "tests/compose_and_simulate.h"
#include "tests/test_units.h"

namespace loom {
namespace {

using test::Token;

template <int Depth>
struct Controller {
  LOOM_UNIT("controller");
  LOOM_WRITES(req, Token);
  LOOM_READS(resp, Token);
  LOOM_WRITES_DRAM(SUM, Token);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(req, resp, SUM);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/Depth};
  template <class IO> static void body(IO& io) {
    int64_t sum = 0;
    for (int64_t i = 0; i < io.param(k); ++i) {
      Token t;
      t.set_lane(0, i);
      io.write(req, t);
      sum += io.read(resp).lane_signed(0);
    }
    Token s;
    s.set_lane(0, sum);
    io.store(SUM, 0, s);
  }
};

template <int Depth>
struct Processor {
  LOOM_UNIT("processor");
  LOOM_READS(req, Token);
  LOOM_WRITES(resp, Token);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(req, resp);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/Depth};
  template <class IO> static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) {
      Token t = io.read(req);
      t.set_lane(0, 2 * t.lane_signed(0));
      io.write(resp, t);
    }
  }
};

constexpr int64_t K = 64;

// The controller's trip i issues at s_i and writes its request at stage 0 (it
// has no input before it); the processor reads it rw later at its stage 0 and
// answers lag_p = depth_p - 1 stages on; the controller reads the reply at
// stage r_c = min(1, depth_c - 1), one past its write, and stalls until the
// reply is readable, rw after its write. So trip i + 1 issues at
// s_i + rw + lag_p + rw - r_c + 1, and never sooner than II = 1 later.
template <int DepthC, int DepthP>
void round_trip(int64_t fifo_depth) {
  INFO("controller depth " << DepthC << ", processor depth " << DepthP << ", FIFO depth " << fifo_depth);
  Architecture arch("request_response", test::sim_params(K, fifo_depth));
  Handle req = arch.channel<Token>("req", one(), "QD", "requests");
  Handle resp = arch.channel<Token>("resp", one(), "QD", "replies");
  Handle sum = arch.argument<Token>("SUM", "1", "the replies' sum");
  place<Controller<DepthC>>(arch, "controller", one())
      .bind(Controller<DepthC>::req, req())
      .bind(Controller<DepthC>::resp, resp())
      .bind(Controller<DepthC>::SUM, sum());
  place<Processor<DepthP>>(arch, "processor", one())
      .bind(Processor<DepthP>::req, req())
      .bind(Processor<DepthP>::resp, resp());
  Timeline timeline;
  SimOptions options;
  options.listeners = {&timeline};
  auto r = test::compose_and_simulate(arch, {}, options);
  REQUIRE(r.ok());
  INFO(r.value().summary());
  REQUIRE(r.value().ok());
  CHECK(r.value().arguments.at("SUM").as<Token>()[0].lane_signed(0) == K * (K - 1));

  const int64_t rw = read_after_write(Token::bits, fifo_depth);
  const int64_t period = std::max<int64_t>(1, rw + (DepthP - 1) + rw - std::min(1, DepthC - 1) + 1);
  const auto& replies = timeline.words(1);
  REQUIRE(static_cast<int64_t>(replies.size()) == K);
  for (size_t i = 1; i < replies.size(); ++i) {
    INFO("reply " << i);
    CHECK(replies[i].second - replies[i - 1].second == period);
  }
  // The FIFOs never hold more than the one word in flight.
  CHECK(r.value().channels[0].max_occupancy == 1);
  CHECK(r.value().channels[1].max_occupancy == 1);
}

TEST_CASE("a request/response loop between two II=1 processes: the round trip in closed form at FIFO depths 1, 2 "
          "and 4", "[timing][feedback]") {
  for (int64_t d : {1, 2, 4}) {
    round_trip<2, 1>(d);  // the user's kernels: two cycles a trip through a shift register
    round_trip<1, 1>(d);
    round_trip<3, 2>(d);
  }
}

}  // namespace
}  // namespace loom
