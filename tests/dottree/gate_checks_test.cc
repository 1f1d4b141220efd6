// Every check inside DotTree's bench and stress, fed a case it must refuse,
// refusing it by name: a configuration not built or out of range, a run that
// does not complete, a simulated tap that differs from the reference (and so
// from the executor), and a region the action model cannot be derived from.
#include <catch2/catch.hpp>

#include <iterator>

#include "compose/sim/simulator.h"
#include "machines/dottree/dottree.h"
#include "machines/dottree/gates.h"
#include "machines/example/example.h"

namespace loom::dottree {
namespace {

bool names(const Status& s, const std::string& kind, const std::string& where = "") {
  for (const Error& e : s.errors())
    if (e.kind == kind && e.where.find(where) != std::string::npos) return true;
  return false;
}

TEST_CASE("every bench and stress run of DotTree's gates is exact", "[dottree][gates]") {
  for (const auto& [overrides, seed] : bench_runs()) {
    const GateRun r = gate_run(overrides, seed);
    INFO(r.name << ": " << r.failure.to_string());
    CHECK(r.exact);
    CHECK(r.cycles > 0);
  }
  CHECK(stress_runs().size() == std::size(Built::keys) * 3 * 3);
}

TEST_CASE("bench's NaN controls: a NaN in either tap is refused as a mismatch", "[dottree][gates]") {
  const std::vector<GateRun> controls = nan_controls(0);
  REQUIRE(controls.size() == 2);
  for (const GateRun& r : controls) {
    INFO(r.name << ": " << r.failure.to_string());
    CHECK(r.exact);
    CHECK(r.failure.ok());
  }
}

TEST_CASE("a configuration the gate cannot build or compose is refused by name", "[dottree][gates]") {
  const GateRun unbuilt = gate_run({{"RED_LANES", 3}}, 0);
  CHECK_FALSE(unbuilt.exact);
  CHECK(names(unbuilt.failure, "not-built", "RED_LANES=3"));
  const GateRun no_rows = gate_run({{"ROWS", 0}}, 0);
  CHECK_FALSE(no_rows.exact);
  CHECK(names(no_rows.failure, "parameter-out-of-range", "'ROWS'"));
}

TEST_CASE("a run that does not complete is refused as sim-incomplete, naming the run", "[dottree][gates]") {
  SimOptions few;
  few.max_steps = 10;
  const GateRun r = gate_run({}, 0, few);
  CHECK_FALSE(r.exact);
  CHECK(names(r.failure, "sim-incomplete", "run 'seed 0'"));
}

Region composed(const Overrides& overrides) {
  auto arch = architecture(overrides);
  REQUIRE(arch.ok());
  auto region = arch.value().compose(overrides);
  REQUIRE(region.ok());
  return std::move(region).value();
}

TEST_CASE("a tap that differs is refused by the reference check and by the three-way conformance, at either tap", "[dottree][gates]") {
  for (const int64_t numerics : {kExact, kRounding}) {
    const Region region = composed({{"NUMERICS", numerics}});
    auto work = workload(region, 1);
    REQUIRE(work.ok());
    auto sim = simulate(region, work.value().inputs);
    REQUIRE(sim.ok());
    REQUIRE(sim.value().ok());
    CHECK(check_run(region, work.value(), sim.value().arguments).ok());
    for (const char* tap : {"S", "H"}) {
      INFO(tap << (numerics == kRounding ? " ROUNDING" : " EXACT"));
      ArgumentContents wrong = sim.value().arguments;
      wrong.at(tap).row(wrong.at(tap).rows() - 1)[0] ^= 1u << 3;
      const Status s = check_run(region, work.value(), wrong);
      CHECK(names(s, "mismatch", std::string(tap) + "["));  // S[r], H[r][half]
      CHECK(names(s, "conform-mismatch"));
      for (const Error& e : s.errors())
        if (e.kind == "conform-mismatch" && e.where.find("more differences") == std::string::npos)
          CHECK(e.message.find("the unit bodies disagree") == 0);
    }
  }
}

TEST_CASE("a region DotTree's action model cannot be derived from is refused by the model, by name", "[dottree][gates]") {
  const Region tree = composed({});
  auto work = workload(tree, 0);
  REQUIRE(work.ok());
  auto arch = example::architecture({});
  REQUIRE(arch.ok());
  auto other = arch.value().compose();
  REQUIRE(other.ok());
  auto sim = simulate(tree, work.value().inputs);
  REQUIRE(sim.ok());
  const Status s = check_run(other.value(), work.value(), sim.value().arguments);
  CHECK((names(s, "unit-not-composed") || names(s, "channel-not-composed")));
}

}  // namespace
}  // namespace loom::dottree
