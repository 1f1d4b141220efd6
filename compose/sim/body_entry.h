// How the simulator runs a unit's body: against its concrete process, so a
// simulated access is inlined, with no virtual call. Its hook (SimulatorHook,
// compose/backends.h) registers the entry under this key when a unit is
// placed; the unit vocabulary never names the simulator.
#pragma once

#include "units/shape.h"
#include "units/unit_model.h"

namespace loom {

class SimProcess;

inline constexpr BackendKey kSimulatorBackend{"simulator"};

using SimBody = void (*)(SimProcess& process, const Index& index);

}  // namespace loom
