// The approach the Allo OpenMP simulator takes, rebuilt for comparison: one OS
// thread per process instance, FIFOs guarded by a mutex and two condition
// variables. It runs the same bodies through the same Io interface, untimed. It
// has no deadlock detection (a wrong region hangs it), which is one reason Loom's
// simulator is not built this way; it exists for //bench:sim_throughput only.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "compose/region.h"
#include "units/buffer.h"

namespace loom {

struct ThreadedRun {
  int64_t steps = 0;  // channel, memory and argument accesses, counted as the simulator counts them
  std::map<std::string, Buffer> arguments;
};

// `inputs` must fit the region (the simulator's simulate() checks that first).
ThreadedRun run_threaded(const Region& region, const std::map<std::string, Buffer>& inputs);

}  // namespace loom
