// The machines registered from their own libraries (MachineRegistration), kept
// apart from registry.cc's list so that a binary that links no built-in
// machine still has somewhere to register one.
#include "machines/registry.h"

namespace loom {
namespace {

std::vector<MachineEntry>& storage() {
  static std::vector<MachineEntry> all;  // constructed on first use: registrations run during static initialisation
  return all;
}

}  // namespace

MachineRegistration::MachineRegistration(MachineEntry entry) { storage().push_back(std::move(entry)); }

const std::vector<MachineEntry>& registered_machines() { return storage(); }

std::function<Result<std::vector<hls::TestRun>>(const Region&)> workload_runs(
    std::function<Result<Workload>(const Region&, uint64_t seed)> workload) {
  return [workload](const Region& region) -> Result<std::vector<hls::TestRun>> {
    std::vector<hls::TestRun> runs;
    for (uint64_t seed : {0, 1}) {
      auto work = workload(region, seed);
      if (!work.ok()) return work.status();
      runs.push_back({work.value().description, std::move(work.value().inputs), std::move(work.value().expected)});
    }
    return runs;
  };
}

Result<std::vector<hls::Dependence>> no_dependences(const Region&, const std::string&) {
  return std::vector<hls::Dependence>{};
}

}  // namespace loom
