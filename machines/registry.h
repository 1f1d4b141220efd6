// The machines the command line can name.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.h"
#include "compose/architecture.h"

namespace loom {

struct MachineEntry {
  std::string name;
  std::string summary;
  std::function<Architecture()> architecture;
};

const std::vector<MachineEntry>& machines();

// The machine called `name`, or an unknown-machine error listing the known ones.
Result<const MachineEntry*> find_machine(std::string_view name);

}  // namespace loom
