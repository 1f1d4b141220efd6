// Trace then time against the coupled simulator (compose/sim/trace_engine.h):
// over random fork-join regions, random FIFO depths (many of which deadlock)
// and m_axi latencies, and over every registered machine's workload at
// random depths, the two engines must report the same run: outcome, cycles,
// steps, every process's and channel's statistics, the report, the outputs,
// and every stall and word a listener is told, in the same order.
#include <catch2/catch.hpp>

#include <functional>
#include <random>
#include <sstream>
#include <tuple>
#include <vector>

#include "compose/place.h"
#include "compose/sim/engine.h"
#include "compose/sim/trace_engine.h"
#include "machines/registry.h"
#include "units/unit.h"

namespace loom {
namespace {

using Tok = Word<2, 16>;

uint64_t next(uint64_t& s) {
  s = s * 6364136223846793005ULL + 1442695040888963407ULL;
  return s >> 33;
}

// `one(k)` for k below `n`, each a trip of a marked loop or not.
template <bool Marked, class IO, class One>
void each(IO& io, int64_t n, One one) {
  if constexpr (Marked) {
    for (int64_t k = 0; k < n; ++k) {
      LOOM_PIPELINE(io);
      one(k);
    }
  } else {
    for (int64_t k = 0; k < n; ++k) one(k);
  }
}

// Reads N0 + N1 rows of SRC at a stride, and sends each to `a` or `b` in an
// order its seed draws: N0 to a, N1 to b.
template <int II, int Depth, bool Marked>
struct Fork {
  LOOM_UNIT("fork");
  LOOM_READS_DRAM(src, Tok);
  LOOM_WRITES(a, Tok);
  LOOM_WRITES(b, Tok);
  LOOM_PARAM(n0, N0);
  LOOM_PARAM(n1, N1);
  LOOM_PARAM(seed, S1);
  LOOM_PARAM(stride, STRIDE);
  static constexpr auto ports = port_list(src, a, b);
  static constexpr auto params = param_list(n0, n1, seed, stride);
  static constexpr Pipeline pipeline{II, Depth};
  template <class IO>
  static void one(IO& io, int64_t k, uint64_t& s, int64_t& i0, int64_t& i1) {
    const int64_t total = io.param(n0) + io.param(n1);
    Tok t = io.load(src, (k * io.param(stride)) % total);
    t.set_lane(1, k);
    const bool to_a = i1 == io.param(n1) || (i0 < io.param(n0) && (next(s) & 1));
    if (to_a) io.write(a, t), ++i0;
    else io.write(b, t), ++i1;
  }
  template <class IO>
  static void body(IO& io) {
    uint64_t s = static_cast<uint64_t>(io.param(seed));
    int64_t i0 = 0, i1 = 0;
    each<Marked>(io, io.param(n0) + io.param(n1), [&](int64_t k) { one(io, k, s, i0, i1); });
  }
};

// Relays its branch's words (N0 on branch 0, N1 on 1), adding one to lane 0.
template <int II, int Depth, int Branch>
struct Lane {
  LOOM_UNIT("lane");
  LOOM_READS(in, Tok);
  LOOM_WRITES(out, Tok);
  LOOM_PARAM(n0, N0);
  LOOM_PARAM(n1, N1);
  static constexpr auto ports = port_list(in, out);
  static constexpr auto params = param_list(n0, n1);
  static constexpr Pipeline pipeline{II, Depth};
  template <class IO>
  static void body(IO& io) {
    const int64_t n = Branch == 0 ? io.param(n0) : io.param(n1);
    for (int64_t k = 0; k < n; ++k) {
      LOOM_PIPELINE(io);
      Tok t = io.read(in);
      t.set_lane(0, t.lane_signed(0) + 1);
      io.write(out, t);
    }
  }
};

// A lane that keeps a running tally in registers, outside any marked loop:
// each word writes row 0 twice (the second write starts an iteration,
// ProcessClock::wire) and reads row 1.
template <int Branch>
struct TallyLane {
  LOOM_UNIT("tally_lane");
  LOOM_READS(in, Tok);
  LOOM_WRITES(out, Tok);
  LOOM_OWNS(tally, Tok);
  LOOM_PARAM(n0, N0);
  LOOM_PARAM(n1, N1);
  static constexpr auto ports = port_list(in, out, tally);
  static constexpr auto params = param_list(n0, n1);
  static constexpr Pipeline pipeline{1, 2};
  template <class IO>
  static void body(IO& io) {
    const int64_t n = Branch == 0 ? io.param(n0) : io.param(n1);
    for (int64_t k = 0; k < n; ++k) {
      Tok t = io.read(in);
      io.store(tally, 0, t);
      t.set_lane(0, t.lane_signed(0) + io.load(tally, 1).lane_signed(0));
      io.store(tally, 0, t);
      io.store(tally, 1, t);
      io.write(out, t);
    }
  }
};

// A lane through a memory whose stores land two iterations later: each trip
// stores its word and loads the one two trips back.
template <int Branch>
struct DelayLane {
  LOOM_UNIT("delay_lane");
  LOOM_READS(in, Tok);
  LOOM_WRITES(out, Tok);
  LOOM_OWNS(ring, Tok);
  LOOM_PARAM(n0, N0);
  LOOM_PARAM(n1, N1);
  static constexpr auto ports = port_list(in, out, ring);
  static constexpr auto params = param_list(n0, n1);
  static constexpr Pipeline pipeline{1, 3};
  template <class IO>
  static void body(IO& io) {
    const int64_t n = Branch == 0 ? io.param(n0) : io.param(n1);
    for (int64_t k = 0; k < n; ++k) {
      LOOM_PIPELINE(io);
      Tok t = io.read(in);
      io.store(ring, k % 4, t);
      t.set_lane(1, io.load(ring, (k + 2) % 4).lane_signed(1));
      io.write(out, t);
    }
  }
};

// Takes N0 words from `a` and N1 from `b`, in an order of its own seed, and
// stores each into DST, a row after the other, in one loop or a loop a side.
template <int II, int Depth, bool Marked>
struct Join {
  LOOM_UNIT("join");
  LOOM_READS(a, Tok);
  LOOM_READS(b, Tok);
  LOOM_WRITES_DRAM(dst, Tok);
  LOOM_PARAM(n0, N0);
  LOOM_PARAM(n1, N1);
  LOOM_PARAM(seed, S2);
  static constexpr auto ports = port_list(a, b, dst);
  static constexpr auto params = param_list(n0, n1, seed);
  static constexpr Pipeline pipeline{II, Depth};
  template <class IO>
  static void one(IO& io, int64_t k, uint64_t& s, int64_t& i0, int64_t& i1) {
    const bool from_a = i1 == io.param(n1) || (i0 < io.param(n0) && (next(s) & 1));
    Tok t = from_a ? io.read(a) : io.read(b);
    (from_a ? i0 : i1)++;
    io.store(dst, k, t);
  }
  template <class IO>
  static void body(IO& io) {
    uint64_t s = static_cast<uint64_t>(io.param(seed));
    int64_t i0 = 0, i1 = 0;
    each<Marked>(io, io.param(n0) + io.param(n1), [&](int64_t k) { one(io, k, s, i0, i1); });
  }
};

// A lane that owns a memory, between channels k and k + 1 of its branch: registers, or a RAM whose stores land late.
template <class U>
void place_tally(U, Architecture& arch, const std::vector<Handle>& ends, int k, const std::string& lane,
                 const std::string& memory) {
  Handle m = arch.memory<Tok>(memory + std::to_string(k), 4, one(), MemoryTiming{.storage = Storage::registers});
  place<U>(arch, lane + std::to_string(k), one())
      .bind(U::in, ends[static_cast<size_t>(k)]())
      .bind(U::out, ends[static_cast<size_t>(k) + 1]())
      .bind(U::tally, m());
}

template <class U>
void place_delay(U, Architecture& arch, const std::vector<Handle>& ends, int k, const std::string& lane,
                 const std::string& memory) {
  Handle m = arch.memory<Tok>(memory + std::to_string(k), 4, one(), MemoryTiming{.write_latency = 2});
  place<U>(arch, lane + std::to_string(k), one())
      .bind(U::in, ends[static_cast<size_t>(k)]())
      .bind(U::out, ends[static_cast<size_t>(k) + 1]())
      .bind(U::ring, m());
}

// A random fork-join region: its architecture and inputs.
struct Case {
  Architecture arch;
  Inputs inputs;
};

Case fork_join(std::mt19937_64& rng) {
  const int64_t n0 = static_cast<int64_t>(rng() % 20), n1 = static_cast<int64_t>(rng() % 20);
  const int64_t total = std::max<int64_t>(n0 + n1, 1);
  ParameterSet p;
  p.param("N0", n0, 0, 64, "words on branch a");
  p.param("N1", n1, 0, 64, "words on branch b");
  p.param("S1", static_cast<int64_t>(rng() % 1000), 0, 1000, "the fork's order");
  p.param("S2", static_cast<int64_t>(rng() % 1000), 0, 1000, "the join's order");
  p.param("STRIDE", static_cast<int64_t>(1 + rng() % 3), 1, 3, "rows between the fork's reads");
  p.param("QD", 2, 1, 64, "fifo depth");
  Case c{Architecture("fork_join", p), {}};
  Architecture& arch = c.arch;
  AxiTiming in_timing;
  in_timing.latency = static_cast<int>(rng() % 3 == 0 ? rng() % 30 : 0);
  in_timing.read_outstanding = static_cast<int>(1 + rng() % 4);
  in_timing.burst_beats = static_cast<int>(1 << (rng() % 4));
  Handle src = arch.argument<Tok>("SRC", total, "rows in", in_timing);
  Handle dst = arch.argument<Tok>("DST", total, "rows out");
  const int lanes[2] = {static_cast<int>(rng() % 3), static_cast<int>(rng() % 3)};
  std::vector<Handle> ends[2];
  for (int branch = 0; branch < 2; ++branch)
    for (int k = 0; k <= lanes[branch]; ++k)
      ends[branch].push_back(arch.channel<Tok>(std::string(branch == 0 ? "a" : "b") + std::to_string(k), one(), "QD",
                                               "a branch's words"));
  const int fork_kind = static_cast<int>(rng() % 3), join_kind = static_cast<int>(rng() % 3);
  auto place_fork = [&](auto unit) {
    using U = decltype(unit);
    place<U>(arch, "fork", one()).bind(U::src, src()).bind(U::a, ends[0][0]()).bind(U::b, ends[1][0]());
  };
  if (fork_kind == 0) place_fork(Fork<1, 1, true>{});
  if (fork_kind == 1) place_fork(Fork<2, 3, false>{});
  if (fork_kind == 2) place_fork(Fork<1, 4, true>{});
  for (int branch = 0; branch < 2; ++branch)
    for (int k = 0; k < lanes[branch]; ++k) {
      auto place_lane = [&](auto unit) {
        using U = decltype(unit);
        place<U>(arch, std::string(branch == 0 ? "la" : "lb") + std::to_string(k), one())
            .bind(U::in, ends[branch][static_cast<size_t>(k)]())
            .bind(U::out, ends[branch][static_cast<size_t>(k) + 1]());
      };
      const int kind = static_cast<int>(rng() % 5);
      if (kind == 3 && branch == 0) place_tally(TallyLane<0>{}, arch, ends[0], k, "la", "ma");
      if (kind == 3 && branch == 1) place_tally(TallyLane<1>{}, arch, ends[1], k, "lb", "mb");
      if (kind == 4 && branch == 0) place_delay(DelayLane<0>{}, arch, ends[0], k, "la", "ma");
      if (kind == 4 && branch == 1) place_delay(DelayLane<1>{}, arch, ends[1], k, "lb", "mb");
      if (branch == 0 && kind == 0) place_lane(Lane<1, 1, 0>{});
      if (branch == 0 && kind == 1) place_lane(Lane<2, 5, 0>{});
      if (branch == 0 && kind == 2) place_lane(Lane<1, 3, 0>{});
      if (branch == 1 && kind == 0) place_lane(Lane<1, 1, 1>{});
      if (branch == 1 && kind == 1) place_lane(Lane<2, 5, 1>{});
      if (branch == 1 && kind == 2) place_lane(Lane<1, 3, 1>{});
    }
  auto place_join = [&](auto unit) {
    using U = decltype(unit);
    place<U>(arch, "join", one()).bind(U::a, ends[0].back()()).bind(U::b, ends[1].back()()).bind(U::dst, dst());
  };
  if (join_kind == 0) place_join(Join<1, 1, true>{});
  if (join_kind == 1) place_join(Join<1, 2, false>{});
  if (join_kind == 2) place_join(Join<3, 2, true>{});
  std::vector<Tok> rows(static_cast<size_t>(total));
  for (size_t r = 0; r < rows.size(); ++r) rows[r].set_lane(0, static_cast<int64_t>(r * 7 % 100));
  c.inputs["SRC"] = Buffer::of(rows);
  return c;
}

// Every event a listener is told, in order.
struct Events final : SimListener {
  std::vector<std::tuple<int, size_t, int64_t, int64_t, int64_t>> told;
  bool words = true;
  void on_stall(size_t process, const Interval& s) override {
    told.emplace_back(0, process, s.begin, s.end, static_cast<int64_t>(s.kind) * 1000 + s.port);
  }
  void on_word(size_t channel, int64_t written, int64_t read) override { told.emplace_back(1, channel, written, read, 0); }
  bool wants_words() const override { return words; }
};

// Both engines' results, every field.
void same_run(const SimResult& coupled, const SimResult& timed) {
  INFO("coupled: " << coupled.summary() << "timed: " << timed.summary());
  REQUIRE(coupled.outcome == timed.outcome);
  CHECK(coupled.summary() == timed.summary());
  CHECK(coupled.cycles == timed.cycles);
  CHECK(coupled.steps == timed.steps);
  CHECK(coupled.resumes == timed.resumes);
  REQUIRE(coupled.processes.size() == timed.processes.size());
  for (size_t i = 0; i < coupled.processes.size(); ++i) {
    const ProcessStats &a = coupled.processes[i], &b = timed.processes[i];
    INFO("process " << a.name);
    CHECK(std::tie(a.name, a.finished, a.finish, a.busy, a.stalled_empty, a.stalled_full, a.stalled_dram, a.iterations,
                   a.steps) == std::tie(b.name, b.finished, b.finish, b.busy, b.stalled_empty, b.stalled_full,
                                        b.stalled_dram, b.iterations, b.steps));
  }
  REQUIRE(coupled.channels.size() == timed.channels.size());
  for (size_t c = 0; c < coupled.channels.size(); ++c) {
    const ChannelStats &a = coupled.channels[c], &b = timed.channels[c];
    INFO("channel " << a.label);
    CHECK(std::tie(a.label, a.depth, a.tokens, a.max_occupancy, a.left) ==
          std::tie(b.label, b.depth, b.tokens, b.max_occupancy, b.left));
  }
  CHECK(coupled.report.has_value() == timed.report.has_value());
  if (coupled.report && timed.report) CHECK(coupled.report->to_string() == timed.report->to_string());
  if (coupled.ok()) CHECK(coupled.arguments == timed.arguments);
}

// Runs both engines at `depths`, listened to, and holds them equal; returns the outcome.
SimResult::Outcome compare(const Region& region, const Inputs& inputs, const RecordedRun& recorded,
                           std::vector<int64_t> depths, bool words) {
  Events heard_coupled, heard_timed;
  heard_coupled.words = heard_timed.words = words;
  SimOptions options;
  options.depths = std::move(depths);
  options.max_cycles = 1'000'000;
  REQUIRE(check_run(region, inputs, options).ok());
  options.listeners = {&heard_coupled};
  const SimResult coupled = coupled_engine().run(region, inputs, options);
  options.listeners = {&heard_timed};
  std::optional<SimResult> timed = time_trace(region, recorded, options);
  REQUIRE(timed.has_value());
  same_run(coupled, *timed);
  CHECK(heard_coupled.told == heard_timed.told);
  return coupled.outcome;
}

TEST_CASE("over random fork-join regions and depths, the trace timer reports what the coupled run does", "[trace]") {
  std::mt19937_64 rng(2026);
  int deadlocks = 0, completed = 0;
  for (int trial = 0; trial < 600; ++trial) {
    Case c = fork_join(rng);
    auto region = c.arch.compose();
    REQUIRE(region.ok());
    const RecordedRun recorded = record_run(region.value(), c.inputs, {});
    INFO("trial " << trial << ": " << recorded.unbounded.summary());
    REQUIRE(recorded.unbounded.ok());
    // Unbounded, no write ever waits.
    for (const ProcessStats& p : recorded.unbounded.processes) CHECK(p.stalled_full == 0);
    for (int set = 0; set < 6; ++set) {
      std::vector<int64_t> depths;
      for (size_t k = 0; k < region.value().channels.size(); ++k)
        depths.push_back(set == 0 ? 1 : set == 1 ? 64 : 1 + static_cast<int64_t>(rng() % 5));
      INFO("depth set " << set);
      const SimResult::Outcome outcome = compare(region.value(), c.inputs, recorded, depths, set % 2 == 0);
      (outcome == SimResult::deadlock ? deadlocks : completed)++;
    }
  }
  // The family reaches both ends, or it tests only one.
  CHECK(deadlocks > 300);
  CHECK(completed > 300);
}

TEST_CASE("at unbounded depths the timer gives the functional run's own figures", "[trace]") {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 50; ++trial) {
    Case c = fork_join(rng);
    auto region = c.arch.compose();
    REQUIRE(region.ok());
    const RecordedRun recorded = record_run(region.value(), c.inputs, {});
    SimOptions options;
    options.depths.assign(region.value().channels.size(), kUnboundedDepth);
    std::optional<SimResult> timed = time_trace(region.value(), recorded, options);
    REQUIRE(timed.has_value());
    same_run(recorded.unbounded, *timed);
  }
}

TEST_CASE("every machine's workload, at random depths: the trace timer reports what the coupled run does", "[trace]") {
  std::mt19937_64 rng(99);
  for (const MachineEntry& m : machines()) {
    auto arch = m.architecture({});
    REQUIRE(arch.ok());
    auto region = arch.value().compose();
    REQUIRE(region.ok());
    auto work = m.workload(region.value(), 1);
    REQUIRE(work.ok());
    if (!check_kahn(region.value(), "the trace engine").ok()) {
      // Timing-dependent: a functional run is no trace of it, and the engine says so.
      SimOptions trace;
      trace.engine = SimOptions::Engine::trace;
      auto refused = simulate(region.value(), work.value().inputs, trace);
      REQUIRE_FALSE(refused.ok());
      CHECK(refused.status().errors()[0].kind == "timing-dependent-design");
      continue;
    }
    const RecordedRun recorded = record_run(region.value(), work.value().inputs, {});
    INFO("machine " << m.name << ": " << recorded.unbounded.summary());
    REQUIRE(recorded.unbounded.ok());
    CHECK(work.value().check(recorded.unbounded.arguments).ok());
    for (int set = 0; set < 8; ++set) {
      std::vector<int64_t> depths;
      for (const ChannelInstance& c : region.value().channels)
        depths.push_back(set == 0 ? c.depth : set == 1 ? 1 : 1 + static_cast<int64_t>(rng() % 4));
      INFO("depth set " << set);
      compare(region.value(), work.value().inputs, recorded, depths, set == 0);
    }
  }
}

TEST_CASE("the trace engine behind simulate() falls back to the coupled run where the trace cannot tell", "[trace]") {
  // A watchdog bound the unbounded run passes too cuts its traces: the
  // trace engine then answers with the coupled simulator's run.
  std::mt19937_64 rng(5);
  Case c = fork_join(rng);
  auto region = c.arch.compose();
  REQUIRE(region.ok());
  SimOptions options;
  options.max_steps = 5;
  const RecordedRun recorded = record_run(region.value(), c.inputs, options);
  REQUIRE(recorded.unbounded.outcome == SimResult::watchdog);
  CHECK(!time_trace(region.value(), recorded, options).has_value());
  const auto coupled = simulate(region.value(), c.inputs, options);
  options.engine = SimOptions::Engine::trace;
  const auto traced = simulate(region.value(), c.inputs, options);
  REQUIRE(coupled.ok());
  REQUIRE(traced.ok());
  same_run(coupled.value(), traced.value());
}

}  // namespace
}  // namespace loom

namespace loom {
namespace {

// Relays N0 words, and throws after the third: no depth's fault.
struct Thrower {
  LOOM_UNIT("thrower");
  LOOM_READS(in, Tok);
  LOOM_WRITES(out, Tok);
  LOOM_PARAM(n0, N0);
  static constexpr auto ports = port_list(in, out);
  static constexpr auto params = param_list(n0);
  static constexpr Pipeline pipeline{1, 1};
  template <class IO>
  static void body(IO& io) {
    for (int64_t k = 0; k < io.param(n0); ++k) {
      io.write(out, io.read(in));
      if (k == 2) throw std::runtime_error("a body that throws");
    }
  }
};

// Loads one memory six times in one trip at II=1: over its budget.
struct Greedy {
  LOOM_UNIT("greedy");
  LOOM_READS(in, Tok);
  LOOM_WRITES(out, Tok);
  LOOM_OWNS(rows, Tok);
  LOOM_PARAM(n0, N0);
  static constexpr auto ports = port_list(in, out, rows);
  static constexpr auto params = param_list(n0);
  static constexpr Pipeline pipeline{1, 1};
  template <class IO>
  static void body(IO& io) {
    for (int64_t k = 0; k < io.param(n0); ++k) {
      LOOM_PIPELINE(io);
      Tok t = io.read(in);
      for (int64_t r = 0; r < 6; ++r) t.set_lane(1, t.lane_signed(1) + io.load(rows, r).lane_signed(1));
      io.write(out, t);
    }
  }
};

// A listener that throws at its fifth stall.
struct Fragile final : SimListener {
  int stalls = 0;
  void on_stall(size_t, const Interval&) override {
    if (++stalls == 5) throw std::runtime_error("a listener that throws");
  }
};

template <class Middle>
Region through(bool memory) {
  ParameterSet p;
  p.param("N0", 12, 0, 64, "words");
  p.param("N1", 0, 0, 64, "none");
  p.param("S1", 0, 0, 1000, "order");
  p.param("S2", 0, 0, 1000, "order");
  p.param("STRIDE", 1, 1, 3, "stride");
  Architecture arch("through", p);
  Handle src = arch.argument<Tok>("SRC", 12, "rows in");
  Handle dst = arch.argument<Tok>("DST", 12, "rows out");
  Handle a0 = arch.channel<Tok>("a0", one(), 1, "in"), a1 = arch.channel<Tok>("a1", one(), 1, "out");
  Handle b0 = arch.channel<Tok>("b0", one(), 1, "unused branch");
  place<Fork<1, 1, true>>(arch, "fork", one()).bind(Fork<1, 1, true>::src, src()).bind(Fork<1, 1, true>::a, a0()).bind(Fork<1, 1, true>::b, b0());
  auto placed = place<Middle>(arch, "middle", one());
  placed.bind(Middle::in, a0()).bind(Middle::out, a1());
  if constexpr (requires { Middle::rows; }) {
    (void)memory;
    Handle rows = arch.memory<Tok>("rows", 8);
    placed.bind(Middle::rows, rows());
  }
  using J = Join<1, 1, true>;
  place<J>(arch, "join", one()).bind(J::a, a1()).bind(J::b, b0()).bind(J::dst, dst());
  auto region = arch.compose();
  REQUIRE(region.ok());
  return region.value();
}

SimResult run_with(const Region& region, SimOptions::Engine engine, std::vector<SimListener*> listeners = {}) {
  SimOptions options;
  options.engine = engine;
  options.listeners = std::move(listeners);
  auto r = simulate(region, {{"SRC", Buffer::of(std::vector<Tok>(12))}}, options);
  REQUIRE(r.ok());
  return r.value();
}

TEST_CASE("errors are no depth's fault: a body that throws and a trip over budget report as the coupled run does", "[trace]") {
  for (const Region& region : {through<Thrower>(false), through<Greedy>(true)}) {
    const SimResult coupled = run_with(region, SimOptions::Engine::coupled);
    const SimResult traced = run_with(region, SimOptions::Engine::trace);
    REQUIRE(coupled.outcome == SimResult::error);
    same_run(coupled, traced);
    CHECK(coupled.errors.to_string() == traced.errors.to_string());
    // The functional run refuses the trip where the coupled one does, with the same counts.
    const RecordedRun recorded = record_run(region, {{"SRC", Buffer::of(std::vector<Tok>(12))}}, {});
    CHECK(recorded.unbounded.errors.to_string() == coupled.errors.to_string());
    CHECK(!time_trace(region, recorded, {}).has_value());
  }
}

TEST_CASE("a listener that throws stops both engines at the same point", "[trace]") {
  std::mt19937_64 rng(41);
  for (int trial = 0; trial < 40; ++trial) {
    Case c = fork_join(rng);
    auto region = c.arch.compose();
    REQUIRE(region.ok());
    Fragile a, b;
    SimOptions options;
    options.listeners = {&a};
    const SimResult coupled = simulate(region.value(), c.inputs, options).value();
    options.listeners = {&b};
    options.engine = SimOptions::Engine::trace;
    const SimResult traced = simulate(region.value(), c.inputs, options).value();
    INFO("trial " << trial);
    same_run(coupled, traced);
  }
}

}  // namespace
}  // namespace loom
