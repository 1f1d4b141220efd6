// The example machine simulated end to end: bit-exact against the plain C++
// reference at every built T, deterministic across runs and host threads, at
// 1,000+ instances, with a trace that holds one track per process.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <map>
#include <set>
#include <thread>

#include "compose/sim/chrome_trace.h"
#include "compose/sim/simulator.h"
#include "machines/example/example.h"

namespace loom {
namespace {

struct Run {
  Region region;
  SimResult result;
  Status check;
  std::string trace;  // what a subscribed TraceView rendered
  // Each channel element's words as the view saw them: (written, read) cycles.
  std::vector<std::vector<std::pair<int64_t, int64_t>>> words;
};

Run run_example(const Overrides& overrides, uint64_t seed = 0) {
  auto arch = example::architecture(overrides);
  REQUIRE(arch.ok());
  auto region = arch.value().compose(overrides);
  REQUIRE(region.ok());
  auto work = example::workload(region.value(), seed);
  REQUIRE(work.ok());
  TraceView trace;
  SimOptions options;
  options.listeners = {&trace};
  auto result = simulate(region.value(), work.value().inputs, options);
  REQUIRE(result.ok());
  INFO(result.value().summary());
  REQUIRE(result.value().ok());
  std::vector<std::vector<std::pair<int64_t, int64_t>>> words;
  for (size_t c = 0; c < region.value().channels.size(); ++c) words.push_back(trace.words(c));
  return {region.value(), result.value(), work.value().check(result.value().arguments), trace.text(), words};
}

TEST_CASE("the simulated example matches the reference bit for bit", "[sim]") {
  for (int64_t n : {1, 3, 8})
    for (int64_t k : {1, 17}) {
      INFO("N=" << n << " K=" << k);
      const Run r = run_example({{"N", n}, {"K", k}}, static_cast<uint64_t>(n * 100 + k));
      CHECK(r.check.to_string() == "");
    }
  for (int64_t t : {8, 16, 32}) {
    INFO("T=" << t);
    const Run r = run_example({{"T", t}, {"N", 5}, {"K", 9}, {"QD", 1}});
    CHECK(r.check.to_string() == "");
  }
}

TEST_CASE("a wrong result is caught: the check is not blind", "[sim]") {
  Run r = run_example({{"N", 4}, {"K", 6}});
  REQUIRE(r.check.ok());
  auto work = example::workload(r.region, 0);
  Buffer& y = r.result.arguments.at("Y");
  y.row(3)[0] ^= 1;  // one bit of one lane of one row
  const Status broken = work.value().check(r.result.arguments);
  REQUIRE(broken.errors().size() == 1);
  CHECK(broken.errors()[0].where == "argument 'Y' row 3 lane 0");
}

TEST_CASE("cycle counts are the same across runs and across host threads", "[sim]") {
  const Overrides config = {{"N", 12}, {"K", 40}, {"QD", 1}};
  const Run first = run_example(config);
  const Run again = run_example(config);
  CHECK(first.result.cycles == again.result.cycles);
  CHECK(first.result.arguments.at("Y") == again.result.arguments.at("Y"));
  for (size_t p = 0; p < first.result.processes.size(); ++p)
    CHECK(first.result.processes[p].finish == again.result.processes[p].finish);

  // The simulator uses no threads of its own; runs on several host threads at
  // once must not see each other.
  std::vector<int64_t> cycles(4, -1);
  std::vector<std::thread> threads;
  for (size_t t = 0; t < cycles.size(); ++t)
    threads.emplace_back([&, t] {
      auto arch = example::architecture(config);
      auto region = arch.value().compose(config);
      auto work = example::workload(region.value(), 0);
      auto result = simulate(region.value(), work.value().inputs);
      cycles[t] = result.ok() && result.value().ok() ? result.value().cycles : -1;
    });
  for (std::thread& t : threads) t.join();
  for (int64_t c : cycles) CHECK(c == first.result.cycles);
}

TEST_CASE("the example runs with more than 1,000 instances", "[sim]") {
  const Run r = run_example({{"N", 1000}, {"K", 3}});
  CHECK(r.region.processes.size() == 1002);
  CHECK(r.check.to_string() == "");
}

TEST_CASE("the trace is JSON with one named track per process", "[sim]") {
  const Run r = run_example({{"N", 6}, {"K", 10}});
  const auto trace = nlohmann::json::parse(r.trace);
  std::set<int> tracks, with_events;
  for (const auto& e : trace.at("traceEvents")) {
    if (e.at("name") == "thread_name") tracks.insert(e.at("tid").get<int>());
    if (e.at("ph") == "X") {
      with_events.insert(e.at("tid").get<int>());
      CHECK(e.at("dur").get<int64_t>() > 0);
    }
  }
  CHECK(tracks.size() == r.region.processes.size());
  CHECK(with_events == tracks);
  CHECK(trace.at("otherData").at("cycles").get<int64_t>() == r.result.cycles);
}

// The words channel array `name` holds at the end of `cycle`: those written
// by then, less those read by then, over its elements.
int64_t held_at(const Run& r, const std::string& name, int64_t cycle) {
  int64_t held = 0;
  for (size_t c = 0; c < r.region.channels.size(); ++c)
    if (r.region.channels[c].name == name)
      for (const auto& [written, read] : r.words[c]) held += (written <= cycle ? 1 : 0) - (read >= 0 && read <= cycle ? 1 : 0);
  return held;
}

TEST_CASE("the trace counts the words in each channel array over time, as the run's statistics do", "[sim]") {
  const Run r = run_example({{"N", 1}, {"K", 40}, {"QD", 3}});  // one tap: each array has one element, a FIFO
  const auto trace = nlohmann::json::parse(r.trace);
  std::map<std::string, std::vector<std::pair<int64_t, int64_t>>> tracks;  // name -> (cycle, words)
  for (const auto& e : trace.at("traceEvents"))
    if (e.at("ph") == "C") tracks[e.at("name")].push_back({e.at("ts"), e.at("args").at("words")});
  REQUIRE(tracks.count("words in x_chain"));
  REQUIRE(tracks.count("words in p_chain"));
  for (const ChannelStats& c : r.result.channels) {
    const std::string& name = r.region.channels[static_cast<size_t>(&c - r.result.channels.data())].name;
    const auto& track = tracks.at("words in " + name);
    int64_t most = 0, last_cycle = -1;
    for (const auto& [cycle, words] : track) {
      CHECK(cycle > last_cycle);  // one sample a cycle, in order
      CHECK(words == held_at(r, name, cycle));
      CHECK(words <= c.depth);
      most = std::max(most, words);
      last_cycle = cycle;
    }
    INFO(c.label);
    // A sample at cycle 0 and at every cycle a word came or went, no other.
    std::set<int64_t> changes = {0};
    for (const auto& [written, read] : r.words[static_cast<size_t>(&c - r.result.channels.data())]) {
      changes.insert(written);
      if (read >= 0) changes.insert(read);
    }
    std::set<int64_t> sampled;
    for (const auto& sample : track) sampled.insert(sample.first);
    CHECK(sampled == changes);
    CHECK(most == c.max_occupancy);
    CHECK(track.back().second == c.left);
  }
}

}  // namespace
}  // namespace loom
