// Simulates one fixed workload two ways and prints process-steps per second for
// each: Loom's cooperative simulator, and a thread-per-process baseline (the
// Allo OpenMP approach). A step is one channel, memory or argument access by a
// process. The workload is the example machine (a chain of N FIR taps), sized to
// about 40 and about 260 processes. Each figure is the median of kRuns runs: a
// shared 2-core machine varies by half from run to run.
//
//   ./bazelw run -c opt //bench:sim_throughput
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string_view>

#include "bench/thread_baseline.h"
#include "compose/sim/simulator.h"
#include "machines/example/example.h"

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

constexpr int kRuns = 3;

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// --sim-only skips the baseline, for profiling the simulator alone.
bool sim_only = false;

int measure(int64_t processes, int64_t samples) {
  using namespace loom;
  const Overrides config = {{"N", processes - 2}, {"K", samples}, {"QD", 2}};
  auto region = example::architecture(config).value().compose(config);
  if (!region.ok()) {
    std::fprintf(stderr, "%s", region.status().to_string().c_str());
    return 1;
  }
  auto work = example::workload(region.value(), 0);

  SimOptions options;
  std::vector<double> sim_times;
  SimResult last;
  for (int run = 0; run < kRuns; ++run) {
    auto start = std::chrono::steady_clock::now();
    auto sim = simulate(region.value(), work.value().inputs, options);
    sim_times.push_back(seconds_since(start));
    if (!sim.ok() || !sim.value().ok() || !work.value().check(sim.value().arguments).ok()) {
      std::fprintf(stderr, "the simulator did not reproduce the reference\n");
      return 1;
    }
    last = std::move(sim.value());
  }
  const double sim_seconds = median(sim_times);

  if (sim_only) {
    std::printf("%9lld %9lld %12lld %16.0f\n", static_cast<long long>(processes), static_cast<long long>(samples),
                static_cast<long long>(last.steps), static_cast<double>(last.steps) / sim_seconds);
    return 0;
  }
  std::vector<double> thread_times;
  bool agree = true;
  for (int run = 0; run < kRuns; ++run) {
    auto start = std::chrono::steady_clock::now();
    const ThreadedRun threaded = run_threaded(region.value(), work.value().inputs);
    thread_times.push_back(seconds_since(start));
    agree = agree && threaded.arguments.at("Y") == last.arguments.at("Y") && threaded.steps == last.steps;
  }
  const double thread_seconds = median(thread_times);

  const double sim_rate = static_cast<double>(last.steps) / sim_seconds;
  const double thread_rate = static_cast<double>(last.steps) / thread_seconds;
  std::printf("%9lld %9lld %12lld %16.0f %16.0f %8.1fx  %s\n", static_cast<long long>(processes),
              static_cast<long long>(samples), static_cast<long long>(last.steps), sim_rate, thread_rate,
              sim_rate / thread_rate, agree ? "outputs agree" : "OUTPUTS DIFFER");
  return agree ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  sim_only = argc > 1 && std::string_view(argv[1]) == "--sim-only";
  std::printf("%9s %9s %12s %16s %16s %9s\n", "processes", "samples", "steps", "sim steps/s", "thread steps/s",
              "ratio");
  int failures = 0;
  failures += measure(40, 40000);
  failures += measure(260, 4000);
  return failures;
}
