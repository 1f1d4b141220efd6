#include "machines/registry.h"

#include "machines/example/example.h"
#include "machines/tinytpu/tinytpu.h"

namespace loom {

const std::vector<MachineEntry>& machines() {
  static const std::vector<MachineEntry> all = {
      {"example", "a loader, a chain of N FIR taps and a store", [](const Overrides& o) { return example::architecture(o); }, example::workload},
      {"tinytpu", "an int8 instruction-programmable tiled-GEMM accelerator: 2*T*T + 6 processes",
       [](const Overrides& o) { return tinytpu::architecture(o); }, tinytpu::default_workload},
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
