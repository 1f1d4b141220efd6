// The drop-on-full machine: a producer that offers one value a cycle with
// write_nb (drop_producer.h) to a consumer that takes one every three
// (summer.h), so most values are dropped, and which ones depends on when
// the FIFO frees each slot. Its sum and count are what co-simulation
// computes, not what a sequential C simulation does (every value kept).
#pragma once

#include <cstdint>

#include "compose/architecture.h"

namespace loom::nonblocking {

// The consumer's II.
inline constexpr int kDropperConsumerII = 3;

// Parameters K (values offered) and QD (the FIFO's depth).
Architecture dropper();

}  // namespace loom::nonblocking
