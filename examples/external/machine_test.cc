// The workspace's machine, found through Loom's registry and simulated by
// Loom's simulator, is bit-exact; and a wrong output fails its check.
#include <catch2/catch.hpp>

#include <cmath>

#include "compose/sim/simulator.h"
#include "machines/model.h"
#include "machines/registry.h"

TEST_CASE("the doubler is found by name and simulates bit-exactly at both builds", "[external]") {
  auto m = loom::find_machine("doubler");
  REQUIRE(m.ok());
  for (int64_t t : {4, 8}) {
    const loom::Overrides o = {{"T", t}, {"N", 40}};
    auto arch = m.value()->architecture(o);
    REQUIRE(arch.ok());
    auto region = arch.value().compose(o);
    REQUIRE(region.ok());
    auto work = m.value()->workload(region.value(), 7);
    REQUIRE(work.ok());
    auto run = loom::simulate(region.value(), work.value().inputs);
    REQUIRE(run.ok());
    REQUIRE(run.value().ok());
    CHECK(work.value().check(run.value().arguments).ok());
    loom::SimResult wrong = run.value();
    wrong.arguments.at("Y").row(5)[0] ^= 4;
    CHECK_FALSE(work.value().check(wrong.arguments).ok());
  }
}

TEST_CASE("the doubler's action model conforms three ways, and its cost is within 5% of simulation", "[external]") {
  auto m = loom::find_machine("doubler");
  REQUIRE(m.ok());
  const loom::Overrides o = {{"N", 2048}};
  auto region = m.value()->architecture(o).value().compose(o);
  REQUIRE(region.ok());
  auto model = loom::checked_model(region.value(), m.value()->model);
  INFO(model.status().to_string());
  REQUIRE(model.ok());
  auto work = m.value()->workload(region.value(), 1);
  REQUIRE(work.ok());
  auto run = loom::simulate(region.value(), work.value().inputs);
  REQUIRE(run.ok());
  REQUIRE(run.value().ok());
  CHECK(loom::conform_workload(model.value(), work.value(), &run.value().arguments).ok());
  const int64_t estimate = loom::estimate_calls(model.value()).cycles, cycles = run.value().cycles;
  INFO("estimate " << estimate << ", simulated " << cycles);
  CHECK(std::abs(static_cast<double>(estimate - cycles)) <= 0.05 * static_cast<double>(cycles));
}
