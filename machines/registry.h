// The machines the command line can name.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.h"
#include "compose/architecture.h"
#include "machines/workload.h"
#include "units/parameter_set.h"

namespace loom {

struct MachineEntry {
  std::string name;
  std::string summary;
  // Builds the architecture for a configuration; a type-level parameter in the
  // overrides (e.g. T) picks the instantiation, the rest are resolved by compose().
  std::function<Result<Architecture>(const Overrides&)> architecture;
  // Inputs for a region this machine composed, and the check of its outputs.
  std::function<Result<Workload>(const Region&, uint64_t seed)> workload;
};

const std::vector<MachineEntry>& machines();

// The machine called `name`, or an unknown-machine error listing the known ones.
Result<const MachineEntry*> find_machine(std::string_view name);

}  // namespace loom
