// The loop every instruction-executing unit runs: read its header word (its
// trip count), then take instructions until that many rows are done.
#pragma once

#include "units/library/tinytpu/design.h"
#include "units/library/tinytpu/words.h"

namespace loom { namespace tinytpu {

// `step(ins)` carries out one instruction and returns the rows it counted
// toward the trip count; 0 (an instruction this unit does not execute) stops
// the unit, which the simulator then reports rather than the unit spinning.
template <class IO, class Port, class Step>
void run_instructions(IO& io, Port ctrl, Step&& step) {
  const int64_t trips = static_cast<int64_t>(design::kTripCount.get(bits_of(io.read(ctrl))));
  for (int64_t done = 0; done < trips;) {
    const int64_t rows = step(design::decode(bits_of(io.read(ctrl))));
    if (rows <= 0) return;
    done += rows;
  }
}

}  // namespace tinytpu
}  // namespace loom
