// The machines registered from their own libraries (MachineRegistration):
// what the command line finds, whichever machines a binary links.
#include <algorithm>
#include <cstdio>

#include "machines/registry.h"

namespace loom {
namespace {

struct Registered {
  int rank;
  MachineEntry entry;
};

std::vector<Registered>& storage() {
  static std::vector<Registered> all;  // constructed on first use: registrations run during static initialisation
  return all;
}

}  // namespace

MachineRegistration::MachineRegistration(MachineEntry entry, int rank) {
  storage().push_back({rank, std::move(entry)});
}

const std::vector<MachineEntry>& machines() {
  static const std::vector<MachineEntry> all = [] {
    std::vector<Registered> ranked = storage();
    std::stable_sort(ranked.begin(), ranked.end(), [](const Registered& a, const Registered& b) {
      return a.rank != b.rank ? a.rank < b.rank : a.entry.name < b.entry.name;
    });
    std::vector<MachineEntry> list;
    for (const Registered& r : ranked) {
      const MachineEntry& m = r.entry;  // not a structured binding: clang 14 does not capture one in a lambda
      const bool taken = std::any_of(list.begin(), list.end(), [&](const MachineEntry& k) { return k.name == m.name; });
      if (taken) {
        std::fprintf(stderr, "error[duplicate-machine] machine '%s': registered twice; the second is left out\n",
                     m.name.c_str());
        continue;
      }
      list.push_back(m);
      offer_implied_verbs(list.back());
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

std::function<Result<std::vector<hls::TestRun>>(const Region&)> workload_runs(
    std::function<Result<Workload>(const Region&, uint64_t seed)> workload) {
  return [workload](const Region& region) -> Result<std::vector<hls::TestRun>> {
    std::vector<hls::TestRun> runs;
    for (uint64_t seed : {0, 1}) {
      auto work = workload(region, seed);
      if (!work.ok()) return work.status();
      runs.push_back({work.value().description, std::move(work.value().inputs), std::move(work.value().expected),
                      std::move(work.value().binary32)});
    }
    return runs;
  };
}

Result<std::vector<hls::Dependence>> no_dependences(const Region&, const std::string&) {
  return std::vector<hls::Dependence>{};
}

}  // namespace loom
