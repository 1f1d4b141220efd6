// Every machine's action model (machines/model.h), on the machines of the
// tree: the static estimate against simulated cycles inside its window, the
// workload three ways, and a disagreement put in each of the three places
// named as that one.
#include <catch2/catch.hpp>

#include <cmath>
#include <tuple>

#include "actions/book.h"
#include "actions/builder.h"
#include "compose/action_view.h"
#include "compose/place.h"
#include "compose/sim/control_timing.h"
#include "compose/sim/fifo_timing.h"
#include "compose/sim/simulator.h"
#include "machines/conform.h"
#include "machines/model.h"
#include "machines/registry.h"
#include "tests/word_pair.h"
#include "units/unit.h"

namespace loom {
namespace {

struct Built {
  Region region;
  CheckedModel model;
};

Built built(const std::string& machine, const Overrides& overrides) {
  auto entry = find_machine(machine);
  REQUIRE(entry.ok());
  auto arch = entry.value()->architecture(overrides);
  REQUIRE(arch.ok());
  auto region = arch.value().compose(overrides);
  INFO(region.status().to_string());
  REQUIRE(region.ok());
  auto checked = checked_model(region.value(), entry.value()->model);
  INFO(checked.status().to_string());
  REQUIRE(checked.ok());
  return {std::move(region).value(), std::move(checked).value()};
}

struct Simulated {
  Workload work;
  SimResult result;
};

Simulated simulated(const std::string& machine, const Region& region) {
  auto work = find_machine(machine).value()->workload(region, 0);
  REQUIRE(work.ok());
  auto run = simulate(region, work.value().inputs);
  REQUIRE(run.ok());
  REQUIRE(run.value().ok());
  return {std::move(work).value(), std::move(run).value()};
}

// Inside the estimate's window (docs/actions.md, "Cost"): rows enough that the
// bodies' loop switches, a second DRAM burst and the y chain's drains, each a
// fixed number of cycles or a few a row of the chain, are under 5% of the run.
// DotTree at RED_LANES=32 NUMERICS=1 runs at its default QD=2, where its
// red_in, 32 x 32 bits deep 2, holds 2048 bits, past kAutoSrlMaxBits: a RAM
// FIFO passing 2 words every 3 cycles, which the estimate rates (book.h,
// busy()).
TEST_CASE("cost is within 5% of simulated cycles for example, matvec and DotTree at three sizes each", "[model][cost]") {
  const std::vector<std::pair<std::string, Overrides>> runs = {
      {"example", {{"N", 8}, {"K", 512}}},
      {"example", {{"N", 16}, {"K", 1024}}},
      {"example", {{"N", 32}, {"K", 2048}}},
      {"matvec", {{"R", 8}, {"C", 4}, {"K", 256}}},
      {"matvec", {{"R", 16}, {"C", 8}, {"K", 64}}},
      {"matvec", {{"T", 8}, {"R", 8}, {"C", 8}, {"K", 64}}},
      {"dottree", {{"ROWS", 512}}},
      {"dottree", {{"ROWS", 1024}, {"NUMERICS", 1}}},
      {"dottree", {{"ROWS", 4096}, {"RED_LANES", 32}, {"NUMERICS", 1}}},
  };
  for (const auto& [machine, overrides] : runs) {
    const Built b = built(machine, overrides);
    const int64_t estimate = estimate_calls(b.model).cycles;
    const int64_t cycles = simulated(machine, b.region).result.cycles;
    std::string config;
    for (const auto& [name, value] : overrides) config += " " + name + "=" + std::to_string(value);
    INFO(machine << config << ": estimate " << estimate << ", simulated " << cycles);
    CHECK(std::abs(static_cast<double>(estimate - cycles)) <= 0.05 * static_cast<double>(cycles));
  }
}

TEST_CASE("cost names the bottleneck and the port that binds it", "[model][cost]") {
  // matvec: the loader sends (R + 1) x C x K words on x_down, one a cycle, and
  // a PE of the grid's first row receives (R + 1) x K of them.
  const Built b = built("matvec", {{"R", 4}, {"C", 4}, {"K", 16}});
  const CallsEstimate e = estimate_calls(b.model);
  REQUIRE(e.calls.size() == 1);
  CHECK(e.calls[0].bottleneck == "loader");
  CHECK(e.calls[0].bottleneck_port == "x_down");
  for (const actions::Estimate::UnitTime& u : e.calls[0].units) {
    if (u.unit == "loader") CHECK(u.work == (4 + 1) * 4 * 16);
    if (u.unit == "pe") CHECK(u.work == (4 + 1) * 16);
  }
  // DotTree at RED_LANES=32 NUMERICS=1: its red_in, 32 x 32 bits at QD=2, is a RAM FIFO
  // passing 2 words every 3 cycles, so the multiply stage's ROWS sends and
  // the tree's receives each take ceil(3 ROWS / 2) cycles, past the ROWS
  // steps its X reads take.
  const Built tree = built("dottree", {{"ROWS", 101}, {"RED_LANES", 32}, {"NUMERICS", 1}});
  const CallsEstimate t = estimate_calls(tree.model);
  REQUIRE(t.calls.size() == 1);
  CHECK(t.calls[0].bottleneck_port == "red_in");
  for (const actions::Estimate::UnitTime& u : t.calls[0].units) {
    INFO(u.unit);
    if (u.unit == "multiply" || u.unit == "tree") CHECK(u.busy == (3 * 101 + 1) / 2);
    if (u.unit == "multiply") CHECK(u.work == 101 + 1);  // W read once, then a row a step
  }
}

// K words of `W` written at II=1 and read at II=1, over one FIFO of depth QD.
template <class W>
Region rate_pair(int64_t k, int64_t qd) {
  return test::word_pair<W, 1>("rate_pair", k, qd);
}

// A FIFO of depth D passes at most D words every rw + 1 cycles
// (compose/sim/fifo_timing.h): token k + D is written no sooner than
// kWriteAfterRead after token k's read, itself rw after token k's write, so
// W(k + D) >= W(k) + rw + 1. With both ends at II=1 the writes are
// W(k) = P x floor(k / D) + k mod D, P = max(D, rw + 1), the reads rw later,
// and the consumer finishes a cycle after its last read. The estimate books a
// word a row on c, and costs each word 1 / rate cycles: busy =
// ceil(K x P / D) on both ends (book.h, busy()).
template <class W>
void check_rate(int64_t depth, int64_t words_per_period, int64_t period) {
  constexpr int64_t K = 1000;
  const int64_t rw = read_after_write(W::bits, depth);
  const int64_t P = std::max(depth, rw + kWriteAfterRead);
  INFO(W::bits << "-bit words, depth " << depth << ": " << (is_shift_register(W::bits, depth) ? "SRL" : "RAM")
               << ", rw " << rw);
  // The bound, from the constants, is the one the brief states.
  CHECK(fifo_period(W::bits, depth) == rw + kWriteAfterRead);
  CHECK(P * words_per_period == period * depth);
  const Region region = rate_pair<W>(K, depth);

  // The simulation, in closed form.
  auto run = simulate(region, {});
  REQUIRE(run.ok());
  const SimResult& r = run.value();
  REQUIRE(r.outcome == SimResult::completed);
  const int64_t last_read = P * ((K - 1) / depth) + (K - 1) % depth + rw;
  CHECK(r.cycles == kProcessStart + last_read + 1 + kRegionDone);

  // The estimate, from the composed structure and a send and a receive a row.
  const actions::Structure st = actions::structure(RegionView(region));
  actions::Machine m = actions::implied_machine(st, region.name);
  actions::InstructionBuilder b("stream");
  b.send("producer", "c", "x");
  b.receive("consumer", "c", "y");
  m.instructions.push_back(b.done());
  const actions::Instruction& ins = m.instructions[0];
  const int64_t busy = (K * P + depth - 1) / depth;
  for (const char* unit : {"producer", "consumer"}) {
    INFO(unit);
    const actions::Rate rate = actions::rate(st, *m.unit(unit), "c");
    CHECK(rate.cycles_for(K) == busy);
    CHECK(actions::work(m, ins, unit, K) == K);  // the pipeline's steps: an initiation of 1
    CHECK(actions::busy(m, st, ins, unit, K) == busy);
  }
  const actions::Estimate e =
      actions::estimate(m, st, {&ins, {}, K, "stream"}, {kProcessStart, kLoopEntry, kLoopExit, kRegionDone});
  // actions/estimate.h's window: the producer from start + entry, busy, its
  // crossing rw; the consumer's last row a cycle after the last word is
  // across, then its crossing (1) and exit.
  CHECK(e.cycles == kProcessStart + kLoopEntry + busy + rw + 1 + 1 + kLoopExit + kRegionDone);
  INFO("estimate " << e.cycles << ", simulated " << r.cycles);
  CHECK(std::abs(static_cast<double>(e.cycles - r.cycles)) <= 0.05 * static_cast<double>(r.cycles));
}

TEST_CASE("a FIFO passes min(1, D / (rw + 1)) words a cycle, in the estimate as in the simulation", "[model][cost][fifo]") {
  // Depth 1, a shift register (32 bits): rw 1, a word every 2 cycles.
  check_rate<Word<1, 32>>(1, 1, 2);
  // Depth 2 of 1024-bit words, 2048 bits: a RAM, rw 2, 2 words every 3 cycles.
  static_assert(!is_shift_register(1024, 2));
  check_rate<Word<16, 64>>(2, 2, 3);
  // Depth 2 of 512-bit words, a shift register: rw 1, 2 words every 2 cycles,
  // a word a cycle, no bound below the endpoints' II.
  check_rate<Word<8, 64>>(2, 1, 1);
  // Depth 3, a RAM: rw 2, 3 words every 3 cycles, a word a cycle.
  check_rate<Word<1, 32>>(3, 1, 1);
}

TEST_CASE("matvec's and DotTree's workloads conform three ways; the example's model says why it cannot run", "[model][conform]") {
  for (const auto& [machine, overrides] : std::vector<std::pair<std::string, Overrides>>{
           {"matvec", {}}, {"matvec", {{"T", 8}, {"R", 3}, {"C", 5}, {"K", 3}}}, {"dottree", {}}, {"dottree", {{"NUMERICS", 1}}}}) {
    const Built b = built(machine, overrides);
    const Simulated s = simulated(machine, b.region);
    const Status three = conform_workload(b.model, s.work, &s.result.arguments);
    INFO(machine << ": " << three.to_string());
    CHECK(three.ok());
  }
  const Built example = built("example", {});
  auto executed = execute_calls(example.model, {});
  REQUIRE_FALSE(executed.ok());
  CHECK(executed.status().errors()[0].kind == "exec-not-modelled");
  CHECK(executed.status().errors()[0].message.find("delay line") != std::string::npos);
}

TEST_CASE("a disagreement names the row, lane and store, and which of the three disagrees", "[model][conform]") {
  const Built b = built("matvec", {{"R", 4}, {"C", 2}});
  const Simulated s = simulated("matvec", b.region);

  // The bodies: lane 0 of Y's row 2 corrupted in the simulated contents.
  ArgumentContents bodies = s.result.arguments;
  bodies.at("Y").row(2)[0] ^= 1;
  const Status by_bodies = conform_workload(b.model, s.work, &bodies);
  REQUIRE(by_bodies.errors().size() == 1);
  CHECK(by_bodies.errors()[0].kind == "conform-mismatch");
  CHECK(by_bodies.errors()[0].where == "output 'Y' row 2 lane 0 (written by call 0 (matvec) action 9 (store.Y.write) row 2)");
  CHECK(by_bodies.errors()[0].message.find("the unit bodies disagree with the reference and the action model") == 0);

  // The reference: its expected row 0 corrupted.
  Workload wrong = s.work;
  wrong.expected.at("Y").row(0)[0] ^= 4;
  const Status by_reference = conform_workload(b.model, wrong, &s.result.arguments);
  REQUIRE(by_reference.errors().size() == 1);
  CHECK(by_reference.errors()[0].where.find("output 'Y' row 0 lane 0") == 0);
  CHECK(by_reference.errors()[0].message.find("the reference disagrees") == 0);

  // The action model: every row reads W's first row (a step of 0).
  CheckedModel model = b.model;
  for (actions::Action& a : model.model.machine.instructions[0].actions)
    if (a.port == "W.read") a.reads->step = 0;
  const Status by_model = conform_workload(model, s.work, &s.result.arguments);
  REQUIRE_FALSE(by_model.ok());
  CHECK(by_model.errors()[0].where.find("output 'Y' row 1 lane 0") == 0);
  CHECK(by_model.errors()[0].message.find("the action model disagrees with the reference and the unit bodies") == 0);
}

// Three-way conformance of binary32 lanes, by common/binary32.h's rule: each
// rule both ways, the disagreeing description named.
TEST_CASE("binary32 lanes conform when every NaN meets a NaN and every other value its own bits", "[model][conform]") {
  const int64_t nan = 0x7fc00000, other_nan = static_cast<int64_t>(int32_t(0xffc01234u)), one = 0x3f800000,
                zero = 0, negative_zero = static_cast<int64_t>(int32_t(0x80000000u));
  const actions::ExecState none;
  const auto three = [&](int64_t r, int64_t e, int64_t b) {
    ThreeWay w{"S", 1, {r}, {e}, {b}, true};
    return compare_three(w, none);
  };
  CHECK(three(nan, other_nan, nan).ok());
  CHECK(three(one, one, one).ok());
  CHECK(three(negative_zero, negative_zero, negative_zero).ok());
  for (const auto& [r, e, b, who] : std::vector<std::tuple<int64_t, int64_t, int64_t, std::string>>{
           {nan, one, nan, "the action model disagrees"},
           {one, one, nan, "the unit bodies disagree"},
           {nan, one, one, "the reference disagrees"},
           {zero, zero, negative_zero, "the unit bodies disagree"},
           {negative_zero, zero, negative_zero, "the action model disagrees"},
           {one, one + 1, one, "the action model disagrees"}}) {
    INFO(r << " " << e << " " << b);
    const Status s = three(r, e, b);
    REQUIRE(s.errors().size() == 1);
    CHECK(s.errors()[0].kind == "conform-mismatch");
    CHECK(s.errors()[0].message.find(who) == 0);
  }
  // Not binary32: a NaN's bits are only an integer's.
  ThreeWay integers{"S", 1, {nan}, {other_nan}, {nan}, false};
  CHECK(compare_three(integers, none).has("conform-mismatch"));
}

TEST_CASE("every machine offers project; its ports derive from the composition or are declared arithmetic", "[model][project]") {
  for (const MachineEntry& m : machines()) {
    CHECK(offer_for(m, "project") != nullptr);
    if (m.name == "tinytpu") continue;  // its machine table is its spec's (tests/tinytpu)
    const Built b = built(m.name, {});
    for (const actions::ProjectionRow& row : b.model.projection.ports) {
      INFO(m.name << " " << row.unit << "." << row.port);
      CHECK((row.origin == actions::PortOrigin::derived || row.origin == actions::PortOrigin::arithmetic));
    }
    CHECK(b.model.projection.unmodelled.empty());
  }
  // matvec's PE is one unit over its R x C grid, and says so.
  const Built matvec = built("matvec", {{"R", 5}, {"C", 3}});
  REQUIRE(matvec.model.projection.grain.size() == 1);
  CHECK(matvec.model.projection.grain[0] == "pe is one unit over its kernel's 15 instances: its actions count the busiest instance's work");
}

}  // namespace
}  // namespace loom
