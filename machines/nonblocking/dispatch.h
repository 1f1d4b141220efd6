// The dispatcher machine: a dispatcher (dispatcher.h) offers each value to a
// slow first worker (II 3) with write_nb and falls back to a fast second
// (II 1) with a blocking write when the first's FIFO is full; each worker
// sums what it gets (summer.h). Which worker gets which value is decided by
// the FIFOs' state at each trip's cycle.
#pragma once

#include "compose/architecture.h"

namespace loom::nonblocking {

inline constexpr int kFirstWorkerII = 3;
inline constexpr int kSecondWorkerII = 1;
// The second worker's FIFO: deep enough that a worker at II 1 never stalls
// the dispatcher (a shift register of 2 passes a word a cycle, fifo_timing.h).
inline constexpr int64_t kSecondDepth = 2;

// Parameters K (values) and QD (the first worker's FIFO depth).
Architecture dispatch();

}  // namespace loom::nonblocking
