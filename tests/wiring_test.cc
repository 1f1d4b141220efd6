// same(), next(), previous() and last(): a chain and a grid wired by them
// compose, end where their arrays end, and simulate; where an extent is wrong
// the array's own error is the one reported.
#include <catch2/catch.hpp>

#include "compose/place.h"
#include "compose/sim/simulator.h"
#include "compose/wiring.h"
#include "tests/test_units.h"

namespace loom {
namespace {

ParameterSet chain_params() {
  ParameterSet p;
  p.param("N", 4, 1, 64, "relays");
  return p;
}

// source -> c[0] -> relay[0] -> c[1] -> ... -> relay[N-1] -> c[N] -> sink
Architecture chain(const std::string& extent) {
  Architecture arch("chain", chain_params());
  Handle c = arch.channel<test::Narrow>("c", vec(extent), 2, "");
  place<test::Source>(arch, "source", one()).bind(test::Source::out, c(0));
  place<test::Relay>(arch, "relay", vec("N")).bind(test::Relay::in, same(c)).bind(test::Relay::out, next(c));
  place<test::Sink>(arch, "sink", one()).bind(test::Sink::in, last(c));
  return arch;
}

const Target& target(const Region& region, const std::string& process, const std::string& port) {
  for (const Process& p : region.processes)
    if (p.name() == process) return p.ports[static_cast<size_t>(p.unit->port_index(port))];
  FAIL("no process " << process);
  return region.processes.front().ports.front();
}

TEST_CASE("a chain wired by same, next and last ends where its array ends", "[wiring]") {
  for (int64_t n : {1, 4, 9}) {
    auto region = chain("N+1").compose({{"N", n}});
    INFO("N=" << n);
    REQUIRE(region.ok());
    CHECK(region.value().channels.size() == static_cast<size_t>(n + 1));
    const Target& out = target(region.value(), "relay[" + std::to_string(n - 1) + "]", "out");
    CHECK(region.value().channels[static_cast<size_t>(out.id)].label() == "c[" + std::to_string(n) + "]");
    auto run = simulate(region.value(), {});
    REQUIRE(run.ok());
    CHECK(run.value().ok());
  }
}

TEST_CASE("with one element fewer, the chain's ends meet and the clash is named", "[wiring]") {
  // c has N elements: next() leaves relay[N-1]'s out unbound, and the sink's
  // last(c) is c[N-1], which relay[N-1] already reads.
  auto region = chain("N").compose({{"N", 3}});
  REQUIRE_FALSE(region.ok());
  bool named = false;
  for (const Error& e : region.status().errors()) named = named || e.where.find("c[2]") != std::string::npos;
  CHECK(named);
}

TEST_CASE("a wrong extent is reported once, on its array, not on every binding", "[wiring]") {
  auto region = chain("N/0").compose({});
  REQUIRE_FALSE(region.ok());
  REQUIRE(region.status().errors().size() == 1);
  CHECK(region.status().errors().front().kind == "inexact-extent");
  CHECK(region.status().errors().front().where.find("channel 'c'") != std::string::npos);
}

TEST_CASE("previous() and next() walk either dimension of a grid", "[wiring]") {
  ParameterSet p;
  p.param("R", 2, 1, 8, "rows");
  p.param("C", 3, 1, 8, "columns");
  Architecture arch("grid", p);
  // east[r][c] enters cell [r][c] from the west; cell [r][C-1] writes nowhere.
  Handle east = arch.channel<test::Narrow>("east", grid("R", "C"), 2, "");
  place<test::Source>(arch, "west", vec("R")).bind(test::Source::out, [east](const Index& i) -> Binding { return east(i[0], 0); });
  place<test::Relay>(arch, "cell", grid("R", "C")).bind(test::Relay::in, same(east)).bind(test::Relay::out, next(east, 1));
  auto region = arch.compose({});
  REQUIRE(region.ok());
  const Target& edge = target(region.value(), "cell[1][2]", "out");
  CHECK_FALSE(edge.bound());
  const Target& inner = target(region.value(), "cell[1][0]", "out");
  REQUIRE(inner.bound());
  CHECK(region.value().channels[static_cast<size_t>(inner.id)].label() == "east[1][1]");
  Binding first = previous(east, 1)(Index::of(0, 0), ParamValues());
  CHECK_FALSE(first.has_value());
  Binding up = previous(east, 0)(Index::of(1, 2), ParamValues());
  REQUIRE(up.has_value());
  CHECK(up->to_string() == "east[0][2]");
}

}  // namespace
}  // namespace loom
