#include "machines/registry.h"

#include <cstdio>

#include "machines/dottree/commands.h"
#include "machines/dottree/dottree.h"
#include "machines/example/example.h"
#include "machines/tinytpu/commands.h"
#include "machines/tinytpu/hls.h"
#include "machines/tinytpu/tinytpu.h"

namespace loom {
const std::vector<MachineEntry>& machines() {
  static const std::vector<MachineEntry> all = [] {
    std::vector<MachineEntry> list = {
      {"example", "a loader, a chain of N FIR taps and a store", [](const Overrides& o) { return example::architecture(o); },
       example::workload, workload_runs(example::workload), no_dependences},
      {"tinytpu", "an int8 instruction-programmable tiled-GEMM accelerator: 2*T*T + 6 processes",
       [](const Overrides& o) { return tinytpu::architecture(o); }, tinytpu::default_workload, tinytpu::hls_runs,
       tinytpu::hls_dependences, tinytpu::verbs()},
      {"dottree", "an adder-tree reduction read at two taps, EXACT int8 or ROUNDING float32: 3 processes",
       [](const Overrides& o) { return dottree::architecture(o); }, dottree::workload, dottree::hls_runs, no_dependences,
       dottree::verbs()},
    };
    for (const MachineEntry& m : registered_machines()) {
      bool taken = false;
      for (const MachineEntry& known : list) taken = taken || known.name == m.name;
      if (taken) {
        std::fprintf(stderr, "error[duplicate-machine] machine '%s': registered twice; the later one is left out\n",
                     m.name.c_str());
        continue;
      }
      list.push_back(m);
    }
    return list;
  }();
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
