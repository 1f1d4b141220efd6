#include "machines/registry.h"

#include "machines/dottree/commands.h"
#include "machines/dottree/dottree.h"
#include "machines/example/example.h"
#include "machines/tinytpu/commands.h"
#include "machines/tinytpu/hls.h"
#include "machines/tinytpu/tinytpu.h"

namespace loom {
namespace {

// The testbench of a machine with one workload: it, at seeds 0 and 1.
Result<std::vector<hls::TestRun>> workload_runs(const Region& region) {
  std::vector<hls::TestRun> runs;
  for (uint64_t seed : {0, 1}) {
    auto work = example::workload(region, seed);
    if (!work.ok()) return work.status();
    runs.push_back({work.value().description, std::move(work.value().inputs), std::move(work.value().expected)});
  }
  return runs;
}

Result<std::vector<hls::Dependence>> no_claims(const Region&, const std::string&) { return std::vector<hls::Dependence>{}; }

}  // namespace

const std::vector<MachineEntry>& machines() {
  static const std::vector<MachineEntry> all = {
      {"example", "a loader, a chain of N FIR taps and a store", [](const Overrides& o) { return example::architecture(o); },
       example::workload, workload_runs, no_claims},
      {"tinytpu", "an int8 instruction-programmable tiled-GEMM accelerator: 2*T*T + 6 processes",
       [](const Overrides& o) { return tinytpu::architecture(o); }, tinytpu::default_workload, tinytpu::hls_runs,
       tinytpu::hls_dependences, tinytpu::verbs()},
      {"dottree", "an adder-tree reduction read at two taps, EXACT int8 or ROUNDING float32: 3 processes",
       [](const Overrides& o) { return dottree::architecture(o); }, dottree::workload, dottree::hls_runs, no_claims,
       dottree::verbs()},
  };
  return all;
}

Result<const MachineEntry*> find_machine(std::string_view name) {
  std::string known;
  for (const MachineEntry& m : machines()) {
    if (m.name == name) return &m;
    known += (known.empty() ? "" : ", ") + m.name;
  }
  return Error{"unknown-machine", "machine '" + std::string(name) + "'", "is not known; the machines are " + known};
}

}  // namespace loom
