#include "machines/tinytpu/hls.h"

#include "machines/tinytpu/action_model.h"
#include "machines/tinytpu/build.h"
#include "machines/tinytpu/gates.h"
#include "machines/tinytpu/isa_files.h"
#include "machines/tinytpu/tinytpu.h"
#include "spec/isa_spec.h"

namespace loom::tinytpu {

Result<std::vector<hls::TestRun>> hls_runs(const Region& region) {
  const isa::Params p = isa_params(region);
  std::vector<hls::TestRun> runs;
  Status status;
  for (const GateCase& c : bench_cases(p)) {
    if (!c.program.ok()) {
      status.merge(c.program.status());
      continue;
    }
    auto assembled = assemble(c.program.value(), p);
    if (!assembled.ok()) {
      status.merge(assembled.status());
      continue;
    }
    auto work = program_workload(region, assembled.value(), c.initial);
    if (!work.ok()) {
      status.merge(work.status());
      continue;
    }
    runs.push_back({c.run.name, std::move(work.value().inputs), std::move(work.value().expected)});
  }
  if (!status.ok()) return status;
  return runs;
}

Result<std::vector<hls::Dependence>> hls_dependences(const Region& region, const std::string& root) {
  auto spec = spec::load_spec_file(root + "/" + std::string(kSpecPath));
  if (!spec.ok()) return spec.status();
  auto model = action_model(spec.value(), build_of(region.params));
  if (!model.ok()) return model.status();
  std::vector<hls::Dependence> out;
  for (const actions::Obligation& claim : model.value().machine.claims)
    if (!claim.memory.empty()) out.push_back({claim.where, claim.memory, claim.claim, claim.reason, claim.discharged_under});
  return out;
}

}  // namespace loom::tinytpu
