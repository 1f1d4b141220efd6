// Every machine of the registry, held by what it declares rather than by a
// list in the test: each parameter at both ends of its range and one past
// them, both watchdog bounds at exactly what a run needs and one below (each
// run's statistics held by identity to its timeline), and its check at every
// class of position.
// A new machine or parameter is covered without a new test.
#include <catch2/catch.hpp>

#include <algorithm>
#include <limits>
#include <random>
#include <set>
#include <string>

#include "compose/sim/simulator.h"
#include "machines/registry.h"
#include "tests/sim_identity.h"

namespace loom {
namespace {

// The machine's region at its defaults, and its workload at seed 0.
struct Composed {
  Region region;
  Workload work;
};

Composed compose_default(const MachineEntry& m) {
  auto arch = m.architecture({});
  REQUIRE(arch.ok());
  auto region = arch.value().compose();
  REQUIRE(region.ok());
  auto work = m.workload(region.value(), 0);
  REQUIRE(work.ok());
  return {std::move(region).value(), std::move(work).value()};
}

// An error of `kind` whose where names `parameter`: "parameter 'T'", or a
// configuration "NUMERICS=2 RED_LANES=8".
bool names(const Status& status, const std::string& kind, const std::string& parameter) {
  for (const Error& e : status.errors())
    if (e.kind == kind && (e.where.find("'" + parameter + "'") != std::string::npos ||
                           e.where.find(parameter + "=") != std::string::npos))
      return true;
  return false;
}

const ParameterSet::Parameter* declared(const ParameterSet& params, const std::string& name) {
  for (const ParameterSet::Parameter& p : params.parameters())
    if (p.name == name) return &p;
  return nullptr;
}

TEST_CASE("every parameter of every machine: its bounds accepted, one past either refused by name", "[params]") {
  int held = 0;
  for (const MachineEntry& m : machines()) {
    auto arch = m.architecture({});
    REQUIRE(arch.ok());
    const ParameterSet& params = arch.value().params();
    for (const ParameterSet::Parameter& p : params.parameters()) {
      INFO(m.name << ": parameter " << p.name << " in [" << p.min << ", " << p.max << "]");
      // The range alone decides: a bound may still break a constraint, which
      // is a different error.
      for (const int64_t bound : {p.min, p.max}) {
        auto r = params.resolve({{p.name, bound}});
        CHECK_FALSE(names(r.status(), "parameter-out-of-range", p.name));
        if (r.ok()) CHECK(r.value()[p.name] == bound);
      }
      for (const auto& [past, exists] : {std::pair{p.min - 1, p.min > std::numeric_limits<int64_t>::min()},
                                         std::pair{p.max + 1, p.max < std::numeric_limits<int64_t>::max()}}) {
        if (!exists) continue;
        INFO("override " << p.name << "=" << past);
        CHECK(names(params.resolve({{p.name, past}}).status(), "parameter-out-of-range", p.name));
        // And through the machine, as the command line reaches it. A
        // type-level parameter (one that picks word types) declares only the
        // value it was built at: another value is refused by the machine when
        // it was not built, and is another build, with its own range, when it
        // was. Any other parameter is refused by composition.
        const Overrides overrides = {{p.name, past}};
        auto built = m.architecture(overrides);
        if (!built.ok()) {
          CHECK((names(built.status(), "not-built", p.name) || names(built.status(), "parameter-out-of-range", p.name)));
          continue;
        }
        const ParameterSet::Parameter* there = declared(built.value().params(), p.name);
        REQUIRE(there != nullptr);
        auto region = built.value().compose(overrides);
        if (there->min <= past && past <= there->max) {
          CHECK(p.min == p.max);  // only a type-level parameter's range moves with the build
          CHECK_FALSE(names(region.status(), "parameter-out-of-range", p.name));
          continue;
        }
        REQUIRE_FALSE(region.ok());
        CHECK(names(region.status(), "parameter-out-of-range", p.name));
      }
      ++held;
    }
  }
  CHECK(held >= 10);  // the tree's machines declare more than ten between them
}

// Whether a unit of the region accesses a FIFO without blocking.
bool timing_dependent(const Region& region) {
  return std::any_of(region.processes.begin(), region.processes.end(),
                     [](const Process& p) { return p.unit->nonblocking(); });
}

// A run's cycles and steps at bounds `max_cycles` and `max_steps`.
SimResult run(const Composed& c, SimOptions::Engine engine, int64_t max_cycles, int64_t max_steps,
              SimListener* listener = nullptr) {
  SimOptions options;
  if (listener != nullptr) options.listeners.push_back(listener);
  options.engine = engine;
  options.max_cycles = max_cycles;
  options.max_steps = max_steps;
  auto r = simulate(c.region, c.work.inputs, options);
  REQUIRE(r.ok());
  return std::move(r).value();
}

// The least bound in [0, enough] at which the run completes, where `at(b)`
// runs at bound b; the run at `enough` must complete, and a lower bound never
// lets more of it through.
template <class At>
int64_t least_bound(int64_t enough, At at) {
  REQUIRE(at(enough).ok());
  int64_t lo = 0, hi = enough;  // at(hi) completes
  while (lo < hi) {
    const int64_t mid = lo + (hi - lo) / 2;
    if (at(mid).ok()) hi = mid;
    else lo = mid + 1;
  }
  return hi;
}

TEST_CASE("both watchdogs on every machine and both engines: a bound one below what the run needs trips and is named; "
          "the bound it needs does not", "[watchdog]") {
  for (const MachineEntry& m : machines()) {
    const Composed c = compose_default(m);
    for (const auto engine : {SimOptions::Engine::coupled, SimOptions::Engine::trace}) {
      INFO(m.name << (engine == SimOptions::Engine::trace ? ", trace engine" : ", coupled engine"));
      if (engine == SimOptions::Engine::trace && timing_dependent(c.region)) {
        // What it computes depends on timing: the trace engine refuses it.
        SimOptions trace;
        trace.engine = engine;
        auto refused = simulate(c.region, c.work.inputs, trace);
        REQUIRE_FALSE(refused.ok());
        CHECK(refused.status().errors()[0].kind == "timing-dependent-design");
        continue;
      }
      const SimOptions defaults;
      Timeline timeline;
      const SimResult free = run(c, engine, defaults.max_cycles, defaults.max_steps, &timeline);
      REQUIRE(free.ok());
      REQUIRE(c.work.check(free.arguments).ok());
      test::held_by_identity(free, timeline);

      // Steps: every access counts, so a run needs exactly its own.
      const SimResult steps_enough = run(c, engine, defaults.max_cycles, free.steps);
      CHECK(steps_enough.ok());
      CHECK(steps_enough.steps == free.steps);
      const SimResult steps_short = run(c, engine, defaults.max_cycles, free.steps - 1);
      CHECK(steps_short.outcome == SimResult::watchdog);
      REQUIRE(steps_short.report.has_value());
      CHECK(steps_short.report->kind == DeadlockReport::watchdog);
      CHECK(steps_short.report->watchdog_reason == "more than " + std::to_string(free.steps - 1) + " steps");
      CHECK(steps_short.report->to_string().find(std::to_string(free.steps - 1)) != std::string::npos);

      // Cycles: the bound is on the cycle a process issues an access at, so
      // the least that completes is found, and it lies within the run.
      const int64_t need = least_bound(free.cycles, [&](int64_t b) { return run(c, engine, b, defaults.max_steps); });
      CHECK(need > 0);
      CHECK(need <= free.cycles);
      const SimResult cycles_enough = run(c, engine, need, defaults.max_steps);
      CHECK(cycles_enough.ok());
      CHECK(cycles_enough.cycles == free.cycles);  // a bound that does not trip moves nothing
      const SimResult cycles_short = run(c, engine, need - 1, defaults.max_steps);
      CHECK(cycles_short.outcome == SimResult::watchdog);
      REQUIRE(cycles_short.report.has_value());
      const std::string& reason = cycles_short.report->watchdog_reason;
      CHECK(reason.find(" passed cycle " + std::to_string(need - 1)) != std::string::npos);
      // The process it names is one that tripped.
      const std::string tripped = reason.substr(0, reason.find(" passed cycle "));
      const BlockedProcess* who = cycles_short.report->find(tripped);
      REQUIRE(who != nullptr);
      CHECK(who->state == BlockedProcess::tripped);
    }
  }
}

// Buffer bit `bit` of row `row` flipped.
void flip(Buffer& b, int64_t row, int64_t bit) {
  b.row(row)[static_cast<size_t>(bit / 64)] ^= uint64_t{1} << (bit % 64);
}

// The positions a comparison must cover, for an argument of `rows` words of
// `lanes` lanes: the first, a middle and the last row, each at its first,
// middle and last lane (in a word wider than 64 bits, its first, middle and
// last limb).
std::vector<std::pair<int64_t, int>> positions(int64_t rows, int lanes) {
  std::vector<std::pair<int64_t, int>> out;
  for (const int64_t r : {int64_t{0}, rows / 2, rows - 1})
    for (const int l : {0, lanes / 2, lanes - 1})
      if (std::find(out.begin(), out.end(), std::pair{r, l}) == out.end()) out.push_back({r, l});
  return out;
}

TEST_CASE("every machine's check accepts its reference, and names each corrupted position of each output argument",
          "[check]") {
  for (const MachineEntry& m : machines()) {
    const Composed c = compose_default(m);
    INFO(m.name << ": " << c.work.description);
    REQUIRE_FALSE(c.work.expected.empty());
    CHECK(c.work.check(c.work.expected).ok());
    for (const auto& [argument, contents] : c.work.expected) {
      const WordShape shape = contents.word();
      std::set<std::string> wheres;
      for (const auto& [row, lane] : positions(contents.rows(), shape.lanes)) {
        INFO("argument " << argument << " row " << row << " lane " << lane);
        ArgumentContents corrupted = c.work.expected;
        // A bit near the lane's top: in a float32 lane an exponent bit, so that
        // a NaN becomes a number and no NaN rule can excuse it.
        flip(corrupted.at(argument), row, lane * shape.lane_bits + std::max(0, shape.lane_bits - 2));
        const Status status = c.work.check(corrupted);
        REQUIRE(status.errors().size() == 1);
        const Error& e = status.errors().front();
        CHECK(e.kind == "mismatch");
        CHECK(e.where.find(argument) != std::string::npos);
        wheres.insert(e.where);
      }
      // Each position is named as itself.
      CHECK(wheres.size() == positions(contents.rows(), shape.lanes).size());
    }
    // A row missing from an output is a difference too.
    for (const auto& [argument, contents] : c.work.expected) {
      ArgumentContents shorter = c.work.expected;
      Buffer cut(contents.word(), contents.rows() - 1);
      for (int64_t r = 0; r + 1 < contents.rows(); ++r)
        std::copy(contents.row(r), contents.row(r) + contents.stride(), cut.row(r));
      shorter.at(argument) = cut;
      CHECK(c.work.check(shorter).has("mismatch"));
    }
  }
}

using Wide = Word<8, 32>;      // four limbs, a lane in each half of each
using Straddle = Word<5, 24>;  // lane 2 spans bits 48..71, across limbs 0 and 1

template <class W>
void compare_rows_names_every_position() {
  std::mt19937_64 rng(7);
  const std::vector<W> expected = random_rows<W>(6, rng);
  CHECK(compare_rows("Y", expected, expected).ok());
  for (const auto& [row, lane] : positions(6, W::lanes))
    for (const unsigned bit : {0u, W::lane_bits / 2, W::lane_bits - 1}) {
      INFO("row " << row << " lane " << lane << " bit " << bit);
      std::vector<W> got = expected;
      got[static_cast<size_t>(row)].set_lane(static_cast<unsigned>(lane),
                                             got[static_cast<size_t>(row)].lane(static_cast<unsigned>(lane)) ^
                                                 (UInt<W::lane_bits>(1) << bit));
      const Status status = compare_rows("Y", got, expected);
      REQUIRE(status.errors().size() == 1);
      CHECK(status.errors().front().kind == "mismatch");
      CHECK(status.errors().front().where ==
            "argument 'Y' row " + std::to_string(row) + " lane " + std::to_string(lane));
    }
  // Every difference counts, past the listed ones: two rows in full.
  std::vector<W> all = expected;
  for (size_t r : {size_t{0}, size_t{5}})
    for (unsigned l = 0; l < W::lanes; ++l) all[r].set_lane(l, all[r].lane(l) ^ UInt<W::lane_bits>(1));
  const Status many = compare_rows("Y", all, expected, 1);
  REQUIRE(many.errors().size() == 2);
  CHECK(many.errors().front().where == "argument 'Y' row 0 lane 0");
  CHECK(many.errors().back().message == std::to_string(2 * W::lanes - 1) + " more differences");
}

TEST_CASE("compare_rows names an element of a shaped argument: C[i][j] of a matrix, Y[i] of a vector", "[check]") {
  // A 3 x 6 matrix in words of four lanes: row 1 is lanes 2, 3 of word 1 and
  // all of word 2, so word 2 lane 1 is C[1][3].
  using W = Word<4, 8>;
  std::mt19937_64 rng(3);
  const std::vector<W> expected = random_rows<W>(5, rng);  // 18 elements, and two lanes spare
  std::vector<W> got = expected;
  got[2].set_lane(1, got[2].lane(1) ^ UInt<8>(1));
  const Status matrix = compare_rows(matrix_shape("C", 6), got, expected);
  REQUIRE(matrix.errors().size() == 1);
  CHECK(matrix.errors().front().kind == "mismatch");
  CHECK(matrix.errors().front().where == "C[1][3]");
  CHECK(compare_rows(vector_shape("Y"), got, expected).errors().front().where == "Y[9]");
  // A layout of the machine's own: the position says where element e is.
  const auto column_major = [](int64_t e) { return std::pair<int64_t, int64_t>{e % 3, e / 3}; };
  CHECK(compare_rows(matrix_shape("C", column_major), got, expected).errors().front().where == "C[0][3]");
  // One lane a word: a vector is named by its row.
  using One = Word<1, 16>;
  const std::vector<One> ys = random_rows<One>(8, rng);
  std::vector<One> off = ys;
  off[5].set_lane(0, off[5].lane(0) ^ UInt<16>(4));
  const Status vector = compare_rows(vector_shape("Y"), off, ys);
  REQUIRE(vector.errors().size() == 1);
  CHECK(vector.errors().front().where == "Y[5]");
  CHECK(vector.errors().front().message == "simulated " + std::to_string(off[5].lane_signed(0)) + ", reference " +
                                               std::to_string(ys[5].lane_signed(0)));
  // The shape's name is the argument's where the rows do not match.
  off.pop_back();
  CHECK(compare_rows(vector_shape("Y"), off, ys).errors().back().where == "argument 'Y'");
}

TEST_CASE("compare_rows names each differing row and lane: first, middle and last of each, across limbs", "[check]") {
  compare_rows_names_every_position<Wide>();
  compare_rows_names_every_position<Straddle>();
  compare_rows_names_every_position<Word<1, 8>>();
}

}  // namespace
}  // namespace loom
