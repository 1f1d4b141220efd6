// How long the ISA machinery takes: `loom gen-isa --check` (load the spec,
// regenerate both files and diff them, hold the design to the spec) and the
// validation of the generated program suite. Each figure is the median of
// kRuns runs.
//
//   ./bazelw run -c opt //bench:isa_check
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "machines/tinytpu/assembler.h"
#include "machines/tinytpu/build.h"
#include "machines/tinytpu/gen_isa.h"
#include "machines/tinytpu/isa_dsl.h"
#include "machines/tinytpu/isa_files.h"

namespace {

constexpr int kRuns = 5;

template <class F>
double median_seconds(F&& f) {
  std::vector<double> times;
  for (int i = 0; i < kRuns; ++i) {
    const auto start = std::chrono::steady_clock::now();
    f();
    times.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

}  // namespace

int main() {
  using namespace loom::tinytpu;
  const char* workspace = std::getenv("BUILD_WORKSPACE_DIRECTORY");
  const std::string root = workspace ? workspace : ".";
  bool ok = true;
  const double check = median_seconds([&] {
    ok = ok && check_isa(root, root + "/" + std::string(kSpecPath)).ok();
  });
  std::printf("gen-isa --check        %8.4f s   %s\n", check, ok ? "ISA OK" : "FAILED");

  for (const auto& [T, MAXDIM] : {std::pair{4, 16}, std::pair{8, 64}}) {
    const isa::Params p = build_at(T, MAXDIM);
    const std::vector<Program> suite = program_suite(p);
    size_t accepted = 0;
    const double seconds = median_seconds([&] {
      accepted = 0;
      for (const Program& program : suite) accepted += assemble(program, p).ok();
    });
    std::printf("validate %zu programs %8.4f s   T=%d MAXDIM=%d, %zu accepted\n", suite.size(), seconds, T, MAXDIM,
                accepted);
    ok = ok && accepted == suite.size();
  }
  return ok ? 0 : 1;
}
