// The stress gate as a sharded Bazel test: each shard runs every
// TEST_TOTAL_SHARDS-th run of both default builds, so a larger sweep spreads
// over shards, locally or on a remote-execution cluster, with no change here.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>

#include "machines/tinytpu/build.h"
#include "machines/tinytpu/gates.h"
#include "tests/tinytpu/stress_counts.h"

namespace loom::tinytpu {
namespace {

Slice shard() {
  // Bazel asks a test that shards to say it does by touching this file.
  if (const char* status = std::getenv("TEST_SHARD_STATUS_FILE")) std::ofstream{status};
  const char* index = std::getenv("TEST_SHARD_INDEX");
  const char* count = std::getenv("TEST_TOTAL_SHARDS");
  if (!index || !count) return {};
  return {static_cast<size_t>(std::atoi(index)), static_cast<size_t>(std::max(1, std::atoi(count)))};
}

TEST_CASE("this shard's share of stress, at both default builds, is exact and its controls refused", "[stress]") {
  const Slice slice = shard();
  for (const Overrides& build : default_stress_builds()) {
    auto runs = stress(build, architecture, {}, slice);
    REQUIRE(runs.ok());
    CHECK(!runs.value().empty());
    for (const GateRun& r : runs.value()) {
      INFO("T=" << build[0].second << " " << r.name << " seed " << r.seed << ": " << r.failure.to_string());
      CHECK(r.exact);
      if (!r.control) CHECK(r.changed > 0);  // every run changes C, so comparing C compares something
    }
  }
}

TEST_CASE("the shards of stress partition its runs", "[stress]") {
  const Overrides build = default_stress_builds()[0];
  auto whole = stress(build);
  REQUIRE(whole.ok());
  size_t parts = 0;
  for (size_t i = 0; i < 3; ++i) {
    auto part = stress(build, architecture, {}, {i, 3});
    REQUIRE(part.ok());
    parts += part.value().size();
    for (size_t k = 0; k < part.value().size(); ++k) CHECK(part.value()[k].name == whole.value()[i + 3 * k].name);
  }
  CHECK(parts == whole.value().size());
  // Every run its generators' lists make, kind by kind (stress_counts.h), and
  // the holes a campaign found covered.
  const auto& runs = whole.value();
  auto p = build_from(build);
  REQUIRE(p.ok());
  const test::StressCounts want = test::stress_counts(p.value());
  for (const test::StressKind& kind : want.kinds) {
    INFO("runs named '" << kind.prefix << "...'");
    CHECK(std::count_if(runs.begin(), runs.end(), [&](const GateRun& r) { return r.name.rfind(kind.prefix, 0) == 0; }) ==
          kind.runs);
  }
  CHECK(std::count_if(runs.begin(), runs.end(), [](const GateRun& r) { return !r.control; }) == want.programs);
  CHECK(std::count_if(runs.begin(), runs.end(), [](const GateRun& r) { return r.control; }) == want.controls);
  CHECK(static_cast<int64_t>(runs.size()) == want.total());
  CHECK(std::any_of(runs.begin(), runs.end(),
                    [](const GateRun& r) { return r.name.find("int32 wrap before relu") == 0 && r.changed > 0; }));
  CHECK(std::any_of(runs.begin(), runs.end(), [](const GateRun& r) { return r.name == "every memory to its last row"; }));
}

}  // namespace
}  // namespace loom::tinytpu
