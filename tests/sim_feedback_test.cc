// A request/response loop, the feedback shape of credit loops and
// accumulators: a controller writes request i, then reads its reply; a
// processor reads each request and answers twice its value. Each access takes
// its own stage (docs/timing.md, "Stages"), so the round trip is derived in
// closed form from the FIFO's read-after-write delay and the two pipelines.
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

using test::Controller;

// The same controller, declaring the stage the scheduler reads the reply at.
template <int Depth, int Stage>
struct DeclaredController : Controller<Depth> {
  LOOM_STAGES(at_stage(Controller<Depth>::resp, Stage));
};

// Reads each reply before it sends the request: a real deadlock through the
// feedback edge.
struct ReplyFirst {
  LOOM_UNIT("reply_first");
  LOOM_WRITES(req, Token);
  LOOM_READS(resp, Token);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(req, resp);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/2};
  template <class IO> static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) {
      const Token t = io.read(resp);
      io.write(req, t);
    }
  }
};

// Waits outside any protocol region.
struct StrayWait {
  LOOM_UNIT("stray_wait");
  LOOM_WRITES_DRAM(SUM, Token);
  static constexpr auto ports = port_list(SUM);
  static constexpr auto params = param_list();
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/2};
  template <class IO> static void body(IO& io) {
    io.store(SUM, 0, Token());
    LOOM_WAIT(io);
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
// answers in that stage (its doubling chains into the read's cycle, as Vitis
// schedules it, whatever its depth); the controller reads the reply at
// stage r_c and stalls until the reply is readable, rw after its write. So
// trip i + 1 issues at s_i + rw + rw - r_c + 1, and never sooner than
// II = 1 later. By default r_c = 0, the first stage; a LOOM_WAIT after the
// write puts it one past the write, each further one a stage more (within
// the depth); a declared stage is r_c.
// Where the round trip is shorter than what the request FIFO carries, that bounds it.
template <class C, int DepthP>
void round_trip(int64_t fifo_depth, int64_t read_stage, SimOptions::Engine engine) {
  INFO(C::name << " depth " << C::pipeline.depth << ", processor depth " << DepthP << ", FIFO depth " << fifo_depth
                << ", reply read at stage " << read_stage);
  Architecture arch("request_response", test::sim_params(K, fifo_depth));
  Handle req = arch.channel<Token>("req", one(), "QD", "requests");
  Handle resp = arch.channel<Token>("resp", one(), "QD", "replies");
  Handle sum = arch.argument<Token>("SUM", "1", "the replies' sum");
  place<C>(arch, "controller", one()).bind(C::req, req()).bind(C::resp, resp()).bind(C::SUM, sum());
  place<Processor<DepthP>>(arch, "processor", one())
      .bind(Processor<DepthP>::req, req())
      .bind(Processor<DepthP>::resp, resp());
  Timeline timeline;
  const SimResult run = test::watched_run(arch, engine, timeline);
  if (engine == SimOptions::Engine::coupled)
    CHECK(run.arguments.at("SUM").as<Token>()[0].lane_signed(0) == K * (K - 1));

  const int64_t rw = read_after_write(Token::bits, fifo_depth);
  // A FIFO of D words frees a slot kWriteAfterRead after its read, so the
  // request FIFO carries D words every rw + kWriteAfterRead cycles.
  const int64_t carried = (rw + kWriteAfterRead + fifo_depth - 1) / fifo_depth;
  const int64_t period = std::max<int64_t>({1, carried, rw + rw - read_stage + 1});
  const auto& replies = timeline.words(1);
  REQUIRE(static_cast<int64_t>(replies.size()) == K);
  for (size_t i = 1; i < replies.size(); ++i) {
    INFO("reply " << i);
    CHECK(replies[i].second - replies[i - 1].second == period);
  }
  CHECK(run.channels[0].max_occupancy <= fifo_depth);
  CHECK(run.channels[1].max_occupancy <= fifo_depth);
}

TEST_CASE("a request/response loop between two II=1 processes: the round trip in closed form at FIFO depths 1, 2 "
          "and 4", "[timing][feedback]") {
  for (auto engine : {SimOptions::Engine::coupled, SimOptions::Engine::trace})
    for (int64_t d : {1, 2, 4}) {
      // A processor of depth 2, as Vitis reports such a loop (a FIFO read, a
      // multiply by 2 and a FIFO write); the published feedback kernel is the
      // controller of depth 3 reading its reply after ap_wait(): 2 cycles a
      // trip at FIFO depth 2 and more, as its co-simulation gives.
      round_trip<Controller<2>, 2>(d, 0, engine);
      round_trip<Controller<2, 1>, 2>(d, 1, engine);  // the user's kernels: the read one stage past the write
      round_trip<Controller<1>, 2>(d, 0, engine);
      round_trip<Controller<3>, 2>(d, 0, engine);
      round_trip<Controller<3, 1>, 2>(d, 1, engine);
      round_trip<Controller<3, 1>, 3>(d, 1, engine);
    }
}

TEST_CASE("clock boundaries (LOOM_WAIT) and a declared stage (LOOM_STAGES) move the reply's read", "[timing][feedback]") {
  // FIFOs deep enough that a reply waiting for a late read stage never fills
  // its FIFO: at depth 1 and 2 that wait, not the round trip, sets the rate.
  for (auto engine : {SimOptions::Engine::coupled, SimOptions::Engine::trace})
    for (int64_t d : {4, 8}) {
      round_trip<Controller<4, 1>, 2>(d, 1, engine);
      round_trip<Controller<4, 2>, 2>(d, 2, engine);
      round_trip<Controller<4, 3>, 2>(d, 3, engine);
      round_trip<Controller<4, 5>, 2>(d, 3, engine);  // no stage past the depth's last
      round_trip<DeclaredController<2, 1>, 2>(d, 1, engine);
      round_trip<DeclaredController<4, 2>, 2>(d, 2, engine);
    }
}

TEST_CASE("a request/response loop that reads before it asks deadlocks, and the report names the loop",
          "[timing][feedback][deadlock]") {
  for (auto engine : {SimOptions::Engine::coupled, SimOptions::Engine::trace}) {
    Architecture arch("reply_first", test::sim_params(K, 2));
    Handle req = arch.channel<Token>("req", one(), "QD", "requests");
    Handle resp = arch.channel<Token>("resp", one(), "QD", "replies");
    place<ReplyFirst>(arch, "controller", one()).bind(ReplyFirst::req, req()).bind(ReplyFirst::resp, resp());
    place<Processor<1>>(arch, "processor", one()).bind(Processor<1>::req, req()).bind(Processor<1>::resp, resp());
    SimOptions options;
    options.engine = engine;
    auto r = test::compose_and_simulate(arch, {}, options);
    REQUIRE(r.ok());
    REQUIRE(r.value().outcome == SimResult::deadlock);
    const DeadlockReport& report = r.value().report.value();
    const BlockedProcess* controller = report.find("controller");
    const BlockedProcess* processor = report.find("processor");
    REQUIRE(controller != nullptr);
    REQUIRE(processor != nullptr);
    CHECK(controller->state == BlockedProcess::waits_to_read);
    CHECK(controller->channel == "resp");
    CHECK(controller->waits_for == "processor");
    CHECK(processor->state == BlockedProcess::waits_to_read);
    CHECK(processor->channel == "req");
    CHECK(processor->waits_for == "controller");
    REQUIRE(report.wait_cycles.size() == 1);
    std::vector<std::string> loop = report.wait_cycles[0];
    std::sort(loop.begin(), loop.end());
    CHECK(loop == std::vector<std::string>{"controller", "processor"});
    CHECK_THAT(report.to_string(), Catch::Contains("controller") && Catch::Contains("processor"));
  }
}

TEST_CASE("a wait outside a protocol region is refused, by name and line", "[timing][feedback]") {
  Architecture arch("stray", test::sim_params(1, 2));
  Handle sum = arch.argument<Token>("SUM", "1", "a word");
  place<StrayWait>(arch, "stray_wait", one()).bind(StrayWait::SUM, sum());
  auto r = test::compose_and_simulate(arch, {}, {});
  REQUIRE(r.ok());
  REQUIRE(r.value().outcome == SimResult::error);
  const Error& e = r.value().errors.errors().at(0);
  CHECK(e.kind == "wait-outside-protocol");
  CHECK_THAT(e.message, Catch::Contains("LOOM_WAIT") && Catch::Contains("sim_feedback_test.cc:"));
}

}  // namespace
}  // namespace loom
