// The backends that instantiate unit bodies against types of their own, each
// by the hook it registers here. Placing a unit (compose/place.h) runs every
// hook, so a new backend adds a hook to this list and no field to UnitModel.
#pragma once

#include "compose/sim/body_entry.h"
#include "compose/sim/process.h"
#include "units/unit.h"

namespace loom {

// The simulator's: the body against its concrete process.
struct SimulatorHook {
  template <UnitDeclaration U>
  static void instantiate(UnitModel& model) {
    model.add_entry<SimBody>(kSimulatorBackend, &run_body<U, SimProcess>);
  }
};

template <class... Hooks>
struct BackendHooks {
  template <UnitDeclaration U>
  static void instantiate(UnitModel& model) {
    (Hooks::template instantiate<U>(model), ...);
  }
};

using RegisteredBackends = BackendHooks<SimulatorHook>;

}  // namespace loom
