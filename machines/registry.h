// The machines the command line can name.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.h"
#include "compose/architecture.h"
#include "compose/hls/project.h"
#include "machines/verbs.h"
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
  // The runs the HLS testbench drives through the kernel, each with every
  // output element expected.
  std::function<Result<std::vector<hls::TestRun>>(const Region&)> hls_runs;
  // The machine's claims on its units' memories, as HLS dependence pragmas;
  // `root` is the workspace, where a machine's spec lives.
  std::function<Result<std::vector<hls::Dependence>>(const Region&, const std::string& root)> hls_dependences;
  // What else it offers on the command line.
  MachineVerbs verbs = {};
};

const std::vector<MachineEntry>& machines();

// The machine called `name`, or an unknown-machine error listing the known ones.
Result<const MachineEntry*> find_machine(std::string_view name);

}  // namespace loom
