#include "machines/tinytpu/hls.h"

#include "machines/tinytpu/action_model.h"
#include "machines/tinytpu/build.h"
#include "machines/tinytpu/gates.h"
#include "machines/tinytpu/isa_dsl.h"
#include "machines/tinytpu/isa_files.h"
#include "machines/tinytpu/tinytpu.h"
#include "spec/isa_spec.h"

namespace loom::tinytpu {

// bench's cases (both layouts), then each of its row-major GEMMs again on
// full-range operands (what shows a datapath narrower than its declaration),
// the clip and ReLU edges, and the vector program.
std::vector<GateCase> hls_cases(const isa::Params& p) {
  std::vector<GateCase> cases = bench_cases(p);
  uint64_t seed = 1;
  for (size_t i = 0, bench = cases.size(); i < bench; ++i) {
    const GateRun& r = cases[i].run;
    if (r.m == 0 || r.layout != Layout::row_major) continue;
    GateCase full = gemm_case(r.m, r.k, r.n, r.relu, r.form, seed, random_operands(p, seed, -128, 127, true));
    full.run.name += " full-range";
    cases.push_back(std::move(full));
    ++seed;
  }
  for (GateCase& c : edge_cases(p, seed)) cases.push_back(std::move(c));
  seed += 2;
  // The vector opcodes GEMM does not use (vaddrelu among them), full range.
  GateCase vector{{}, vector_program(p.AR_RAW_DIST, p), random_operands(p, seed, -128, 127, true)};
  vector.run.name = "vector_program(" + std::to_string(p.AR_RAW_DIST) + ") full-range";
  cases.push_back(std::move(vector));
  return cases;
}

Result<std::vector<hls::TestRun>> hls_runs(const Region& region) {
  const isa::Params p = isa_params(region);
  std::vector<hls::TestRun> runs;
  Status status;
  for (const GateCase& c : hls_cases(p)) {
    // A case this build cannot hold (vadd_program needs M >= AR_RAW_DIST) is
    // left out, as bench reports it; any other error is the build's.
    if (!c.program.ok()) {
      if (c.program.errors()[0].kind != "bad-shape") status.merge(c.program.status());
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
  if (runs.empty()) return Error{"hls-test-run", "tinytpu", "no bench program fits this build, so the testbench has nothing to run"};
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
