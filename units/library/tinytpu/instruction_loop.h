// How an instruction-executing unit walks its instructions: it reads its
// header word (its trip count), then runs one flat pipelined loop for every
// trip of every instruction, the seed's row-flattening ("every data unit
// reads its dispatch queue when its row counter runs out, inside the step it
// is already spending"; "there is no per-instruction loop left to shorten").
// The trip that starts an instruction reads its control word first, so no
// instruction pays a loop's entry, drain and exit. dma_ld, spm, vru, accu and
// dma_st all walk their instructions so. The loop stays in the unit's body,
// where its LOOM_PIPELINE marker belongs:
//       InstructionRows rows(io, ctrl);
//       for (int64_t done = 0; rows.more(done); ++done) {
//         LOOM_PIPELINE(io);
//         if (!rows.next(io, ctrl, trips_of)) return;
//         ... trip rows.t of rows.ins ...
//       }
#pragma once

#include "units/library/tinytpu/design.h"
#include "units/library/tinytpu/words.h"

namespace loom { namespace tinytpu {

// The header word: how many trips the unit's instructions take in all.
template <class IO, class Port>
int64_t trip_count(IO& io, Port ctrl) {
  return static_cast<int64_t>(design::kTripCount.get(bits_of(io.read(ctrl))));
}

struct InstructionRows {
  int64_t trips = 0;      // the header's count: every trip of every instruction
  design::Decoded ins{};  // the instruction the current trip belongs to
  int64_t t = 0;          // which of its trips this is
  int64_t left = 0;       // its trips after this one

  template <class IO, class Port>
  InstructionRows(IO& io, Port ctrl) : trips(trip_count(io, ctrl)) {}

  bool more(int64_t done) const { return trips - done > 0; }

  // Begins the next trip: within the instruction, or reading the next one,
  // which takes `trips_of(ins)` trips. False for an instruction that takes
  // none (one the unit does not execute): the unit stops, and the simulator
  // reports what it leaves waiting rather than the unit spinning.
  template <class IO, class Port, class TripsOf>
  bool next(IO& io, Port ctrl, TripsOf&& trips_of) {
    if (left > 0) {
      ++t;
      --left;
      return true;
    }
    ins = design::decode(bits_of(io.read(ctrl)));
    const int64_t n = trips_of(ins);
    if (n <= 0) return false;
    t = 0;
    left = n - 1;
    return true;
  }
};

}  // namespace tinytpu
}  // namespace loom
