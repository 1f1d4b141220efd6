// The machines the command line can name, and what each registers beside
// itself: the verbs it offers (machines/verb.h) and the data a backend asks of
// it (an extension, such as hls::Extension), each from its own library.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <typeindex>
#include <vector>

#include "common/status.h"
#include "compose/architecture.h"
#include "compose/hls/extension.h"
#include "machines/model.h"
#include "machines/verb.h"
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
  // Its action model: the instructions and calls it adds to the machine its
  // composition implies (machines/model.h). Every machine gets `project`;
  // one with a model gets `cost` and `conform` too, where it offers none of
  // its own.
  ModelOf model = {};
};

// Every machine the binary offers: each registered itself (MachineRegistration)
// from a library the binary links. They are listed by their registrations'
// `rank`, then by name, whatever order the linker ran the registrations in; a
// verb's default machine is the first that offers it as its own, else the
// first it is implied for.
const std::vector<MachineEntry>& machines();

// Adds a machine from its own library, with no list to edit:
//
//   const MachineRegistration kMatvec({"matvec", "...", architecture, workload, model});
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

// The machine called `name`, or an unknown-machine error listing the known
// ones, with the hint that a machine registered in a library not linked with
// alwayslink = True is dropped by the linker.
Result<const MachineEntry*> find_machine(std::string_view name);

namespace detail {
void add_extension(std::string machine, std::type_index type, std::shared_ptr<const void> value);
const void* find_extension(std::string_view machine, std::type_index type);
}  // namespace detail

// Gives `machine` a backend's data X, at namespace scope as a machine
// registers itself:
//
//   const ExtensionRegistration<hls::Extension> kHls("tinytpu", {hls_runs, hls_dependences});
//
// A second of one type for one machine is refused as a duplicate machine is
// (a duplicate-extension line on standard error, the second left out).
template <class X>
class ExtensionRegistration {
 public:
  ExtensionRegistration(std::string machine, X value) {
    detail::add_extension(std::move(machine), typeid(X), std::make_shared<const X>(std::move(value)));
  }
};

// The X `machine` registered, or null.
template <class X>
const X* find_extension(std::string_view machine) {
  return static_cast<const X*>(detail::find_extension(machine, typeid(X)));
}

// What the HLS backend is given for `m`: its registered hls::Extension, else
// its workload at seeds 0 and 1 as the testbench's runs (every output element
// expected) and no dependence claims.
hls::Extension hls_extension(const MachineEntry& m);

}  // namespace loom
