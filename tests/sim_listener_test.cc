// The run's events, as its subscribers see them: every stall the statistics
// count and every word written, each once, in each process's and channel's
// order, to every subscriber alike; and a run no one subscribes to gives the
// same result.
#include <catch2/catch.hpp>

#include <map>
#include <stdexcept>
#include <tuple>
#include <vector>

#include "compose/region.h"
#include "compose/sim/simulator.h"
#include "machines/example/example.h"

namespace loom {
namespace {

// Everything it was told, in order; words only if it wants them.
struct Recorder final : SimListener {
  bool words_wanted = true;
  bool wants_words() const override { return words_wanted; }
  int begins = 0, ends = 0, after_end = 0;
  std::vector<std::vector<Interval>> stalls;
  std::vector<std::vector<std::pair<int64_t, int64_t>>> words;
  void on_begin(const Region& region) override {
    ++begins;
    stalls.assign(region.processes.size(), {});
    words.assign(region.channels.size(), {});
  }
  void on_stall(size_t p, const Interval& s) override {
    after_end += ends;
    stalls.at(p).push_back(s);
  }
  void on_word(size_t c, int64_t written, int64_t read) override {
    after_end += ends;
    words.at(c).push_back({written, read});
  }
  void on_end(const SimResult&) override { ++ends; }
};

Region example_region(const Overrides& overrides) {
  auto arch = example::architecture(overrides);
  REQUIRE(arch.ok());
  auto region = arch.value().compose(overrides);
  REQUIRE(region.ok());
  return std::move(region).value();
}

TEST_CASE("every subscriber is told every stall and every word, once, in order", "[sim][listener]") {
  // QD=1 makes the taps stall; a step bound stops the run with words held.
  for (const int64_t max_steps : {int64_t{1'000'000'000}, int64_t{500}}) {
    const Region region = example_region({{"N", 5}, {"K", 40}, {"QD", 1}});
    auto work = example::workload(region, 1);
    REQUIRE(work.ok());
    Recorder first, second;
    SimOptions options;
    options.max_steps = max_steps;
    options.listeners = {&first, &second};
    auto run = simulate(region, work.value().inputs, options);
    REQUIRE(run.ok());
    const SimResult& r = run.value();
    INFO(r.summary());
    CHECK((max_steps > 500 ? r.ok() : r.outcome == SimResult::watchdog));
    if (max_steps == 500) CHECK(r.words_left() > 0);
    CHECK(first.begins == 1);
    CHECK(first.ends == 1);
    CHECK(first.after_end == 0);
    int64_t stalls = 0;
    for (size_t p = 0; p < r.processes.size(); ++p) {
      int64_t waited = 0, last_end = 0;
      for (const Interval& s : first.stalls[p]) {
        CHECK(s.kind != Interval::busy);
        CHECK(s.begin >= last_end);  // in the process's clock order
        CHECK(s.end > s.begin);
        waited += s.end - s.begin;
        last_end = s.end;
      }
      CHECK(waited == r.processes[p].stalled_empty + r.processes[p].stalled_full + r.processes[p].stalled_dram);
      stalls += static_cast<int64_t>(first.stalls[p].size());
    }
    CHECK(stalls > 0);
    for (size_t c = 0; c < r.channels.size(); ++c) {
      CHECK(static_cast<int64_t>(first.words[c].size()) == r.channels[c].tokens);
      int64_t held = 0, last_read = 0;
      for (const auto& [written, read] : first.words[c]) {
        if (read < 0) {
          ++held;
          continue;
        }
        CHECK(held == 0);  // the words held come last
        CHECK(read > written);
        CHECK(read >= last_read);
        last_read = read;
      }
      CHECK(held == r.channels[c].left);
    }
    CHECK(std::tie(first.stalls, first.words) == std::tie(second.stalls, second.words));
  }
}

TEST_CASE("a run with no subscriber gives the result a subscribed run gives", "[sim][listener]") {
  const Region region = example_region({{"N", 4}, {"K", 30}, {"QD", 2}});
  auto work = example::workload(region, 2);
  REQUIRE(work.ok());
  Recorder recorder;
  SimOptions watched;
  watched.listeners = {&recorder};
  auto a = simulate(region, work.value().inputs);
  auto b = simulate(region, work.value().inputs, watched);
  REQUIRE(a.ok());
  REQUIRE(b.ok());
  CHECK(a.value().summary() == b.value().summary());
  CHECK(a.value().steps == b.value().steps);
  for (size_t p = 0; p < a.value().processes.size(); ++p) {
    CHECK(a.value().processes[p].finish == b.value().processes[p].finish);
    CHECK(a.value().processes[p].stalled_full == b.value().processes[p].stalled_full);
  }
  for (size_t c = 0; c < a.value().channels.size(); ++c)
    CHECK(a.value().channels[c].max_occupancy == b.value().channels[c].max_occupancy);
}

TEST_CASE("no word is told when no subscriber wants words, and the stalls still are", "[sim][listener]") {
  const Region region = example_region({{"N", 3}, {"K", 20}, {"QD", 1}});
  auto work = example::workload(region, 3);
  REQUIRE(work.ok());
  Recorder stalls_only, also_stalls_only;
  stalls_only.words_wanted = also_stalls_only.words_wanted = false;
  SimOptions options;
  options.listeners = {&stalls_only, &also_stalls_only};
  auto run = simulate(region, work.value().inputs, options);
  REQUIRE(run.ok());
  REQUIRE(run.value().ok());
  size_t words = 0, stalls = 0;
  for (const auto& w : stalls_only.words) words += w.size();
  for (const auto& s : stalls_only.stalls) stalls += s.size();
  CHECK(words == 0);
  CHECK(stalls > 0);
  CHECK(stalls_only.stalls == also_stalls_only.stalls);
}

TEST_CASE("a null listener is refused by name before the run", "[sim][listener]") {
  const Region region = example_region({{"N", 2}, {"K", 4}});
  auto work = example::workload(region, 0);
  REQUIRE(work.ok());
  Recorder fine;
  SimOptions options;
  options.listeners = {&fine, nullptr};
  auto run = simulate(region, work.value().inputs, options);
  REQUIRE(!run.ok());
  CHECK(run.status().to_string() == "error[null-listener] SimOptions::listeners[1]: is nullptr, not a listener\n");
  CHECK(fine.begins == 0);
}

TEST_CASE("a listener listed twice is refused by name before the run", "[sim][listener]") {
  const Region region = example_region({{"N", 2}, {"K", 4}});
  auto work = example::workload(region, 0);
  REQUIRE(work.ok());
  Recorder once;
  SimOptions options;
  options.listeners = {&once, &once};
  auto run = simulate(region, work.value().inputs, options);
  REQUIRE(!run.ok());
  CHECK(run.status().errors()[0].kind == "duplicate-listener");
  CHECK(run.status().errors()[0].where == "SimOptions::listeners[1]");
  CHECK(once.begins == 0);
}

// Throws at the n-th event of one kind, then counts what it is still told.
struct Thrower final : SimListener {
  enum Kind { begin, stall, word, held_word, end } kind;
  int told = 0;
  explicit Thrower(Kind k) : kind(k) {}
  void maybe_throw(Kind k) {
    ++told;
    if (k == kind) throw std::runtime_error("listener fault");
  }
  void on_begin(const Region&) override { maybe_throw(begin); }
  void on_stall(size_t, const Interval&) override { maybe_throw(stall); }
  void on_word(size_t, int64_t, int64_t read) override { maybe_throw(read < 0 ? held_word : word); }
  void on_end(const SimResult&) override { maybe_throw(end); }
};

TEST_CASE("a listener that throws stops the run with an error naming it, not a unit", "[sim][listener]") {
  for (const Thrower::Kind kind : {Thrower::begin, Thrower::stall, Thrower::word, Thrower::held_word, Thrower::end}) {
    CAPTURE(static_cast<int>(kind));
    // QD=1 stalls the taps; the step bound leaves words held at the end.
    const Region region = example_region({{"N", 4}, {"K", 30}, {"QD", 1}});
    auto work = example::workload(region, 1);
    REQUIRE(work.ok());
    Recorder before;
    Thrower thrower(kind);
    Recorder after;
    SimOptions options;
    options.max_steps = 500;
    options.listeners = {&before, &thrower, &after};
    auto run = simulate(region, work.value().inputs, options);
    REQUIRE(run.ok());
    const SimResult& r = run.value();
    CHECK(r.outcome == SimResult::error);
    REQUIRE(r.errors.errors().size() == 1);
    CHECK(r.errors.to_string() == "error[listener-threw] SimOptions::listeners[1]: threw: listener fault\n");
    // Nothing is told after the fault: the next listener missed that event too.
    CHECK(after.ends == 0);
    CHECK(before.ends == (kind == Thrower::end ? 1 : 0));
  }
}

}  // namespace
}  // namespace loom
