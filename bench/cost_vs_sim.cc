// TinyTPU's static cost against its simulation on stress's random valid
// programs that no test holds, so that the estimate's band can be measured on
// programs it was never revised on: for each seed in [--from, --to), the gap
// (estimate - simulated) / simulated, then how many fall within 5%, the worst,
// and every one outside 5% by name.
//
//   ./bazelw run -c opt //bench:cost_vs_sim -- --from 210 --to 510
#include <CLI/CLI.hpp>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "compose/sim/simulator.h"
#include "machines/tinytpu/action_model.h"
#include "machines/tinytpu/build.h"
#include "machines/tinytpu/gates.h"
#include "machines/tinytpu/isa_dsl.h"
#include "machines/tinytpu/tinytpu.h"
#include "machines/tinytpu/isa_files.h"
#include "spec/isa_spec.h"

int main(int argc, char** argv) {
  using namespace loom;
  using namespace loom::tinytpu;
  CLI::App app{"TinyTPU's static cost against simulation on random valid programs"};
  uint64_t from = 210, to = 510;
  int64_t T = isa::kDefaults.T, MAXDIM = isa::kDefaults.MAXDIM;
  app.add_option("--from", from, "first seed");
  app.add_option("--to", to, "one past the last seed");
  app.add_option("--T", T, "the array's side");
  app.add_option("--MAXDIM", MAXDIM, "the largest matrix side");
  CLI11_PARSE(app, argc, argv);
  const char* workspace = std::getenv("BUILD_WORKSPACE_DIRECTORY");
  const std::string root = workspace ? workspace : ".";
  const Overrides overrides = {{"T", T}, {"MAXDIM", MAXDIM}};
  auto arch = architecture(overrides);
  if (!arch.ok()) return std::fprintf(stderr, "%s\n", arch.status().to_string().c_str()), 2;
  auto region = arch.value().compose(overrides);
  if (!region.ok()) return std::fprintf(stderr, "%s\n", region.status().to_string().c_str()), 2;
  const isa::Params p = isa_params(region.value());
  auto spec = spec::load_spec_file(root + "/" + std::string(kSpecPath));
  if (!spec.ok()) return std::fprintf(stderr, "%s\n", spec.status().to_string().c_str()), 2;
  auto model = action_model(spec.value(), p);
  auto structure = composed_structure(p);
  if (!model.ok() || !structure.ok()) return std::fprintf(stderr, "no action model at this build\n"), 2;
  int runs = 0, within = 0;
  double worst = 0;
  uint64_t worst_seed = from;
  for (uint64_t seed = from; seed < to; ++seed) {
    auto assembled = assemble(random_program(seed, p), p);
    if (!assembled.ok()) return std::fprintf(stderr, "%s\n", assembled.status().to_string().c_str()), 1;
    const Cost c = cost(model.value(), assembled.value(), structure.value());
    auto work = program_workload(region.value(), assembled.value(), random_operands(p, seed, -128, 127, true));
    if (!work.ok()) return std::fprintf(stderr, "%s\n", work.status().to_string().c_str()), 1;
    auto sim = simulate(region.value(), work.value().inputs);
    if (!sim.ok() || !sim.value().ok() || !work.value().check(sim.value().arguments).ok())
      return std::fprintf(stderr, "random_program(%llu) did not simulate exactly\n", static_cast<unsigned long long>(seed)), 1;
    const double gap = static_cast<double>(c.estimate - sim.value().cycles) / static_cast<double>(sim.value().cycles);
    ++runs;
    within += std::abs(gap) <= 0.05;
    if (std::abs(gap) > 0.05)
      std::printf("random_program(%llu): simulated %lld, estimated %lld, gap %+.2f%%\n",
                  static_cast<unsigned long long>(seed), static_cast<long long>(sim.value().cycles),
                  static_cast<long long>(c.estimate), 100.0 * gap);
    if (std::abs(gap) > std::abs(worst)) worst = gap, worst_seed = seed;
  }
  std::printf("T=%lld MAXDIM=%lld, random programs %llu to %llu: %d programs, %d within 5%%, worst %+.2f%% "
              "(random_program(%llu))\n",
              static_cast<long long>(p.T), static_cast<long long>(p.MAXDIM), static_cast<unsigned long long>(from),
              static_cast<unsigned long long>(to - 1), runs, within, 100.0 * worst,
              static_cast<unsigned long long>(worst_seed));
  return 0;
}
