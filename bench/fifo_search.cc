// FIFO sizing's speed, against the simulation it replaces: for TinyTPU at
// T=4 over its testbench runs (bench's cases and more) and for the example
// at 260 processes, one coupled simulation of the whole workload, then the
// whole search (recording and re-timing, compose/sim/fifo_search.h); the
// ratio of the two, re-timings a second and trace bytes a step. Then scale:
// TinyTPU at T=64 (8,198 processes) on a 64x64x64 GEMM, coupled and traced,
// with the peak memory of each. Wall and CPU time, medians over --rounds.
//
//   bazel run -c opt //bench:fifo_search -- [--rounds N]
#include <CLI/CLI.hpp>

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "bench/cpu_time.h"
#include "compose/sim/fifo_search.h"
#include "compose/sim/trace_engine.h"
#include "machines/registry.h"

namespace loom {
namespace {

struct Seconds {
  double wall = 0, cpu = 0;
};

Seconds timed(const std::function<void()>& f) {
  const auto w = std::chrono::steady_clock::now();
  const double c = bench::cpu_seconds();
  f();
  return {std::chrono::duration<double>(std::chrono::steady_clock::now() - w).count(), bench::cpu_seconds() - c};
}

Seconds median(std::vector<Seconds> v) {
  std::sort(v.begin(), v.end(), [](const Seconds& a, const Seconds& b) { return a.wall < b.wall; });
  return v[v.size() / 2];
}

long peak_rss_mib() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss / 1024;
}

struct Workload {
  Region region;
  std::vector<Inputs> runs;
};

Workload load(const std::string& machine, const Overrides& overrides) {
  const MachineEntry& m = *find_machine(machine).value();
  auto arch = m.architecture(overrides);
  if (!arch.ok()) std::fprintf(stderr, "%s", arch.status().to_string().c_str()), std::exit(1);
  auto region = arch.value().compose(overrides);
  if (!region.ok()) std::fprintf(stderr, "%s", region.status().to_string().c_str()), std::exit(1);
  Workload w{std::move(region.value()), {}};
  auto runs = hls_extension(m).runs(w.region);
  if (!runs.ok()) std::fprintf(stderr, "%s", runs.status().to_string().c_str()), std::exit(1);
  for (const hls::TestRun& r : runs.value()) w.runs.push_back(r.inputs);
  return w;
}

void search_against_simulation(const char* name, const Workload& w, int rounds) {
  std::vector<Seconds> coupled, searched;
  int64_t steps = 0;
  FifoSearch last;
  for (int i = 0; i < rounds; ++i) {
    coupled.push_back(timed([&] {
      steps = 0;
      for (const Inputs& in : w.runs) {
        auto r = simulate(w.region, in);
        if (!r.ok() || !r.value().ok()) std::fprintf(stderr, "%s: a run fails\n", name), std::exit(1);
        steps += r.value().steps;
      }
    }));
    searched.push_back(timed([&] {
      auto s = search_fifo_depths(w.region, w.runs);
      if (!s.ok()) std::fprintf(stderr, "%s", s.status().to_string().c_str()), std::exit(1);
      last = s.value();
    }));
  }
  const Seconds c = median(coupled), s = median(searched);
  std::printf("%-34s %5zu runs %8lld steps | coupled %8.4f s | search %8.4f s (record %.4f, re-time %.4f) | "
              "ratio %5.2fx wall %5.2fx cpu | %4lld assignments, %5lld run re-timings, %7.0f re-timings/s | "
              "%.2f trace bytes/step\n",
              name, w.runs.size(), static_cast<long long>(steps), c.wall, s.wall, last.record_seconds,
              last.search_seconds, s.wall / c.wall, s.cpu / c.cpu, static_cast<long long>(last.retimings),
              static_cast<long long>(last.run_retimings),
              static_cast<double>(last.run_retimings) / std::max(last.search_seconds, 1e-9),
              static_cast<double>(last.trace_bytes) / static_cast<double>(last.steps));
}

void scale() {
  const MachineEntry& m = *find_machine("tinytpu").value();
  const Overrides o = {{"T", 64}, {"MAXDIM", 64}};
  auto arch = m.architecture(o);
  auto region = arch.value().compose(o);
  if (!region.ok()) std::fprintf(stderr, "%s", region.status().to_string().c_str()), std::exit(1);
  auto work = m.workload(region.value(), 0);
  if (!work.ok()) std::fprintf(stderr, "%s", work.status().to_string().c_str()), std::exit(1);
  std::printf("\nscale: tinytpu T=64, %zu processes, %zu channels; %s\n", region.value().processes.size(),
              region.value().channels.size(), work.value().description.c_str());
  SimResult coupled;
  const Seconds c = timed([&] { coupled = simulate(region.value(), work.value().inputs).value(); });
  const Status exact = coupled.ok() ? work.value().check(coupled.arguments) : Status();
  std::printf("  coupled:      %8.3f s wall, %8.3f s cpu, %lld cycles, %lld steps, %s; peak RSS %ld MiB\n", c.wall, c.cpu,
              static_cast<long long>(coupled.cycles), static_cast<long long>(coupled.steps),
              coupled.ok() && exact.ok() ? "bit-exact" : "NOT EXACT", peak_rss_mib());
  RecordedRun recorded;
  const Seconds r = timed([&] { recorded = record_run(region.value(), work.value().inputs, {}); });
  std::printf("  record:       %8.3f s wall, %zu trace bytes (%.2f a step); peak RSS %ld MiB\n", r.wall,
              recorded.trace_bytes(), static_cast<double>(recorded.trace_bytes()) / static_cast<double>(recorded.unbounded.steps),
              peak_rss_mib());
  std::optional<SimResult> timed_run;
  const Seconds t = timed([&] { timed_run = time_trace(region.value(), recorded, {}); });
  std::printf("  re-time:      %8.3f s wall, %lld cycles (coupled: %lld), %s; peak RSS %ld MiB\n", t.wall,
              static_cast<long long>(timed_run ? timed_run->cycles : -1), static_cast<long long>(coupled.cycles),
              timed_run && timed_run->cycles == coupled.cycles && timed_run->steps == coupled.steps ? "the same run"
                                                                                                   : "DIFFERENT",
              peak_rss_mib());
}

}  // namespace
}  // namespace loom

int main(int argc, char** argv) {
  CLI::App app{"FIFO sizing's speed against one coupled simulation, and TinyTPU at T=64"};
  int rounds = 5;
  bool skip_scale = false;
  app.add_option("--rounds", rounds, "rounds; each figure is the median")->check(CLI::Range(1, 1000));
  app.add_flag("--no-scale", skip_scale, "leave out the T=64 run");
  CLI11_PARSE(app, argc, argv);
  using namespace loom;
  std::printf("one coupled simulation of the workload, against the whole FIFO search (record + re-time), medians of %d\n",
              rounds);
  search_against_simulation("tinytpu T=4, testbench runs", load("tinytpu", {}), rounds);
  search_against_simulation("example, 260 processes", load("example", {{"N", 258}}), rounds);
  if (!skip_scale) scale();
  return 0;
}
