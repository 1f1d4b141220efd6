// Machines registered from their own libraries: listed by rank then name
// whatever order the registrations ran in, found by name, and a second machine
// of a taken name left out rather than shadowing the first.
#include <catch2/catch.hpp>

#include "machines/registry.h"

namespace loom {
namespace {

MachineEntry named(const std::string& name, const std::string& summary) {
  MachineEntry m;
  m.name = name;
  m.summary = summary;
  return m;
}

const MachineRegistration zeta(named("zeta", "ranked last"));
const MachineRegistration alpha(named("alpha", "ranked by name"));
const MachineRegistration first(named("first", "ranked first"), 0);
const MachineRegistration twin_a(named("twin", "the first twin"));
const MachineRegistration twin_b(named("twin", "the second twin"));

TEST_CASE("registered machines are listed by rank, then name, each name once", "[registry]") {
  std::vector<std::string> names;
  for (const MachineEntry& m : machines()) names.push_back(m.name);
  CHECK(names == std::vector<std::string>{"first", "alpha", "twin", "zeta"});
  auto twin = find_machine("twin");
  REQUIRE(twin.ok());
  CHECK(twin.value()->summary == "the first twin");
  auto missing = find_machine("nope");
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.status().errors().front().kind == "unknown-machine");
  CHECK(missing.status().errors().front().message ==
        "is not known; the machines are first, alpha, twin, zeta. If it is registered, link its machine's library "
        "with alwayslink = True: the linker drops a registration in a library that is not alwayslinked");
}

}  // namespace
}  // namespace loom
