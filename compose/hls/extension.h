// What a machine gives the HLS backend beside its composed region: the runs
// its testbench drives through the kernel, and its claims on its units'
// memories. The backend defines it; a machine registers one
// (ExtensionRegistration, machines/registry.h), so the machine registry holds
// no field of any backend's.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "common/status.h"
#include "compose/hls/project.h"
#include "compose/region.h"

namespace loom::hls {

struct Extension {
  // The testbench's runs, each with every output element expected.
  std::function<Result<std::vector<TestRun>>(const Region&)> runs;
  // The machine's dependence claims as pragmas; `root` is the workspace, where
  // a machine's spec lives. Empty: it claims nothing.
  std::function<Result<std::vector<Dependence>>(const Region&, const std::string& root)> dependences = {};
};

}  // namespace loom::hls
