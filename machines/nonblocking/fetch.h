// The fetch/execute machine: a fetch unit (fetcher.h) that sends one
// instruction a cycle and polls for a redirect with read_nb, and a
// three-stage execute unit (executor.h) that redirects it at each taken
// branch and squashes the wrong path fetch ran down meanwhile. How many
// instructions are squashed and fetched is the loop's latency, timing's.
#pragma once

#include "compose/architecture.h"

namespace loom::nonblocking {

// Parameters N (instructions executed), B (a branch every B), J (its
// distance) and QD (both FIFOs' depth).
Architecture fetch();

// The shortest branch distance the machine takes (fetch.cc says why).
inline constexpr int64_t kMinJump = 6;

}  // namespace loom::nonblocking
