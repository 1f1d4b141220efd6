// The tutorial's machine, as docs/tutorial.md builds it: found by name through
// its own registration, bit-exact at both lane counts and at the edges of its
// grid (one row, one column, one word a chunk), sized by extents derived from
// parameters, and refused by name where the parameters do not fit it.
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

TEST_CASE("matvec is bit-exact at both lane counts and at the edges of its grid", "[tutorial]") {
  for (const Overrides& o : std::vector<Overrides>{{{"T", 4}},
                                                   {{"T", 8}},
                                                   {{"T", 4}, {"R", 1}, {"C", 1}, {"K", 1}},
                                                   {{"T", 4}, {"R", 1}, {"C", 5}},
                                                   {{"T", 8}, {"R", 6}, {"C", 1}, {"K", 3}},
                                                   {{"T", 4}, {"R", 3}, {"C", 7}, {"K", 5}, {"QD", 1}}}) {
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

// docs/tutorial.md's claims about QD: exact at every depth; slower at 1 (a
// link passes a word every other cycle), and a cycle slower at 3, where the
// FIFOs are RAMs.
TEST_CASE("the grid stalls on depth-1 FIFOs, and RAM FIFOs read a cycle later", "[tutorial]") {
  std::map<int64_t, int64_t> cycles;
  for (int64_t qd : {1, 2, 3}) {
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
  CHECK(cycles[3] > cycles[2]);
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

TEST_CASE("the grid is R x C PEs, each keeping K words, and the store reads its last column", "[tutorial]") {
  auto region = compose({{"T", 8}, {"R", 5}, {"C", 3}, {"K", 6}});
  REQUIRE(region.ok());
  int blocks = 0;
  for (const MemoryInstance& m : region.value().memories) {
    CHECK(m.rows == 6);
    ++blocks;
  }
  CHECK(blocks == 5 * 3);
  CHECK(region.value().processes.size() == 5 * 3 + 2);
  for (const ArgumentInstance& a : region.value().arguments)
    if (a.name == "W") CHECK(a.size == 5 * 3 * 6);
  // The loader's out[c] is x_down[0][c], and the store's y[r] is p[r][2].
  int tops = 0, ends = 0;
  for (const ChannelInstance& c : region.value().channels) {
    const std::string writer = region.value().describe(c.writer), reader = region.value().describe(c.reader);
    if (writer.rfind("loader.out[", 0) == 0) {
      CHECK(c.name == "x_down");
      CHECK(c.index == Index::of(0, c.index[1]));
      CHECK(writer == "loader.out[" + std::to_string(c.index[1]) + "]");
      ++tops;
    }
    if (reader.rfind("store.y[", 0) == 0) {
      CHECK(c.name == "p");
      CHECK(c.index == Index::of(c.index[0], 2));
      CHECK(reader == "store.y[" + std::to_string(c.index[0]) + "]");
      ++ends;
    }
  }
  CHECK(tops == 3);
  CHECK(ends == 5);
}

TEST_CASE("parameters that do not fit the machine are refused by name", "[tutorial]") {
  auto out_of_range = compose({{"C", 0}});
  REQUIRE_FALSE(out_of_range.ok());
  CHECK(out_of_range.status().errors().front().kind == "parameter-out-of-range");
  auto unbuilt = matvec().architecture({{"T", 16}});
  REQUIRE_FALSE(unbuilt.ok());
  CHECK(unbuilt.status().errors().front().kind == "not-built");
}

}  // namespace
}  // namespace loom
