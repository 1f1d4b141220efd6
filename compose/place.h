// Typed placement: binds ports by their declared tags, so that binding a port the
// unit does not have fails to compile instead of failing at composition.
#pragma once

#include <string>

#include "compose/architecture.h"
#include "units/unit.h"

namespace loom {

template <UnitDeclaration U>
class Placed {
 public:
  explicit Placed(Placement& placement) : placement_(placement) {}

  template <class P, class Target>
  Placed& bind(P, Target&& target) {
    static_assert(port_position<U, P> >= 0, "loom: bind() names a port that the placed unit does not declare");
    placement_.bind(P::name, std::forward<Target>(target));
    return *this;
  }
  Placement& placement() { return placement_; }

 private:
  Placement& placement_;
};

template <UnitDeclaration U>
Placed<U> place(Architecture& arch, std::string name, Shape instances) {
  return Placed<U>(arch.place(describe<U>(), std::move(name), std::move(instances)));
}

}  // namespace loom
