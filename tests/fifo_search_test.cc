// The FIFO search (compose/sim/fifo_search.h) on regions whose smallest depths
// are known by construction, and on every machine: what it finds is held to
// the coupled simulator, never to the timer alone.
#include <catch2/catch.hpp>

#include <algorithm>

#include "compose/place.h"
#include "compose/sim/fifo_search.h"
#include "machines/registry.h"
#include "units/unit.h"

namespace loom {
namespace {

using Tok = Word<2, 16>;

// Sends N words on `first`, then N on `second`.
struct Sender {
  LOOM_UNIT("sender");
  LOOM_WRITES(first, Tok);
  LOOM_WRITES(second, Tok);
  LOOM_PARAM(n, N);
  static constexpr auto ports = port_list(first, second);
  static constexpr auto params = param_list(n);
  static constexpr Pipeline pipeline{1, 1};
  template <class IO>
  static void body(IO& io) {
    for (int64_t k = 0; k < io.param(n); ++k) io.write(first, Tok());
    for (int64_t k = 0; k < io.param(n); ++k) io.write(second, Tok());
  }
};

// Takes them the other way round: all of `second` before any of `first`, so
// `first` must hold all N words, or the two wait on each other for ever.
struct Receiver {
  LOOM_UNIT("receiver");
  LOOM_READS(first, Tok);
  LOOM_READS(second, Tok);
  LOOM_WRITES_DRAM(out, Tok);
  LOOM_PARAM(n, N);
  static constexpr auto ports = port_list(first, second, out);
  static constexpr auto params = param_list(n);
  static constexpr Pipeline pipeline{1, 1};
  template <class IO>
  static void body(IO& io) {
    for (int64_t k = 0; k < io.param(n); ++k) io.store(out, k, io.read(second));
    for (int64_t k = 0; k < io.param(n); ++k) io.store(out, io.param(n) + k, io.read(first));
  }
};

Region crossed(int64_t n) {
  ParameterSet p;
  p.param("N", n, 1, 1024, "words a side");
  Architecture arch("crossed", p);
  Handle first = arch.channel<Tok>("first", one(), 2, "read last");
  Handle second = arch.channel<Tok>("second", one(), 2, "read first");
  Handle out = arch.argument<Tok>("OUT", 2 * n, "both sides");
  place<Sender>(arch, "sender", one()).bind(Sender::first, first()).bind(Sender::second, second());
  place<Receiver>(arch, "receiver", one())
      .bind(Receiver::first, first())
      .bind(Receiver::second, second())
      .bind(Receiver::out, out());
  auto region = arch.compose();
  REQUIRE(region.ok());
  return region.value();
}

SimResult coupled(const Region& region, const Inputs& inputs, const std::vector<int64_t>& depths) {
  SimOptions options;
  options.depths = depths;
  auto r = simulate(region, inputs, options);
  REQUIRE(r.ok());
  return r.value();
}

TEST_CASE("a channel that must hold N words gets depth N: one less deadlocks, and the other gets 1", "[fifo]") {
  for (int64_t n : {1, 3, 8, 13}) {
    const Region region = crossed(n);
    FifoSearchOptions options;
    options.tolerance = 10;  // only deadlock decides
    auto found = search_fifo_depths(region, {Inputs{}}, options);
    REQUIRE(found.ok());
    const std::vector<int64_t>& d = found.value().depths;
    INFO("N = " << n);
    CHECK(d == std::vector<int64_t>{n, 1});
    CHECK(found.value().channels[0].unbounded_max == n);
    CHECK(coupled(region, {}, d).ok());
    if (n > 1) CHECK(coupled(region, {}, {n - 1, 1}).outcome == SimResult::deadlock);
    // At the declared depth of 2, a deeper need deadlocks, and the summary says so.
    CHECK(found.value().declared_deadlocks == (n > 2 ? 1 : 0));
  }
}

TEST_CASE("on every machine, the depths found pass every run in the coupled simulator, within the tolerance", "[fifo]") {
  for (const MachineEntry& m : machines()) {
    auto arch = m.architecture({});
    REQUIRE(arch.ok());
    auto region = arch.value().compose();
    REQUIRE(region.ok());
    std::vector<Inputs> runs;
    auto tests = hls_extension(m).runs(region.value());
    REQUIRE(tests.ok());
    for (size_t k = 0; k < tests.value().size() && k < 6; ++k) runs.push_back(tests.value()[k].inputs);
    const bool timed = std::any_of(region.value().processes.begin(), region.value().processes.end(),
                                   [](const Process& p) { return p.unit->nonblocking(); });
    for (double tolerance : {0.0, 0.1}) {
      FifoSearchOptions options;
      options.tolerance = tolerance;
      auto found = search_fifo_depths(region.value(), runs, options);
      INFO("machine " << m.name << " tolerance " << tolerance);
      if (timed) {
        // Its outputs depend on timing: one functional run cannot size it.
        REQUIRE_FALSE(found.ok());
        CHECK(found.status().errors()[0].kind == "timing-dependent-design");
        continue;
      }
      REQUIRE(found.ok());
      const FifoSearch& s = found.value();
      int64_t total = 0;
      for (const Inputs& in : runs) {
        const SimResult unbounded = coupled(region.value(), in, std::vector<int64_t>(region.value().channels.size(), kUnboundedDepth));
        const SimResult at = coupled(region.value(), in, s.depths);
        REQUIRE(at.ok());
        CHECK(static_cast<double>(at.cycles) <= static_cast<double>(unbounded.cycles) * (1 + tolerance));
        total += at.cycles;
      }
      CHECK(total == s.found_cycles);
      for (size_t c = 0; c < s.depths.size(); ++c) CHECK(s.depths[c] >= 1);
    }
  }
}

TEST_CASE("the search refuses no runs, a bad tolerance, and a run that fails unbounded, by name", "[fifo]") {
  const Region region = crossed(3);
  CHECK(search_fifo_depths(region, {}).status().errors()[0].kind == "fifo-no-runs");
  FifoSearchOptions bad;
  bad.tolerance = -0.5;
  CHECK(search_fifo_depths(region, {Inputs{}}, bad).status().errors()[0].kind == "invalid-tolerance");
  FifoSearchOptions tiny;
  tiny.max_steps = 3;  // the run cannot complete, whatever the depths
  auto r = search_fifo_depths(region, {Inputs{}}, tiny);
  REQUIRE(!r.ok());
  CHECK(r.status().errors()[0].kind == "unbounded-run");
  CHECK(r.status().errors()[0].message.find("watchdog") != std::string::npos);
}

}  // namespace
}  // namespace loom
