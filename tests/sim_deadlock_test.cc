// Deadlocks and livelocks end in a report that names the blocked processes, the
// channels they wait on with occupancy against depth, and the wait-for cycle.
#include <catch2/catch.hpp>

#include "compose/place.h"
#include "compose/sim/sim_report.h"
#include "compose/sim/control_timing.h"
#include "compose/sim/simulator.h"
#include "compose/sim/timeline.h"
#include "tests/compose_and_simulate.h"
#include "tests/test_units.h"

namespace loom {
namespace {

using test::Token;
using test::sim_params;


std::vector<Token> rows(int64_t k) {
  std::vector<Token> out(static_cast<size_t>(k));
  for (int64_t i = 0; i < k; ++i) out[static_cast<size_t>(i)].set_lane(0, 100 + i);
  return out;
}

SimResult run(const Architecture& arch, const Inputs& inputs = {}, SimOptions options = {}) {
  auto r = test::compose_and_simulate(arch, inputs, options);
  REQUIRE(r.ok());
  return r.value();
}

// What both DMA variants declare: a scratchpad between DRAM A and DRAM C.
struct DmaRegion {
  Architecture arch;
  Handle to_sp, from_sp, spad, a, c;
  explicit DmaRegion(std::string name)
      : arch(std::move(name), sim_params(8, 2)),
        to_sp(arch.channel<Token>("dma2sp", one(), "QD", "rows into the scratchpad")),
        from_sp(arch.channel<Token>("sp2dma", one(), "QD", "rows out of the scratchpad")),
        spad(arch.memory<Token>("spad", "K")),
        a(arch.argument<Token>("A", "K", "input rows")),
        c(arch.argument<Token>("C", "K", "output rows")) {}
  void place_scratchpad() {
    place<test::Scratchpad>(arch, "spm", one())
        .bind(test::Scratchpad::in, to_sp())
        .bind(test::Scratchpad::out, from_sp())
        .bind(test::Scratchpad::spad, spad());
  }
};

TEST_CASE("one DMA unit loading through and storing from a scratchpad is a named two-process cycle", "[deadlock]") {
  DmaRegion d("two_way_dma");
  place<test::TwoWayDma>(d.arch, "dma", one())
      .bind(test::TwoWayDma::A, d.a())
      .bind(test::TwoWayDma::C, d.c())
      .bind(test::TwoWayDma::to_sp, d.to_sp())
      .bind(test::TwoWayDma::from_sp, d.from_sp());
  d.place_scratchpad();

  const SimResult r = run(d.arch, {{"A", Buffer::of(rows(8))}});
  REQUIRE(r.outcome == SimResult::deadlock);
  const DeadlockReport& report = *r.report;
  REQUIRE(report.blocked.size() == 2);
  const BlockedProcess* dma = report.find("dma");
  const BlockedProcess* spm = report.find("spm");
  REQUIRE(dma != nullptr);
  REQUIRE(spm != nullptr);
  CHECK(dma->state == BlockedProcess::waits_to_read);
  CHECK(dma->channel == "sp2dma");
  CHECK(!dma->waits_on_full);
  CHECK(dma->occupancy == 0);
  CHECK(dma->depth == 2);
  CHECK(dma->waits_for == "spm");
  CHECK(spm->channel == "dma2sp");
  CHECK(spm->waits_for == "dma");
  CHECK(report.wait_cycles == std::vector<std::vector<std::string>>{{"dma", "spm"}});
  const std::string text = report.to_string();
  CHECK(text.find("DEADLOCK at cycle") == 0);
  CHECK(text.find("dma (dma) at cycle") != std::string::npos);
  CHECK(text.find("waits to read port 'from_sp' on channel 'sp2dma' (empty, 0/2), written by spm") != std::string::npos);
  CHECK(text.find("dma -> spm -> dma") != std::string::npos);
}

TEST_CASE("split into one-way DMA units, the same round trip completes", "[deadlock]") {
  DmaRegion d("one_way_dma");
  place<test::DmaLoad>(d.arch, "dma_ld", one()).bind(test::DmaLoad::A, d.a()).bind(test::DmaLoad::out, d.to_sp());
  d.place_scratchpad();
  place<test::DmaStore>(d.arch, "dma_st", one()).bind(test::DmaStore::in, d.from_sp()).bind(test::DmaStore::C, d.c());
  const SimResult r = run(d.arch, {{"A", Buffer::of(rows(8))}});
  REQUIRE(r.ok());
  CHECK(r.arguments.at("C").as<Token>() == rows(8));
}

Architecture fan_out(int64_t k, int64_t qd) {
  Architecture arch("fan_out", sim_params(k, qd));
  Handle first = arch.channel<Token>("first", one(), "QD", "K words sent before any of `second`");
  Handle second = arch.channel<Token>("second", one(), "QD", "K words");
  place<test::Split>(arch, "split", one()).bind(test::Split::first, first()).bind(test::Split::second, second());
  place<test::Join>(arch, "join", one()).bind(test::Join::a, first()).bind(test::Join::b, second());
  return arch;
}

TEST_CASE("a fan-out whose FIFO is too shallow deadlocks, and names the full FIFO", "[deadlock]") {
  // The join takes one word of `first` before it waits on `second`, so `first`
  // must hold K - 1 words for the split to reach `second`.
  CHECK(run(fan_out(6, 5)).ok());

  const SimResult r = run(fan_out(6, 4));
  REQUIRE(r.outcome == SimResult::deadlock);
  const BlockedProcess* split = r.report->find("split");
  const BlockedProcess* join = r.report->find("join");
  REQUIRE(split != nullptr);
  REQUIRE(join != nullptr);
  CHECK(split->state == BlockedProcess::waits_to_write);
  CHECK(split->channel == "first");
  CHECK(split->waits_on_full);
  CHECK(split->occupancy == 4);
  CHECK(split->depth == 4);
  CHECK(split->waits_for == "join");
  CHECK(join->state == BlockedProcess::waits_to_read);
  CHECK(join->channel == "second");
  CHECK(join->occupancy == 0);
  CHECK(r.report->wait_cycles == std::vector<std::vector<std::string>>{{"split", "join"}});
  CHECK(r.channels[0].max_occupancy == 4);  // `first` is full of words never read
  CHECK(r.channels[0].tokens == 5);
  CHECK(r.report->to_string().find("(full, 4/4), read by join") != std::string::npos);
}

TEST_CASE("a reader expecting more tokens than are written waits on a finished writer", "[deadlock]") {
  Architecture arch("greedy", sim_params(4, 2));
  Handle c = arch.channel<Token>("c", one(), "QD", "K tokens");
  place<test::Emit<1, 1>>(arch, "emit", one()).bind(test::Emit<1, 1>::out, c());
  place<test::Greedy>(arch, "greedy", one()).bind(test::Greedy::in, c());
  const SimResult r = run(arch);
  REQUIRE(r.outcome == SimResult::deadlock);
  REQUIRE(r.report->blocked.size() == 1);
  const BlockedProcess& g = r.report->blocked[0];
  CHECK(g.process == "greedy");
  CHECK(g.channel == "c");
  CHECK(g.waits_for == "emit");
  CHECK(g.waits_for_finished);
  CHECK(r.report->wait_cycles.empty());
  CHECK(r.report->to_string().find("written by emit, which has finished") != std::string::npos);
  CHECK(r.processes[0].finished);
}

// Reads one token more than K before it writes any of its K: it waits for a
// word no one will write, and what it feeds waits on it.
struct Hoard {
  LOOM_UNIT("hoard");
  LOOM_READS(in, Token);
  LOOM_WRITES(out, Token);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(in, out);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO> static void body(IO& io) {
    for (int64_t i = 0; i <= io.param(k); ++i) (void)io.read(in);
    for (int64_t i = 0; i < io.param(k); ++i) io.write(out, Token());
  }
};

TEST_CASE("a deadlock report leads with the processes that cause it, then counts those waiting on them",
          "[deadlock]") {
  // Two chains, emit -> hoard -> stage -> greedy: each hoard waits on an emit
  // that has finished, and its stage and greedy wait on it.
  using S = test::Stage<1, 1>;
  Architecture arch("hoarders", sim_params(3, 2));
  Handle fed = arch.channel<Token>("fed", vec(2), "QD", "K tokens");
  Handle held = arch.channel<Token>("held", vec(2), "QD", "K tokens, after K + 1 are read");
  Handle passed = arch.channel<Token>("passed", vec(2), "QD", "K tokens");
  auto at = [](Handle h) { return [h](const Index& i) -> Binding { return h(i[0]); }; };
  place<test::Emit<1, 1>>(arch, "emit", vec(2)).bind(test::Emit<1, 1>::out, at(fed));
  place<Hoard>(arch, "hoard", vec(2)).bind(Hoard::in, at(fed)).bind(Hoard::out, at(held));
  place<S>(arch, "stage", vec(2)).bind(S::in, at(held)).bind(S::out, at(passed));
  place<test::Greedy>(arch, "greedy", vec(2)).bind(test::Greedy::in, at(passed));
  const SimResult r = run(arch);
  REQUIRE(r.outcome == SimResult::deadlock);
  REQUIRE(r.report->blocked.size() == 6);
  for (const BlockedProcess& b : r.report->blocked) CHECK(b.cause == (b.unit == "hoard"));
  const std::string text = r.report->to_string();
  INFO(text);
  CHECK(text.find("DEADLOCK at cycle") == 0);
  const size_t causes = text.find("Caused by:\n  hoard[0] (hoard) at cycle ");
  const size_t second = text.find("  hoard[1] (hoard) at cycle ");
  const size_t rest = text.find("and 4 more waiting on those:\n");
  REQUIRE(causes != std::string::npos);
  REQUIRE(second != std::string::npos);
  REQUIRE(rest != std::string::npos);
  CHECK(causes < second);
  CHECK(second < rest);
  CHECK(text.find("written by emit[1], which has finished") < rest);
  CHECK(text.find("stage[0]") > rest);
  CHECK(text.find("greedy[1]") > rest);
  CHECK(text.find("  stage[0] waits to read 'held[0]' (empty), written by hoard[0]\n") != std::string::npos);
  CHECK(text.find("  greedy[1] waits to read 'passed[1]' (empty), written by stage[1]\n") != std::string::npos);
  auto region = arch.compose();
  REQUIRE(region.ok());
  const nlohmann::json j = sim_json(region.value(), r);
  int causing = 0;
  for (const auto& b : j["deadlock"]["blocked"]) causing += b["cause"].get<bool>();
  CHECK(causing == 2);
}

// Reads one token, of the K its writer sends.
struct Sip {
  LOOM_UNIT("sip");
  LOOM_READS(in, Token);
  static constexpr auto ports = port_list(in);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO> static void body(IO& io) { (void)io.read(in); }
};

TEST_CASE("a run that finishes with words never read says which channels hold how many", "[deadlock]") {
  Architecture arch("leftover", sim_params(3, 4));
  Handle c = arch.channel<Token>("c", vec(2), "QD", "K tokens each");
  place<test::Emit<1, 1>>(arch, "emit", vec(2)).bind(test::Emit<1, 1>::out, [c](const Index& i) -> Binding { return c(i[0]); });
  place<Sip>(arch, "sip", one()).bind(Sip::in, c(0));
  place<test::Absorb<1, 1>>(arch, "absorb", one()).bind(test::Absorb<1, 1>::in, c(1)).bind(test::Absorb<1, 1>::OUT, Ref{ObjectKind::argument, "OUT", Index::one()});
  arch.argument<Token>("OUT", "K", "what absorb read");
  const SimResult r = run(arch);
  REQUIRE(r.outcome == SimResult::completed);
  CHECK(r.channels[0].left == 2);
  CHECK(r.channels[1].left == 0);
  CHECK(r.words_left() == 2);
  CHECK(r.summary().find("warning: every process finished with 2 words written and never read, in c[0] (2)") !=
        std::string::npos);
}

TEST_CASE("a livelock ends at the watchdog with the same kind of report", "[deadlock]") {
  Architecture arch("ring", sim_params(1, 2));
  Handle ab = arch.channel<Token>("ab", one(), "QD", "ping to pong");
  Handle ba = arch.channel<Token>("ba", one(), "QD", "pong to ping");
  place<test::Ring<true>>(arch, "ping", one()).bind(test::Ring<true>::out, ab()).bind(test::Ring<true>::in, ba());
  place<test::Ring<false>>(arch, "pong", one()).bind(test::Ring<false>::in, ab()).bind(test::Ring<false>::out, ba());

  SimOptions cycles;
  cycles.max_cycles = 1000;
  const SimResult r = run(arch, {}, cycles);
  REQUIRE(r.outcome == SimResult::watchdog);
  CHECK(r.report->kind == DeadlockReport::watchdog);
  CHECK(r.report->blocked.size() == 2);
  CHECK(r.report->find("ping") != nullptr);
  CHECK(r.report->find("pong") != nullptr);
  CHECK(r.report->cycle > 1000);
  CHECK(r.report->to_string().find("WATCHDOG (") == 0);
  int running = 0;
  for (const BlockedProcess& b : r.report->blocked) running += b.state == BlockedProcess::tripped;
  CHECK(running == 1);

  SimOptions steps;
  steps.max_steps = 500;
  const SimResult s = run(arch, {}, steps);
  REQUIRE(s.outcome == SimResult::watchdog);
  CHECK(s.report->watchdog_reason == "more than 500 steps");
}

TEST_CASE("a body using a port its instance leaves unbound stops with a named error", "[deadlock]") {
  Architecture arch("loose", sim_params(3, 2));
  Handle out = arch.argument<Token>("OUT", "K", "result");
  place<test::Absorb<1, 1>>(arch, "absorb", one())
      .bind(test::Absorb<1, 1>::in, [](const Index&) -> Binding { return unbound; })
      .bind(test::Absorb<1, 1>::OUT, out());
  const SimResult r = run(arch);
  REQUIRE(r.outcome == SimResult::error);
  CHECK(r.errors.to_string() ==
        "error[unbound-port] unit 'absorb' port 'in': is used by the body, but the architecture binds it to nothing "
        "for this instance\n");
}

TEST_CASE("a body that throws stops the run with a named error, not an abort", "[deadlock]") {
  Architecture arch("thrower", sim_params(3, 2));
  place<test::Thrower>(arch, "thrower", one());
  const SimResult r = run(arch);
  REQUIRE(r.outcome == SimResult::error);
  CHECK(r.errors.to_string() == "error[body-threw] unit 'thrower': its body threw: row 7 is not here\n");
}

TEST_CASE("a deadlocked process's wait shows in its trace intervals, up to the report's cycle", "[deadlock]") {
  Timeline timeline;
  SimOptions options;
  options.listeners = {&timeline};
  const SimResult r = run(fan_out(6, 4), {}, options);
  REQUIRE(r.outcome == SimResult::deadlock);
  for (size_t p = 0; p < r.processes.size(); ++p) {
    REQUIRE(!timeline.intervals(p).empty());
    const Interval& last = timeline.intervals(p).back();
    CHECK(last.kind != Interval::busy);
    CHECK(last.end == r.report->cycle + 1);
  }
  CHECK(timeline.intervals(0).back().kind == Interval::wait_full);
  CHECK(timeline.intervals(1).back().kind == Interval::wait_empty);
}

TEST_CASE("a ring where both wait to read deadlocks as it starts, and the report keeps its tables", "[deadlock]") {
  using S = test::Stage<1, 1>;
  Architecture arch("ring_of_readers", sim_params(2, 2));
  Handle ab = arch.channel<Token>("ab", one(), "QD", "a to b");
  Handle ba = arch.channel<Token>("ba", one(), "QD", "b to a");
  place<S>(arch, "a", one()).bind(S::in, ba()).bind(S::out, ab());
  place<S>(arch, "b", one()).bind(S::in, ab()).bind(S::out, ba());
  auto region = arch.compose();
  REQUIRE(region.ok());
  auto r = simulate(region.value(), {});
  REQUIRE(r.ok());
  REQUIRE(r.value().outcome == SimResult::deadlock);
  // Each process's first state runs at kProcessStart, and waits there.
  CHECK(r.value().report->cycle == kProcessStart);
  CHECK(r.value().report->wait_cycles == std::vector<std::vector<std::string>>{{"a", "b"}});
  const std::string text = sim_report(region.value(), r.value());
  CHECK(text.find("DEADLOCK at cycle " + std::to_string(kProcessStart) + ": 2 of 2 processes did not finish") == 0);
  // busy 0, one cycle waiting to read (the report's cycle + 1 - its start), nothing full, no DRAM.
  CHECK(text.find("  a            stage             1            0            1            0            0   0.0%") !=
        std::string::npos);
  CHECK(text.find("  ab                1            0          0      2") != std::string::npos);
}

TEST_CASE("inputs that do not fit the region are refused before anything runs", "[deadlock]") {
  Architecture arch("one_way_dma", sim_params(4, 2));
  Handle c = arch.channel<Token>("c", one(), "QD", "rows");
  Handle a = arch.argument<Token>("A", "K", "input rows");
  Handle out = arch.argument<Token>("C", "K", "output rows");
  place<test::DmaLoad>(arch, "dma_ld", one()).bind(test::DmaLoad::A, a()).bind(test::DmaLoad::out, c());
  place<test::DmaStore>(arch, "dma_st", one()).bind(test::DmaStore::in, c()).bind(test::DmaStore::C, out());

  CHECK(test::compose_and_simulate(arch, {}).status().to_string() ==
        "error[missing-input] argument 'A': is read by dma_ld.A, but no input gives it\n");
  CHECK(test::compose_and_simulate(arch, {{"A", Buffer::of(rows(3))}, {"B", Buffer::of(rows(4))}}).status().to_string() ==
        "error[input-size] input 'A': has 3 rows, but the argument has 4\n"
        "error[unknown-argument] input 'B': names no argument of region 'one_way_dma'\n");
  CHECK(test::compose_and_simulate(arch, {{"A", Buffer::of(std::vector<Word<4, 8>>(4))}}).status().to_string() ==
        "error[input-word] input 'A': holds 4x8 words, but the argument holds 2x16\n");
}

}  // namespace
}  // namespace loom
