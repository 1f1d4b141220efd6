// The request/response machine (machines/reqresp): a feedback loop whose
// requests come from an ap_memory RAM, with a scalar input and a scalar
// output. Its round trip is derived in closed form from the timing constants
// and the RAM's read latency; its interfaces are held to their rules.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

#include "compose/place.h"
#include "compose/sim/control_timing.h"
#include "compose/sim/fifo_timing.h"
#include "compose/sim/simulator.h"
#include "compose/sim/timeline.h"
#include "machines/reqresp/answerer.h"
#include "machines/reqresp/asker.h"
#include "machines/reqresp/reqresp.h"
#include "tests/compose_and_simulate.h"

namespace loom {
namespace {

using reqresp::Value;

struct Run {
  SimResult result;
  std::vector<std::pair<int64_t, int64_t>> replies;  // (word, cycle) of each reply written
};

Run simulate_reqresp(const Architecture& arch, const Overrides& overrides, const std::vector<int32_t>& requests,
                     int32_t bias, SimOptions::Engine engine) {
  std::vector<Value> req(requests.size()), b(1);
  for (size_t i = 0; i < requests.size(); ++i) req[i].set_lane(0, requests[i]);
  b[0].set_lane(0, bias);
  Timeline timeline;
  SimOptions options;
  options.engine = engine;
  options.listeners = {&timeline};
  auto region = arch.compose(overrides);
  INFO(region.status().to_string());
  REQUIRE(region.ok());
  auto r = simulate(region.value(), {{"REQ", Buffer::of(req)}, {"BIAS", Buffer::of(b)}}, options);
  INFO(r.status().to_string());
  REQUIRE(r.ok());
  INFO(r.value().summary());
  REQUIRE(r.value().ok());
  return {r.value(), timeline.words(1)};
}

std::vector<int32_t> requests(int64_t k) {
  std::mt19937 rng(7);
  std::uniform_int_distribution<int32_t> value(-1000, 1000);
  std::vector<int32_t> out(static_cast<size_t>(k));
  for (int32_t& r : out) r = value(rng);
  return out;
}

// Trip i loads request i at stage 0 (the asker's first); its data is usable
// L stages on, so the request leaves at w = max(lag_a, L), lag_a = depth_a - 1
// = 1 (docs/timing.md, "On-chip and scalar arguments"). The answerer reads it
// rw later and answers lag_p = 0 stages on; the asker reads the reply after a
// clock boundary, at stage min(lag_a, w + 1) = lag_a, and stalls until it is
// readable, rw after its write. So trip i + 1 issues
//   w - lag_a + 2 rw + lag_p + 1
// after trip i, and never sooner than the request FIFO carries its words.
TEST_CASE("reqresp's round trip in closed form, at FIFO depths 1, 2 and 4 and RAM latencies 1 to 3", "[reqresp][timing]") {
  constexpr int64_t K = 48;
  const std::vector<int32_t> reqs = requests(K);
  const int32_t bias = -13;
  const int64_t lag_a = reqresp::Asker::pipeline.depth - 1, lag_p = reqresp::Answerer::pipeline.depth - 1;
  for (auto engine : {SimOptions::Engine::coupled, SimOptions::Engine::trace})
    for (int latency : {1, 2, 3})
      for (int64_t depth : {1, 2, 4}) {
        INFO("latency " << latency << ", FIFO depth " << depth << ", engine " << static_cast<int>(engine));
        const Run run = simulate_reqresp(reqresp::architecture(latency), {{"K", K}, {"QD", depth}, {"L", latency}},
                                         reqs, bias, engine);
        CHECK(run.result.arguments.at("SUM").as<Value>()[0].lane_signed(0) == reqresp::expected_sum(reqs, bias));
        const int64_t rw = read_after_write(Value::bits, depth);
        const int64_t carried = (rw + kWriteAfterRead + depth - 1) / depth;
        const int64_t w = std::max<int64_t>(lag_a, latency);
        const int64_t period = std::max<int64_t>({1, carried, w - lag_a + 2 * rw + lag_p + 1});
        REQUIRE(static_cast<int64_t>(run.replies.size()) == K);
        for (size_t i = 1; i < run.replies.size(); ++i) {
          INFO("reply " << i);
          CHECK(run.replies[i].second - run.replies[i - 1].second == period);
        }
      }
}

TEST_CASE("reqresp under ap_ctrl_none ends at its last process's finish, with no ap_done cycle", "[reqresp][timing]") {
  const std::vector<int32_t> reqs = requests(20);
  for (auto engine : {SimOptions::Engine::coupled, SimOptions::Engine::trace}) {
    const Run hs = simulate_reqresp(reqresp::architecture(1, BlockControl::ap_ctrl_hs), {{"K", 20}}, reqs, 5, engine);
    const Run chain = simulate_reqresp(reqresp::architecture(1, BlockControl::ap_ctrl_chain), {{"K", 20}}, reqs, 5, engine);
    const Run none = simulate_reqresp(reqresp::architecture(1, BlockControl::ap_ctrl_none), {{"K", 20}}, reqs, 5, engine);
    int64_t last = 0;
    for (const auto& p : none.result.processes) last = std::max(last, p.finish);
    CHECK(none.result.cycles == last);
    CHECK(hs.result.cycles == last + kRegionDone);
    CHECK(chain.result.cycles == hs.result.cycles);  // ap_continue gates only the next run
  }
}

// A unit that reads its RAM twice a trip, and one that loads and stores it.
struct TwoLoads {
  LOOM_UNIT("two_loads");
  LOOM_READS_DRAM(src, Value);
  LOOM_WRITES_DRAM(dst, Value);
  static constexpr auto ports = port_list(src, dst);
  static constexpr auto params = param_list();
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/3};
  template <class IO> static void body(IO& io) {
    for (int64_t i = 0; i < 4; ++i) {
      LOOM_PIPELINE(io);
      Value a = io.load(src, 2 * i), b = io.load(src, 2 * i + 1);
      a.set_lane(0, a.lane_signed(0) + b.lane_signed(0));
      io.store(dst, i, a);
    }
  }
};

// TwoLoads over an ap_memory SRC of 8 words with `ram`, and an m_axi DST.
Architecture two_loads_arch(ApMemory ram) {
  Architecture arch("two_loads", ParameterSet{});
  Handle src = arch.ap_memory<Value>("SRC", 8, "pairs", ram);
  Handle dst = arch.argument<Value>("DST", 4, "their sums");
  place<TwoLoads>(arch, "adder", one()).bind(TwoLoads::src, src()).bind(TwoLoads::dst, dst());
  return arch;
}

Result<SimResult> two_loads(Storage storage) {
  return test::compose_and_simulate(two_loads_arch({1, storage}), {{"SRC", Buffer(Value::shape(), 8)}});
}

TEST_CASE("an ap_memory RAM's ports are the II budget: two loads a trip fit ram_t2p, not ram_1p", "[reqresp][timing]") {
  auto single = two_loads(Storage::single_port);
  INFO(single.status().to_string());
  REQUIRE(single.ok());
  INFO(single.value().summary());
  CHECK(!single.value().ok());
  CHECK(single.value().errors.to_string().find("ii-over-budget") != std::string::npos);
  auto dual = two_loads(Storage::dual_port);
  REQUIRE(dual.ok());
  INFO(dual.value().summary());
  CHECK(dual.value().ok());
}

// Copies one word from `in` to `out`.
struct Copy1 {
  LOOM_UNIT("copy1");
  LOOM_READS_DRAM(in, Value);
  LOOM_WRITES_DRAM(out, Value);
  static constexpr auto ports = port_list(in, out);
  static constexpr auto params = param_list();
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO> static void body(IO& io) { io.store(out, 0, io.load(in, 0)); }
};

TEST_CASE("a scalar used against its direction, or an ap_memory RAM out of range, is refused by name", "[reqresp]") {
  {
    // An ap_vld output read, an ap_none input written; ap_ovld is both.
    Architecture arch("wrong_way", ParameterSet{});
    Handle vld = arch.scalar<Value>("VLD", Protocol::ap_vld, "an output");
    Handle none = arch.scalar<Value>("NONE", Protocol::ap_none, "an input");
    Handle ovld_in = arch.scalar<Value>("OVLD_IN", Protocol::ap_ovld, "read and written");
    Handle ovld_out = arch.scalar<Value>("OVLD_OUT", Protocol::ap_ovld, "read and written");
    place<Copy1>(arch, "backwards", one()).bind(Copy1::in, vld()).bind(Copy1::out, none());
    place<Copy1>(arch, "both", one()).bind(Copy1::in, ovld_in()).bind(Copy1::out, ovld_out());
    auto region = arch.compose();
    REQUIRE(!region.ok());
    const std::string text = region.status().to_string();
    INFO(text);
    CHECK(text.find("error[bad-interface] argument 'VLD': unit 'backwards' port 'in' reads it, but an ap_vld scalar is an "
                    "output") != std::string::npos);
    CHECK(text.find("error[bad-interface] argument 'NONE': unit 'backwards' port 'out' writes it, but an ap_none scalar "
                    "is an input") != std::string::npos);
    CHECK(text.find("OVLD") == std::string::npos);
    CHECK(region.status().errors().size() == 2);
  }
  for (int latency : {0, kMaxApMemoryLatency + 1}) {
    auto region = two_loads_arch({latency, Storage::single_port}).compose();
    REQUIRE(!region.ok());
    INFO(region.status().to_string());
    CHECK(region.status().to_string().find("error[invalid-timing] argument 'SRC': declares an ap_memory latency of " +
                                           std::to_string(latency) + "; it must be 1 to " +
                                           std::to_string(kMaxApMemoryLatency)) != std::string::npos);
  }
  auto refused = two_loads_arch({1, Storage::registers}).compose();
  REQUIRE(!refused.ok());
  CHECK(refused.status().to_string().find("error[bad-interface] argument 'SRC': declares an ap_memory port of registers") !=
        std::string::npos);
}

}  // namespace
}  // namespace loom
