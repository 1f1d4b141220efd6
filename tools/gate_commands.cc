#include "tools/gate_commands.h"

#include <chrono>
#include <cstdio>
#include <map>
#include <tuple>

#include "machines/tinytpu/build.h"
#include "machines/tinytpu/gates.h"
#include "tools/report.h"

namespace loom {
namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::string config(const Overrides& overrides) {
  std::string out;
  for (const auto& [k, v] : overrides) out += " " + k + "=" + std::to_string(v);
  return out.empty() ? " (defaults: T=4 MAXDIM=16)" : out;
}

void print_failure(const tinytpu::GateRun& r) {
  std::printf("  FAIL  %-40s seed %llu\n", r.name.c_str(), static_cast<unsigned long long>(r.seed));
  std::string detail = r.failure;
  size_t pos = 0;
  for (int lines = 0; pos < detail.size() && lines < 6; ++lines) {
    const size_t eol = std::min(detail.find('\n', pos), detail.size());
    std::printf("        %s\n", detail.substr(pos, eol - pos).c_str());
    pos = eol + 1;
  }
}

}  // namespace

int bench_command(const Overrides& overrides) {
  const auto start = std::chrono::steady_clock::now();
  auto runs = tinytpu::bench(overrides);
  if (!runs.ok()) return report(runs.status());
  std::printf("bench%s: operands in [-4, 4], seed 0; every run's C compared in full with the reference model\n",
              config(overrides).c_str());
  int failed = 0;
  for (const tinytpu::GateRun& r : runs.value()) {
    if (r.exact) std::printf("  EXACT %-40s %7lld cycles\n", r.name.c_str(), static_cast<long long>(r.cycles));
    else print_failure(r);
    failed += !r.exact;
  }
  // The cycle table: simulated cycles beside the published co-simulation row
  // and the MAC limit. References, not targets: the timing is the units' own.
  // Per shape, the cycles of each form: plain and ReLU, looped and flat.
  std::map<std::tuple<int64_t, int64_t, int64_t>, std::map<std::pair<bool, tinytpu::Form>, int64_t>> cycles;
  const tinytpu::isa::Params p = tinytpu::build_from(overrides).value();  // bench accepted these overrides
  const int64_t t = p.T;
  for (const tinytpu::GateRun& r : runs.value())
    if (r.m > 0) cycles[{r.m, r.k, r.n}][{r.relu, r.form}] = r.cycles;
  std::printf("\ncycle table (simulated; the published cosim row and the MAC limit M*K*N/T^2 are references):\n");
  std::printf("  %-10s %8s %8s %8s %8s %10s %10s\n", "MxKxN", "looped", "flat", "relu", "relu flat", "published",
              "MAC limit");
  for (const auto& [shape, by_form] : cycles) {
    const auto [m, k, n] = shape;
    std::string published = "-";
    for (const tinytpu::PublishedRow& row : tinytpu::published_cosim())
      if (row.m == m && row.k == k && row.n == n && t == 4 && p.MAXDIM == 16) published = std::to_string(row.cycles);
    const auto get = [&](bool relu, tinytpu::Form form) {
      auto it = by_form.find({relu, form});
      return it == by_form.end() ? std::string("-") : std::to_string(it->second);
    };
    std::printf("  %-10s %8s %8s %8s %8s %10s %10lld\n",
                (std::to_string(m) + "x" + std::to_string(k) + "x" + std::to_string(n)).c_str(), get(false, tinytpu::Form::looped).c_str(),
                get(false, tinytpu::Form::flat).c_str(), get(true, tinytpu::Form::looped).c_str(),
                get(true, tinytpu::Form::flat).c_str(), published.c_str(),
                static_cast<long long>(m * k * n / (t * t)));
  }
  const size_t total = runs.value().size();
  if (failed == 0) std::printf("\nALL EXACT (%zu runs, %.3f s)\n", total, seconds_since(start));
  else std::printf("\nFAILURES: %d of %zu runs (%.3f s)\n", failed, total, seconds_since(start));
  return failed == 0 ? 0 : 1;
}

int stress_command(const Overrides& overrides) {
  const auto start = std::chrono::steady_clock::now();
  auto runs = tinytpu::stress(overrides);
  if (!runs.ok()) return report(runs.status());
  std::printf("stress%s: full-range operands with -128 and 127 forced, C prefilled and compared in full\n",
              config(overrides).c_str());
  size_t passed = 0;
  for (const tinytpu::GateRun& r : runs.value()) {
    if (r.exact) ++passed;
    else print_failure(r);
  }
  const size_t total = runs.value().size();
  if (passed == total) std::printf("STRESS OK: %zu/%zu (%.3f s)\n", passed, total, seconds_since(start));
  else std::printf("STRESS FAILED: %zu/%zu passed (%.3f s)\n", passed, total, seconds_since(start));
  return passed == total ? 0 : 1;
}

}  // namespace loom
