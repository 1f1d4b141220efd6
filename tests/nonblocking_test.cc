// Non-blocking access (docs/timing.md, "Non-blocking access"): the three
// machines of machines/nonblocking, each beside its closed form derived from
// the timing rules; polling that ends, polling that never can (the watchdog
// names it), and the engines that rest on the Kahn assumption refusing by name.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "compose/describe.h"
#include "compose/place.h"
#include "compose/sim/control_timing.h"
#include "compose/sim/fifo_search.h"
#include "compose/sim/fifo_timing.h"
#include "compose/sim/simulator.h"
#include "machines/nonblocking/dispatch.h"
#include "machines/nonblocking/drop_producer.h"
#include "machines/nonblocking/dropper.h"
#include "machines/nonblocking/executor.h"
#include "machines/nonblocking/fetch.h"
#include "machines/nonblocking/fetcher.h"
#include "machines/nonblocking/schedule.h"
#include "machines/nonblocking/summer.h"
#include "tests/compose_and_simulate.h"
#include "units/standalone.h"

namespace loom {
namespace {

using nonblocking::Pair;
using nonblocking::Value;

// Every process's first trip: it starts kProcessStart after ap_start and
// enters its loop (control_timing.h).
constexpr int64_t kFirstTrip = kProcessStart + kLoopEntry;

SimResult run(const Architecture& arch, const Overrides& overrides, SimOptions options = {}) {
  auto region = arch.compose(overrides);
  INFO(region.status().to_string());
  REQUIRE(region.ok());
  auto r = simulate(region.value(), {}, options);
  INFO(r.status().to_string());
  REQUIRE(r.ok());
  return r.value();
}

int64_t lane(const SimResult& r, const std::string& arg, unsigned l) {
  return r.arguments.at(arg).as<Pair>()[0].lane_signed(l);
}

// A producer offering a value at trips 0..K-1 (cycle kFirstTrip + i) into a
// FIFO of D <= 2 words (a shift register: rw = 1) read by a consumer at II
// S >= 2. Words 0..D-1 get in at trips 0..D-1. The consumer, never starved
// (D S >= 2), reads word m at r_m = kFirstTrip + rw + m S; word m >= D takes
// the slot word m - D freed, kWriteAfterRead after its read: at trip
// i_m = rw + kWriteAfterRead + (m - D) S. So N = D + floor((K - 3) / S) + 1
// get in, for K >= 3.
struct DropForm {
  int64_t count, sum, first_trip_read_at, sentinel_written, sentinel_read;
  DropForm(int64_t k, int64_t d, int64_t s, int64_t rw) {
    count = d + (k - 1 - rw - kWriteAfterRead) / s + 1;
    sum = 0;
    for (int64_t m = 0; m < count; ++m) sum += (m < d ? m : rw + kWriteAfterRead + (m - d) * s) + 1;
    const auto read_at = [&](int64_t m) { return kFirstTrip + rw + m * s; };
    first_trip_read_at = read_at(0);
    // After its loop (left depth + kLoopExit after its last trip) the
    // producer writes the sentinel, blocking until word N - D's slot is free.
    sentinel_written = std::max(kFirstTrip + (k - 1) + nonblocking::DropProducer::pipeline.depth + kLoopExit,
                                read_at(count - d) + kWriteAfterRead);
    sentinel_read = std::max(read_at(count - 1) + s, sentinel_written + rw);
  }
};

// A consumer that reads its last word at `read` ends its loop depth +
// kLoopExit later, and its store's iteration drains depth after that.
int64_t summer_done(int64_t read, int depth) { return read + depth + kLoopExit + depth; }

TEST_CASE("dropper: what gets through, its sum and its cycles, in closed form", "[nonblocking][timing]") {
  constexpr int s = nonblocking::kDropperConsumerII;
  const int depth = nonblocking::Summer<s>::pipeline.depth;
  for (int64_t d : {1, 2})
    for (int64_t k : {3, 4, 10, 101, 1000, 4096}) {
      INFO("K=" << k << " QD=" << d);
      const int64_t rw = read_after_write(Value::bits, d);
      REQUIRE(rw == kShiftRegisterReadAfterWrite);
      const DropForm form(k, d, s, rw);
      const SimResult r = run(nonblocking::dropper(), {{"K", k}, {"QD", d}});
      INFO(r.summary());
      REQUIRE(r.ok());
      CHECK(lane(r, "OUT", 1) == form.count);
      CHECK(lane(r, "OUT", 0) == form.sum);
      const int64_t producer_done = form.sentinel_written + nonblocking::DropProducer::pipeline.depth;
      CHECK(r.cycles == std::max(producer_done, summer_done(form.sentinel_read, depth)) +
                            region_done(BlockControl::ap_ctrl_hs));
      // The hand-derived reference agrees, at any depth (a RAM's rw too).
      const auto trips = nonblocking::accepted_trips(k, d, s, rw);
      CHECK(static_cast<int64_t>(trips.size()) == form.count);
    }
  // Deeper, the FIFO is a RAM (rw = 2): the reference still says what co-simulation computes.
  for (int64_t d : {3, 8}) {
    const SimResult r = run(nonblocking::dropper(), {{"K", 500}, {"QD", d}});
    const auto trips = nonblocking::accepted_trips(500, d, s, read_after_write(Value::bits, d));
    CHECK(lane(r, "OUT", 1) == static_cast<int64_t>(trips.size()));
    CHECK(lane(r, "OUT", 1) < 500);  // a sequential C simulation would keep all 500
  }
}

TEST_CASE("dispatch: which worker got what, and the cycles, in closed form", "[nonblocking][timing]") {
  constexpr int s = nonblocking::kFirstWorkerII;
  for (int64_t d : {1, 2})
    for (int64_t k : {3, 10, 1000}) {
      INFO("K=" << k << " QD=" << d);
      const int64_t rw = read_after_write(Value::bits, d);
      const int64_t rw2 = read_after_write(Value::bits, nonblocking::kSecondDepth);
      // The first worker sees what the dropper's consumer does: the
      // dispatcher never stalls on the second (kSecondDepth).
      const DropForm form(k, d, s, rw);
      const int64_t all = k * (k + 1) / 2;
      const SimResult r = run(nonblocking::dispatch(), {{"K", k}, {"QD", d}});
      INFO(r.summary());
      REQUIRE(r.ok());
      CHECK(lane(r, "OUT0", 1) == form.count);
      CHECK(lane(r, "OUT0", 0) == form.sum);
      CHECK(lane(r, "OUT1", 1) == k - form.count);
      CHECK(lane(r, "OUT1", 0) == all - form.sum);
      // The second worker reads each value rw2 after the trip that sent it;
      // the last trip the first refused is K - 1 unless the first took it.
      int64_t last_second = k - 1;
      for (int64_t m = form.count - 1; m >= 0 && last_second >= 0; --m)
        if ((m < d ? m : rw + kWriteAfterRead + (m - d) * s) == last_second) --last_second;
      // Both sentinels leave in the iteration after the loop, the second's
      // once the first's has (the first may stall it).
      const int64_t second_sentinel_read =
          std::max(kFirstTrip + last_second + rw2 + nonblocking::kSecondWorkerII, form.sentinel_written + rw2);
      const int64_t done =
          std::max({form.sentinel_written + 1, summer_done(form.sentinel_read, 1), summer_done(second_sentinel_read, 1)});
      CHECK(r.cycles == done + region_done(BlockControl::ap_ctrl_hs));
    }
}

TEST_CASE("fetch: the wrong path fetch runs down is the redirect loop's latency, in closed form", "[nonblocking][timing]") {
  const int64_t lag_e = nonblocking::kRedirectStage;
  for (int64_t d : {2, 3})
    for (auto [n, b, j] : {std::tuple<int64_t, int64_t, int64_t>{1000, 8, 6}, {1, 8, 6}, {40, 1, 7}, {77, 5, nonblocking::kMinJump}}) {
      INFO("N=" << n << " B=" << b << " J=" << j << " QD=" << d);
      const int64_t rw = read_after_write(Pair::bits, d);
      // A branch fetched at trip f is read at f + rw (execute keeps up), its
      // redirect written lag_e stages on (in the read's) and visible rw after: the first
      // trip that sees it is f + rw + lag_e + rw, and every trip between
      // fetched the wrong path.
      const int64_t wrong_path = rw + lag_e + rw - 1;
      REQUIRE(j > wrong_path);  // the target is past the wrong path (fetch.cc)
      const nonblocking::FetchOutcome o = nonblocking::fetch_outcome(n, b, j, wrong_path);
      const SimResult r = run(nonblocking::fetch(), {{"N", n}, {"B", b}, {"J", j}, {"QD", d}});
      INFO(r.summary());
      REQUIRE(r.ok());
      CHECK(lane(r, "OUT", 1) == o.redirects * wrong_path);
      CHECK(lane(r, "OUT", 0) == o.sum);
      CHECK(r.arguments.at("FETCHED").as<Value>()[0].lane_signed(0) == n + o.redirects * wrong_path);
      // Fetch leaves its loop at the trip that sees the halt and sends
      // [0, 1] the iteration after; execute reads it rw later, ends its loop
      // and stores.
      const int64_t halt_sent = kFirstTrip + o.last_trip + nonblocking::Fetcher::pipeline.depth + kLoopExit;
      const int64_t fetch_done = halt_sent + nonblocking::Fetcher::pipeline.depth;
      const int64_t execute_done = summer_done(halt_sent + rw, nonblocking::Executor::pipeline.depth);
      CHECK(r.cycles == std::max(fetch_done, execute_done) + region_done(BlockControl::ap_ctrl_hs));
    }
}

// A producer that idles W trips, then writes one word; and a timer that
// polls empty() a trip a cycle until it shows the word, counting trips.
struct Late {
  LOOM_UNIT("late");
  LOOM_WRITES(out, Value);
  LOOM_PARAM(w, W);
  static constexpr auto ports = port_list(out);
  static constexpr auto params = param_list(w);
  static constexpr Pipeline pipeline{1, 1};
  template <class IO>
  static void body(IO& io) {
    for (int64_t i = 0; i < io.param(w); ++i) {
      LOOM_PIPELINE(io);
    }
    Value v;
    v.set_lane(0, 7);
    io.write(out, v);
  }
};
struct Timer {
  LOOM_UNIT("timer");
  LOOM_READS(in, Value);
  LOOM_WRITES_DRAM(TICKS, Pair);
  LOOM_NONBLOCKING(in);
  static constexpr auto ports = port_list(in, TICKS);
  static constexpr Pipeline pipeline{1, 1};
  template <class IO>
  static void body(IO& io) {
    int64_t ticks = 0;
    for (;;) {
      LOOM_PIPELINE(io);
      if (!io.empty(in)) break;
      ++ticks;
    }
    Pair p;
    p.set_lane(0, ticks);
    p.set_lane(1, io.read(in).lane_signed(0));
    io.store(TICKS, 0, p);
  }
};
// A poller that reads with read_nb until it gets a word, and a writer that
// never writes one.
struct Poller {
  LOOM_UNIT("poller");
  LOOM_READS(in, Value);
  LOOM_NONBLOCKING(in);
  static constexpr auto ports = port_list(in);
  static constexpr Pipeline pipeline{1, 1};
  template <class IO>
  static void body(IO& io) {
    for (;;) {
      LOOM_PIPELINE(io);
      Value v;
      if (io.read_nb(in, v)) break;
    }
  }
};
struct Silent {
  LOOM_UNIT("silent");
  LOOM_WRITES(out, Value);
  static constexpr auto ports = port_list(out);
  static constexpr Pipeline pipeline{1, 1};
  template <class IO>
  static void body(IO&) {}
};

Architecture timed(int64_t wait, int64_t depth) {
  ParameterSet params;
  params.param("W", wait, 0, 1000, "idle trips");
  Architecture arch("timed", params);
  Handle q = arch.channel<Value>("q", one(), depth, "the one word");
  Handle T = arch.scalar<Pair>("TICKS", Protocol::ap_vld, "[trips polled empty, the word]");
  place<Late>(arch, "late", one()).bind(Late::out, q());
  place<Timer>(arch, "timer", one()).bind(Timer::in, q()).bind(Timer::TICKS, T());
  return arch;
}

TEST_CASE("polling empty() until the producer writes is no deadlock: a trip a cycle, as many as the wait", "[nonblocking][timing]") {
  for (int64_t depth : {1, 2, 4})
    for (int64_t wait : {0, 1, 5, 200}) {
      INFO("W=" << wait << " depth=" << depth);
      const SimResult r = run(timed(wait, depth), {});
      INFO(r.summary());
      REQUIRE(r.ok());
      // The word leaves depth + kLoopExit after the producer's last idle
      // trip (or at its first state, with none), and shows rw later; the
      // timer's trip t probes at kFirstTrip + t.
      const int64_t written = wait == 0 ? kProcessStart : kFirstTrip + (wait - 1) + Late::pipeline.depth + kLoopExit;
      const int64_t shown = written + read_after_write(Value::bits, depth);
      CHECK(lane(r, "TICKS", 0) == shown - kFirstTrip);
      CHECK(lane(r, "TICKS", 1) == 7);
    }
}

TEST_CASE("a poll that can never be satisfied trips the watchdog, naming the poller, the FIFO and its writer", "[nonblocking]") {
  Architecture arch("forever", ParameterSet{});
  Handle q = arch.channel<Value>("q", one(), 2, "nothing, ever");
  place<Silent>(arch, "silent", one()).bind(Silent::out, q());
  place<Poller>(arch, "poller", one()).bind(Poller::in, q());
  SimOptions options;
  options.max_cycles = 5000;
  auto region = arch.compose();
  REQUIRE(region.ok());
  auto r = simulate(region.value(), {}, options);
  REQUIRE(r.ok());
  CHECK(r.value().outcome == SimResult::watchdog);
  const std::string text = r.value().summary();
  INFO(text);
  CHECK(text.find("unit 'poller' port 'in' polled channel 'q'") != std::string::npos);
  CHECK(text.find("found it empty (its writer 'silent' has finished)") != std::string::npos);
}

// II 1: a guarded read (empty() then read) is one access of its port a trip;
// two read_nb of one port are two, over the budget.
template <bool kTwice>
struct Guarded {
  LOOM_UNIT("guarded");
  LOOM_READS(in, Value);
  LOOM_NONBLOCKING(in);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(in);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{1, 1};
  template <class IO>
  static void body(IO& io) {
    for (int64_t got = 0; got < io.param(k);) {
      LOOM_PIPELINE(io);
      Value v;
      if (kTwice) {
        got += io.read_nb(in, v);
        got += io.read_nb(in, v);
      } else if (!io.empty(in)) {
        v = io.read(in);
        ++got;
      }
    }
  }
};
struct Count {
  LOOM_UNIT("count");
  LOOM_WRITES(out, Value);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(out);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{1, 1};
  template <class IO>
  static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) {
      LOOM_PIPELINE(io);
      io.write(out, Value{});
    }
  }
};

template <bool kTwice>
SimResult guarded() {
  ParameterSet params;
  params.param("K", 50, 1, 100, "words");
  Architecture arch("guarded", params);
  Handle q = arch.channel<Value>("q", one(), 2, "words");
  place<Count>(arch, "count", one()).bind(Count::out, q());
  place<Guarded<kTwice>>(arch, "guarded", one()).bind(Guarded<kTwice>::in, q());
  auto region = arch.compose();
  REQUIRE(region.ok());
  auto r = simulate(region.value(), {});
  REQUIRE(r.ok());
  return r.value();
}

TEST_CASE("the II budget counts read_nb and write_nb as accesses of their port, and a probe as none", "[nonblocking][timing]") {
  const SimResult once = guarded<false>();
  INFO(once.summary());
  CHECK(once.ok());
  const SimResult twice = guarded<true>();
  INFO(twice.summary());
  CHECK(twice.outcome == SimResult::error);
  REQUIRE_FALSE(twice.errors.errors().empty());
  CHECK(twice.errors.errors()[0].kind == "ii-over-budget");
}

TEST_CASE("on its own, a body's write_nb always lands and a poll with nothing fed is starved by name", "[nonblocking]") {
  ParamValues k;
  k.set("K", 5);
  Standalone producer(describe<nonblocking::DropProducer>(), Index::one(), k);
  REQUIRE(producer.run().ok());
  const std::vector<Value> out = producer.written<Value>("out");
  REQUIRE(out.size() == 6);  // nothing on the other side to fill: all five, and the sentinel
  CHECK(out[4].lane_signed(0) == 5);
  CHECK(out[5].lane_signed(0) == 0);

  Standalone fed(describe<Poller>(), Index::one(), ParamValues{});
  fed.feed<Value>("in", {Value{}});
  CHECK(fed.run().ok());
  Standalone starved(describe<Poller>(), Index::one(), ParamValues{});
  const Status s = starved.run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.errors()[0].kind == "starved");
  CHECK(s.errors()[0].where == "unit 'poller' port 'in'");
}

TEST_CASE("the trace engine and the FIFO search refuse a design with non-blocking access, by name", "[nonblocking]") {
  auto region = nonblocking::dropper().compose({{"K", 20}});
  REQUIRE(region.ok());
  SimOptions trace;
  trace.engine = SimOptions::Engine::trace;
  auto r = simulate(region.value(), {}, trace);
  REQUIRE_FALSE(r.ok());
  CHECK(r.status().errors()[0].kind == "timing-dependent-design");
  CHECK(r.status().errors()[0].where == "unit 'producer'");
  auto search = search_fifo_depths(region.value(), {Inputs{}}, FifoSearchOptions{});
  REQUIRE_FALSE(search.ok());
  CHECK(search.status().errors()[0].kind == "timing-dependent-design");
  CHECK(search.status().to_string().find("the FIFO search") != std::string::npos);
  // describe says which side probes each channel.
  const std::string text = describe(region.value());
  CHECK(text.find("values the producer got in, then the sentinel 0 [write_nb]") != std::string::npos);
  const auto fetch = nonblocking::fetch().compose();
  REQUIRE(fetch.ok());
  CHECK(describe(fetch.value()).find("[0, 1] to halt [read_nb]") != std::string::npos);
  // The coupled engine runs it, and the same run twice gives the same answer.
  const SimResult a = run(nonblocking::dropper(), {{"K", 20}}), b = run(nonblocking::dropper(), {{"K", 20}});
  CHECK(a.cycles == b.cycles);
  CHECK(a.steps == b.steps);
  CHECK(lane(a, "OUT", 0) == lane(b, "OUT", 0));
}


// Issue 58, item 4 (a): a non-blocking unit of depth 4 whose write_nb takes
// the last stage and whose read, after it in source order, the first. While
// the write_nb is parked, the read is still to come, at an earlier cycle than
// the parked access: a poll of the read's FIFO must not be settled as if the
// reader could do nothing before the parked access's cycle.
//
// Sender: polls `b` (depth 1) with write_nb a trip a cycle until K words got
// in, then hands the sum of the trips that sent one to `c`.
struct Sender {
  LOOM_UNIT("sender");
  LOOM_WRITES(b, Value);
  LOOM_WRITES(c, Value);
  LOOM_WRITES_DRAM(SENT, Pair);
  LOOM_NONBLOCKING(b);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(b, c, SENT);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{1, 1};
  template <class IO>
  static void body(IO& io) {
    int64_t trips = 0, sum = 0;
    for (int64_t sent = 0; sent < io.param(k); ++trips) {
      LOOM_PIPELINE(io);
      Value v;
      v.set_lane(0, trips);
      if (io.write_nb(b, v)) sum += trips, ++sent;
    }
    Value s;
    s.set_lane(0, sum);
    io.write(c, s);
    Pair p;
    p.set_lane(0, trips);
    p.set_lane(1, sum);
    io.store(SENT, 0, p);
  }
};
// Late stage: each trip offers a word to `a` with write_nb at stage 3, then
// reads `b` at stage 0 (a read's default stage, whatever precedes it).
template <int Stage = 3, int Depth = 4>
struct LateStageAt {
  LOOM_UNIT("late_stage");
  LOOM_WRITES(a, Value);
  LOOM_READS(b, Value);
  LOOM_NONBLOCKING(a);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(a, b);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{1, Depth};
  LOOM_STAGES(at_stage(a, Stage));
  template <class IO>
  static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) {
      LOOM_PIPELINE(io);
      Value v;
      v.set_lane(0, i);
      (void)io.write_nb(a, v);
      (void)io.read(b);
    }
  }
};
using LateStage = LateStageAt<>;
// Reads `a` only once the sender is done: until then it is `a`'s reader,
// not finished, so the late stage's write_nb parks on it.
struct AfterSender {
  LOOM_UNIT("after_sender");
  LOOM_READS(c, Value);
  LOOM_READS(a, Value);
  static constexpr auto ports = port_list(c, a);
  static constexpr Pipeline pipeline{1, 1};
  template <class IO>
  static void body(IO& io) {
    (void)io.read(c);
    (void)io.read(a);
  }
};

TEST_CASE("a parked write_nb at the last stage does not hide a read at the first stage after it", "[nonblocking][timing]") {
  for (int64_t k : {1, 2, 3, 5, 20}) {
    INFO("K=" << k);
    ParameterSet params;
    params.param("K", k, 1, 100, "words sent");
    Architecture arch("stage_order", params);
    Handle a = arch.channel<Value>("a", one(), 1, "offered by the late stage");
    Handle b = arch.channel<Value>("b", one(), 1, "polled by the sender");
    Handle c = arch.channel<Value>("c", one(), 1, "the sender's sum");
    Handle S = arch.scalar<Pair>("SENT", Protocol::ap_vld, "[trips, sum of the trips that sent]");
    // The sender first, so it polls `b` while the late stage is parked.
    place<Sender>(arch, "sender", one()).bind(Sender::b, b()).bind(Sender::c, c()).bind(Sender::SENT, S());
    place<LateStage>(arch, "late_stage", one()).bind(LateStage::a, a()).bind(LateStage::b, b());
    place<AfterSender>(arch, "after_sender", one()).bind(AfterSender::c, c()).bind(AfterSender::a, a());
    const SimResult r = run(arch, {});
    INFO(r.summary());
    REQUIRE(r.ok());
    // Sender trip t polls at kFirstTrip + t and never stalls. Late-stage
    // trip i reads word i of `b` (rw = 1) at its issue s_i = max(s_{i-1} + 1,
    // w_i + 1), s_{-1} + 1 = kFirstTrip; word i + 1 finds its slot the cycle
    // after that read (kWriteAfterRead), i.e. w_{i+1} = s_i + 1. From w_0 =
    // kFirstTrip: s_i = w_i + 1 and w_{i+1} = w_i + 2, so word i goes at
    // trip 2i: K words take 2K - 1 trips, and the trips sum to K(K - 1).
    // Whether the late stage's write_nb lands changes none of it.
    CHECK(lane(r, "SENT", 0) == 2 * k - 1);
    CHECK(lane(r, "SENT", 1) == k * (k - 1));
  }
}

// The same three processes, with the write_nb two stages deeper: parked
// there, the late stage and the sender wait on each other (each one's answer
// hangs on what the other does earlier in its iteration), nothing is proved,
// and the engine answers the sender on trust, that the late stage reads `b`
// no sooner than its parked access. The read, after it in source order at
// stage 0, breaks that: the run stops by name instead of keeping the answer.
TEST_CASE("an answer given on trust that a later access breaks stops the run with stage-order", "[nonblocking][timing]") {
  using Deep = LateStageAt<5, 6>;
  ParameterSet params;
  params.param("K", 3, 1, 100, "words sent");
  Architecture arch("stage_order", params);
  Handle a = arch.channel<Value>("a", one(), 1, "offered by the late stage");
  Handle b = arch.channel<Value>("b", one(), 1, "polled by the sender");
  Handle c = arch.channel<Value>("c", one(), 1, "the sender's sum");
  Handle S = arch.scalar<Pair>("SENT", Protocol::ap_vld, "[trips, sum of the trips that sent]");
  place<Sender>(arch, "sender", one()).bind(Sender::b, b()).bind(Sender::c, c()).bind(Sender::SENT, S());
  place<Deep>(arch, "late_stage", one()).bind(Deep::a, a()).bind(Deep::b, b());
  place<AfterSender>(arch, "after_sender", one()).bind(AfterSender::c, c()).bind(AfterSender::a, a());
  auto region = arch.compose({});
  REQUIRE(region.ok());
  const auto r = simulate(region.value(), {}, {});
  REQUIRE(r.ok());
  INFO(r.value().summary());
  REQUIRE(r.value().outcome == SimResult::error);
  const std::string text = r.value().errors.to_string();
  CHECK(text.find("error[stage-order] unit 'late_stage' port 'b'") != std::string::npos);
  CHECK(text.find("process 'sender' was answered") != std::string::npos);
}

}  // namespace
}  // namespace loom
