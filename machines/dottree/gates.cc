#include "machines/dottree/gates.h"

#include "machines/dottree/action_model.h"
#include "machines/dottree/dottree.h"
#include "machines/workload_run.h"

namespace loom::dottree {

namespace {

// The reference, the action executor and the simulated bodies, element by element.
Status conform_run(const Region& region, const Workload& work, const ArgumentContents& simulated) {
  auto model = checked_model(region, model_of);
  if (!model.ok()) return model.status();
  return conform_workload(model.value(), work, &simulated);
}

}  // namespace

Status check_run(const Region& region, const Workload& work, const ArgumentContents& simulated) {
  Status check = work.check(simulated);
  check.merge(conform_run(region, work, simulated));
  return check;
}

GateRun gate_run(const Overrides& overrides, uint64_t seed, const SimOptions& options) {
  GateRun r;
  for (const auto& [name, value] : overrides) r.name += name + "=" + std::to_string(value) + " ";
  r.name += "seed " + std::to_string(seed);
  auto region = compose_for(architecture(overrides), overrides);
  if (!region.ok()) return r.failure = region.status(), r;
  auto work = workload(region.value(), seed);
  if (!work.ok()) return r.failure = work.status(), r;
  auto run = run_workload(region.value(), work.value(), "run '" + r.name + "'", options);
  if (!run.ok()) return r.failure = run.status(), r;
  r.cycles = run.value().sim.cycles;
  r.failure = run.value().check;
  if (!run.value().sim.ok()) return r;
  r.failure.merge(conform_run(region.value(), work.value(), run.value().sim.arguments));
  r.exact = r.failure.ok();
  return r;
}

std::vector<GateRun> nan_controls(uint64_t seed) {
  std::vector<GateRun> out;
  const Overrides rounding = {{"NUMERICS", kRounding}};
  auto region = compose_for(architecture(rounding), rounding);
  auto work = region.ok() ? workload(region.value(), seed) : Result<Workload>(region.status());
  Result<WorkloadRun> run = work.ok() ? run_workload(region.value(), work.value(), "a NaN control") : work.status();
  for (const char* tap : {"S", "H"}) {
    GateRun r;
    r.name = std::string("control: a NaN in ") + tap + ", NUMERICS=1 seed " + std::to_string(seed);
    if (!run.ok() || !run.value().exact()) {
      r.failure = run.ok() ? run.value().check : run.status();
      out.push_back(std::move(r));
      continue;
    }
    ArgumentContents changed = run.value().sim.arguments;
    Buffer& b = changed.at(tap);
    uint64_t& lane = b.row(b.rows() - 1)[0];
    constexpr uint64_t kQuietNan = 0x7fc00000, kOne = 0x3f800000, kLow = 0xffffffff;
    const uint64_t reference = work.value().expected.at(tap).row(b.rows() - 1)[0] & kLow;
    const bool reference_nan = (reference & 0x7f800000) == 0x7f800000 && (reference & 0x7fffff) != 0;
    lane = (lane & ~kLow) | (reference_nan ? kOne : kQuietNan);
    const Status got = check_run(region.value(), work.value(), changed);
    for (const Error& e : got.errors()) r.exact = r.exact || e.kind == "mismatch";
    if (!r.exact)
      r.failure.add("control-accepted", "dottree's bench, " + r.name,
                    "the check accepted a NaN where the reference holds another value" +
                        (got.ok() ? std::string() : ":\n" + got.to_string()));
    out.push_back(std::move(r));
  }
  return out;
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
