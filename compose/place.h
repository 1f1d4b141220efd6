// Typed placement: binds ports by their declared tags, so that binding a port the
// unit does not have fails to compile instead of failing at composition.
#pragma once

#include <string>

#include "compose/architecture.h"
#include "compose/backends.h"
#include "units/unit.h"

namespace loom {

template <UnitDeclaration U>
class Placed {
 public:
  explicit Placed(Placement& placement) : placement_(placement) {}

  template <class P, class Target>
  Placed& bind(P, Target&& target) {
    static_assert(diagnostics::Bind<diagnostics::name_of<U>, diagnostics::name_of<P>, (port_position<U, P> >= 0)>::ok ||
                  true);
    placement_.bind(P::name, std::forward<Target>(target));
    return *this;
  }
  Placement& placement() { return placement_; }

 private:
  Placement& placement_;
};

// The unit's model with every registered backend's entry point: the body
// instantiated against each backend's own type, here where U is known.
template <UnitDeclaration U>
UnitModel model_of() {
  UnitModel model = describe<U>();
  RegisteredBackends::instantiate<U>(model);
  return model;
}

template <UnitDeclaration U>
Placed<U> place(Architecture& arch, std::string name, Shape instances) {
  return Placed<U>(arch.place(model_of<U>(), std::move(name), std::move(instances)));
}

}  // namespace loom
