// TinyTPU broken on purpose, for the tests that show a gate or the deadlock
// report catches each break: test-only, never linked into loom.
#pragma once

#include "machines/tinytpu/tinytpu.h"

namespace loom::tinytpu {

enum class Variant {
  psum_int16,   // the PEs keep a 16-bit partial sum
  two_way_dma,  // one DMA unit in both directions (broken_units.h)
  writeback,    // results written back into the input scratchpad (broken_units.h)
};

// The design with `variant`'s one change. Errors: architecture()'s.
Result<Architecture> variant_architecture(const Overrides& overrides, Variant variant);

// variant_architecture for `variant`, for the gates.
Compose composer(Variant variant);

}  // namespace loom::tinytpu
