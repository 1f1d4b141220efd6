// The machines the command line can name.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.h"
#include "compose/architecture.h"
#include "compose/hls/project.h"
#include "machines/model.h"
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
  // Its action model: the instructions and calls it adds to the machine its
  // composition implies (machines/model.h). Every machine gets `project`;
  // one with a model gets `cost` and `conform` too, where it offers none of
  // its own.
  ModelOf model = {};
};

// Every machine the binary offers: each registered itself (MachineRegistration)
// from a library the binary links. They are listed by their registrations'
// `rank`, then by name, whatever order the linker ran the registrations in; a
// verb's default machine is the first that offers it.
const std::vector<MachineEntry>& machines();

// Adds a machine from its own library, with no list to edit:
//
//   const MachineRegistration kMatvec({"matvec", "...", architecture, workload, ...});
//
// at namespace scope in a source whose cc_library is `alwayslink = True`, so
// that every binary linking the library offers the machine. A name already
// taken is refused when machines() is first called (a duplicate-machine line on
// standard error, and the second left out). Loom's own machines register this
// way too (//machines:registry).
class MachineRegistration {
 public:
  // `rank` orders the list: Loom's own machines take 0 to 2, so that the
  // example is every verb's default that it offers.
  explicit MachineRegistration(MachineEntry entry, int rank = 100);
};

// The HLS testbench of a machine whose workload is its test: the workload at
// seeds 0 and 1, every output element expected.
std::function<Result<std::vector<hls::TestRun>>(const Region&)> workload_runs(
    std::function<Result<Workload>(const Region&, uint64_t seed)> workload);
// For a machine that claims nothing about its units' memories.
Result<std::vector<hls::Dependence>> no_dependences(const Region&, const std::string& root);


// Gives `m` the verbs its registration implies that it does not offer itself:
// `project` and `bench` always (bench: its workload at seeds 0 and 1, checked
// and its cycles held to machines/cycles/NAME.txt), `cost` and `conform` when
// it declares a model (machines/model.h).
void offer_implied_verbs(MachineEntry& m);

// The machine called `name`, or an unknown-machine error listing the known ones.
Result<const MachineEntry*> find_machine(std::string_view name);

}  // namespace loom
