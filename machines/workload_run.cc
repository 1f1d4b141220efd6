#include "machines/workload_run.h"

#include <utility>

namespace loom {

Result<Region> compose_for(const Result<Architecture>& architecture, const Overrides& overrides) {
  if (!architecture.ok()) return architecture.status();
  return architecture.value().compose(overrides);
}

Result<WorkloadRun> run_workload(const Region& region, const Workload& work, const std::string& where,
                                 const SimOptions& options) {
  auto sim = simulate(region, work.inputs, options);
  if (!sim.ok()) return sim.status();
  WorkloadRun run{std::move(sim).value(), {}};
  if (!run.sim.ok()) run.check.add("sim-incomplete", where, run.sim.summary());
  else run.check = work.check(run.sim.arguments);
  return run;
}

}  // namespace loom
