// The words TinyTPU's channels carry: packed operands (T int8 lanes), packed
// accumulator words (T int32 lanes), instruction and header words, and the
// scalars that move between neighbouring processing elements.
#pragma once

#include "units/bits.h"
#include "units/library/tinytpu/design.h"
#include "units/word.h"

namespace loom { namespace tinytpu {

template <unsigned T>
using Operand = Word<T, design::kOperandBits>;
template <unsigned T>
using AccWord = Word<T, design::kAccBits>;
using Control = Word<1, 64>;
// A beat of imem and a row of the sequencer's prefetch window: 8 instruction words.
using FetchBeat = Word<design::kFetchLanes, 64>;
using Activation = Word<1, design::kOperandBits>;
using PartialSum = Word<1, design::kAccBits>;
// What a weight loader hands its PE: lane 0 the weight, lane 1 the mm's rows.
using WeightRows = Word<2, 16>;

inline uint64_t bits_of(const Control& c) { return c.lane(0); }
inline Control control(uint64_t bits) {
  Control c;
  c.set_lane(0, bits);
  return c;
}

// The weight chain's header: an operand word carrying an mm's row count in its
// low bits. Rows 0 marks the end of the program (a valid program has no 0-row mm).
// The slice sits in the word's first limb, for every T the array can have.
static_assert(design::kWeightChainRows.lo + design::kWeightChainRows.bits <= 2 * design::kOperandBits,
              "the weight chain's row count fits the narrowest operand word");
template <unsigned T>
Operand<T> chain_header(int64_t rows) {
  Operand<T> h;
  h.set_field(design::kWeightChainRows.lo, design::kWeightChainRows.bits, static_cast<uint64_t>(rows));
  return h;
}
template <unsigned T>
int64_t chain_rows(const Operand<T>& h) {
  return static_cast<int64_t>(h.field(design::kWeightChainRows.lo, design::kWeightChainRows.bits));
}

}  // namespace tinytpu
}  // namespace loom
