// The tutorial's machine, as docs/tutorial.md builds it: found by name through
// its own registration, bit-exact at both lane counts and at the edges of its
// shape (one row, one word a row), sized by extents derived from parameters,
// and refused by name where the parameters do not fit it.
#include <catch2/catch.hpp>

#include <map>

#include "compose/sim/simulator.h"
#include "machines/registry.h"

namespace loom {
namespace {

const MachineEntry& matvec() {
  auto m = find_machine("matvec");
  REQUIRE(m.ok());
  return *m.value();
}

Result<Region> compose(const Overrides& o) {
  auto arch = matvec().architecture(o);
  if (!arch.ok()) return arch.status();
  return arch.value().compose(o);
}

TEST_CASE("matvec is bit-exact at both lane counts and at the edges of its shape", "[tutorial]") {
  for (const Overrides& o : std::vector<Overrides>{{{"T", 4}},
                                                   {{"T", 8}},
                                                   {{"T", 4}, {"R", 1}, {"C", 4}},
                                                   {{"T", 8}, {"R", 16}, {"C", 8}},
                                                   {{"T", 4}, {"R", 3}, {"C", 100}, {"QD", 1}}}) {
    auto region = compose(o);
    REQUIRE(region.ok());
    for (uint64_t seed : {0, 1, 2}) {
      auto work = matvec().workload(region.value(), seed);
      REQUIRE(work.ok());
      auto run = simulate(region.value(), work.value().inputs);
      REQUIRE(run.ok());
      INFO(work.value().description << "\n" << run.value().summary());
      REQUIRE(run.value().ok());
      CHECK(work.value().check(run.value().arguments).ok());
    }
  }
}

// docs/tutorial.md's claim about QD: exact at every depth, slower at 1 (each
// link passes a word every other cycle), and a RAM FIFO's extra cycle at 4.
TEST_CASE("the chain stalls on depth-1 FIFOs, and RAM FIFOs read a cycle later", "[tutorial]") {
  std::map<int64_t, int64_t> cycles;
  for (int64_t qd : {1, 2, 4}) {
    auto region = compose({{"QD", qd}});
    REQUIRE(region.ok());
    auto work = matvec().workload(region.value(), 0);
    REQUIRE(work.ok());
    auto run = simulate(region.value(), work.value().inputs);
    REQUIRE(run.ok());
    REQUIRE(run.value().ok());
    CHECK(work.value().check(run.value().arguments).ok());
    cycles[qd] = run.value().cycles;
    int64_t stalled_full = 0;
    for (const ProcessStats& p : run.value().processes) stalled_full += p.stalled_full;
    if (qd == 1) CHECK(stalled_full > 0);
  }
  CHECK(cycles[1] > cycles[2]);
  CHECK(cycles[4] > cycles[2]);
}

TEST_CASE("the check fails a wrong product, so a passing run means something", "[tutorial]") {
  auto region = compose({});
  REQUIRE(region.ok());
  auto work = matvec().workload(region.value(), 0);
  auto run = simulate(region.value(), work.value().inputs);
  REQUIRE(run.ok());
  SimResult wrong = run.value();
  wrong.arguments.at("Y").row(3)[0] ^= 1;
  const Status check = work.value().check(wrong.arguments);
  REQUIRE_FALSE(check.ok());
  CHECK(check.errors().front().kind == "mismatch");
  CHECK(check.errors().front().where.find("row 3") != std::string::npos);
}

TEST_CASE("each row's memory is C/T words and the chain has R rows, from the parameters", "[tutorial]") {
  auto region = compose({{"T", 8}, {"R", 5}, {"C", 48}});
  REQUIRE(region.ok());
  int rows = 0;
  for (const MemoryInstance& m : region.value().memories) {
    CHECK(m.rows == 48 / 8);
    ++rows;
  }
  CHECK(rows == 5);
  CHECK(region.value().processes.size() == 5 + 2);
  for (const ArgumentInstance& a : region.value().arguments)
    if (a.name == "W") CHECK(a.size == 5 * 48 / 8);
}

TEST_CASE("parameters that do not fit the machine are refused by name", "[tutorial]") {
  auto inexact = compose({{"T", 4}, {"C", 30}});
  REQUIRE_FALSE(inexact.ok());
  CHECK(inexact.status().errors().front().kind == "constraint-violated");
  auto unbuilt = matvec().architecture({{"T", 16}});
  REQUIRE_FALSE(unbuilt.ok());
  CHECK(unbuilt.status().errors().front().kind == "not-built");
}

}  // namespace
}  // namespace loom
