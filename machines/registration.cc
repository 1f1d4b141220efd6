// The machines registered from their own libraries (MachineRegistration),
// their verbs (VerbRegistration) and their backends' data
// (ExtensionRegistration): what the command line finds, whichever machines a
// binary links.
#include <algorithm>
#include <cstdio>
#include <tuple>

#include "machines/implied_verbs.h"
#include "machines/registry.h"

namespace loom {
namespace {

// A registration refused while the lists are made, before any command runs:
// on standard error, as every command prints its errors.
void report(const Error& e) { std::fprintf(stderr, "%s\n", e.to_string().c_str()); }

struct Registered {
  int rank;
  MachineEntry entry;
};

// Each constructed on first use: registrations run during static initialisation.
std::vector<Registered>& storage() {
  static std::vector<Registered> all;
  return all;
}
std::vector<VerbOffer>& offer_storage() {
  static std::vector<VerbOffer> all;
  return all;
}
struct Extension {
  std::string machine;
  std::type_index type;
  std::shared_ptr<const void> value;
};
std::vector<Extension>& extension_storage() {
  static std::vector<Extension> all;
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
        report(Error{"duplicate-machine", "machine '" + m.name + "'", "registered twice; the second is left out"});
        continue;
      }
      list.push_back(m);
    }
    return list;
  }();
  return all;
}

// What unknown-machine says after the known machines: a MachineRegistration
// in a library the binary does not alwayslink is never constructed.
constexpr const char* kUnlinkedMachineHint =
    ". If it is registered, link its machine's library with alwayslink = True: the linker drops a registration in a "
    "library that is not alwayslinked";

Result<const MachineEntry*> find_machine(std::string_view name) {
  std::string known;
  for (const MachineEntry& m : machines()) {
    if (m.name == name) return &m;
    known += (known.empty() ? "" : ", ") + m.name;
  }
  return Error{"unknown-machine", "machine '" + std::string(name) + "'",
               (known.empty() ? "is not known; no machine is registered" : "is not known; the machines are " + known) +
                   kUnlinkedMachineHint};
}

VerbRegistration::VerbRegistration(VerbOffer offer) { offer_storage().push_back(std::move(offer)); }

const std::vector<VerbOffer>& verb_offers() {
  static const std::vector<VerbOffer> all = [] {
    std::vector<VerbOffer> list;
    for (const VerbOffer& o : offer_storage()) {
      const bool taken = std::any_of(list.begin(), list.end(), [&](const VerbOffer& k) {
        return k.verb == o.verb && k.machine == o.machine;
      });
      if (taken) {
        report(Error{"duplicate-verb", "verb '" + o.verb + "'",
                     "offered twice by machine '" + o.machine + "'; the second is left out"});
        continue;
      }
      list.push_back(o);
    }
    for (VerbOffer& o : implied_verb_offers()) list.push_back(std::move(o));
    return list;
  }();
  return all;
}

const VerbOffer* offer_for(const MachineEntry& m, std::string_view verb) {
  const VerbOffer* implied = nullptr;
  for (const VerbOffer& o : verb_offers()) {
    if (o.verb != verb) continue;
    if (o.machine == m.name) return &o;
    if (o.machine.empty() && implied == nullptr && (!o.applies || o.applies(m))) implied = &o;
  }
  return implied;
}

namespace detail {

void add_extension(std::string machine, std::type_index type, std::shared_ptr<const void> value) {
  for (const Extension& e : extension_storage())
    if (e.machine == machine && e.type == type) {
      report(Error{"duplicate-extension", "machine '" + machine + "'",
                   std::string("registers ") + type.name() + " twice; the second is left out"});
      return;
    }
  extension_storage().push_back({std::move(machine), type, std::move(value)});
}

const void* find_extension(std::string_view machine, std::type_index type) {
  for (const Extension& e : extension_storage())
    if (e.machine == machine && e.type == type) return e.value.get();
  return nullptr;
}

}  // namespace detail

hls::Extension hls_extension(const MachineEntry& m) {
  if (const hls::Extension* own = find_extension<hls::Extension>(m.name)) return *own;
  const auto workload = m.workload;
  return {[workload](const Region& region) -> Result<std::vector<hls::TestRun>> {
    std::vector<hls::TestRun> runs;
    for (uint64_t seed : {0, 1}) {
      auto work = workload(region, seed);
      if (!work.ok()) return work.status();
      runs.push_back({work.value().description, std::move(work.value().inputs), std::move(work.value().expected),
                      std::move(work.value().binary32)});
    }
    return runs;
  }};
}

}  // namespace loom
