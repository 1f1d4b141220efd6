#include "machines/dottree/gates.h"

#include "machines/dottree/action_model.h"
#include "machines/dottree/dottree.h"

namespace loom::dottree {

Status check_run(const Region& region, const Workload& work, const ArgumentContents& simulated) {
  Status check = work.check(simulated);
  auto model = checked_model(region, model_of);
  if (!model.ok()) check.merge(model.status());
  else check.merge(conform_workload(model.value(), work, &simulated));
  return check;
}

GateRun gate_run(const Overrides& overrides, uint64_t seed, const SimOptions& options) {
  GateRun r;
  for (const auto& [name, value] : overrides) r.name += name + "=" + std::to_string(value) + " ";
  r.name += "seed " + std::to_string(seed);
  auto arch = architecture(overrides);
  if (!arch.ok()) return r.failure = arch.status(), r;
  auto region = arch.value().compose(overrides);
  if (!region.ok()) return r.failure = region.status(), r;
  auto work = workload(region.value(), seed);
  if (!work.ok()) return r.failure = work.status(), r;
  auto sim = simulate(region.value(), work.value().inputs, options);
  if (!sim.ok()) return r.failure = sim.status(), r;
  r.cycles = sim.value().cycles;
  if (!sim.value().ok()) {
    r.failure.add("sim-incomplete", "run '" + r.name + "'", sim.value().summary());
    return r;
  }
  r.failure = check_run(region.value(), work.value(), sim.value().arguments);
  r.exact = r.failure.ok();
  return r;
}

std::vector<std::pair<Overrides, uint64_t>> bench_runs() {
  std::vector<std::pair<Overrides, uint64_t>> runs;
  for (int64_t numerics : {kExact, kRounding})
    for (uint64_t seed : {0, 1}) runs.push_back({{{"NUMERICS", numerics}}, seed});
  return runs;
}

std::vector<std::pair<Overrides, uint64_t>> stress_runs() {
  std::vector<std::pair<Overrides, uint64_t>> runs;
  for (const BuildKey& key : Built::keys)
    for (int64_t rows : {1, 16, 37})
      for (uint64_t seed : {0, 1, 2})
        runs.push_back(
            {{{"NUMERICS", key.numerics}, {"RED_LANES", key.lanes}, {"RED_IN_BITS", key.in_bits}, {"ROWS", rows}}, seed});
  return runs;
}

}  // namespace loom::dottree
