// Every machine's action model (machines/model.h), on the machines of the
// tree: the static estimate against simulated cycles inside its window, the
// workload three ways, and a disagreement put in each of the three places
// named as that one.
#include <catch2/catch.hpp>

#include <cmath>
#include <tuple>

#include "compose/sim/simulator.h"
#include "machines/conform.h"
#include "machines/model.h"
#include "machines/registry.h"

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
// fixed number of cycles or a few a row of the chain, are under 5% of the run;
// and every FIFO passing a word a cycle. A FIFO of depth D passes D words
// every read-after-write + write-after-read cycles (compose/sim/fifo_timing.h),
// so DotTree at RED_LANES=32 NUMERICS=1 runs at QD=3: at its default QD=2 its
// red_in, 32 x 32 bits deep 2, holds 2048 bits, past kAutoSrlMaxBits, and is
// a RAM FIFO passing 2 words every 3 cycles, a rate the estimate does not model.
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
      {"dottree", {{"ROWS", 4096}, {"RED_LANES", 32}, {"NUMERICS", 1}, {"QD", 3}}},
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
