// The constants TinyTPU's units are written with, by hand. The units are the
// files HLS synthesises, so they do not include the generated encoding; instead
// `loom gen-isa --check` holds every value here to isa_spec.json (see
// conformance.h), and an edit to either side that the other lacks is named.
#pragma once

#include <cstdint>

namespace loom { namespace tinytpu { namespace design {

// A bit slice of a 64-bit word: bits lo .. lo + bits - 1.
struct Bits {
  int lo, bits;
  constexpr uint64_t get(uint64_t word) const { return (word >> lo) & ((uint64_t{1} << bits) - 1); }
};

// The instruction word.
constexpr Bits kOperand[4] = {{0, 12}, {12, 12}, {24, 12}, {36, 12}};  // f0 .. f3
constexpr Bits kRows{48, 11};
constexpr Bits kOpcode{60, 4};
constexpr int64_t kFieldLimit = 2048;

// Opcodes the sequencer dispatches on.
enum Op : int {
  kHalt = 0,
  kLoop = 1,
  kEndloop = 2,
  kAgu = 3,
  kDmaLd = 4,
  kVld = 5,
  kMm = 6,
  kVadd = 7,
  kVrelu = 8,
  kVaddrelu = 9,
  kMvout = 10,
  kDmaSt = 11,  // retired
};

// dma_ld's route field, and mm's accumulate field.
enum Route : int { kASpad = 0, kBSpad = 1, kAVr = 2, kBVr = 3 };
constexpr int kMmAccLegal[2] = {0, 1};

// The address generator and the loop stack.
constexpr int kAguTerms = 3;
constexpr int kAguTermBits = 16;
constexpr Bits kAguValid{0, 1}, kAguField{1, 2}, kAguLevel{3, 2}, kAguStride{5, 10};
constexpr int kLoopDepth = 3;
constexpr int64_t kMinTrips = 1;  // a loop of 0 trips is refused

// Every unit's header word holds its trip count in the same slice.
constexpr Bits kTripCount{0, 15};
// Its share of accu's iterations, per row: what the distance contract counts.
constexpr int kAccuPerRowMm = 1, kAccuPerRowVadd = 2, kAccuPerRowVrelu = 1, kAccuPerRowVaddrelu = 2,
                     kAccuPerRowMvout = 1;
// accu's pipeline loads ar in an early stage and stores it two stages later, so
// a row read 1 or 2 iterations after its write returns the old value: a write
// is visible to reads kArWriteLatency iterations on. AR_RAW_DIST, the contract
// the assembler enforces, must be at least this.
constexpr int kArWriteLatency = 3;
// spm handles a header word and T weight words per mm.
constexpr int64_t spm_words_per_mm(int64_t t) { return t + 1; }
// The header that leads each mm's weights down the chain: its row count.
constexpr Bits kWeightChainRows{0, 12};

// Numerics.
constexpr int kOperandBits = 8;
constexpr int kAccBits = 32;
constexpr int64_t kClipLo = -128, kClipHi = 127;
constexpr int64_t kScale = 1;
constexpr int kShift = 0;

// An instruction word, its fields taken by the slices above.
struct Decoded {
  int op;
  int64_t nr;
  int64_t f[4];
};
constexpr Decoded decode(uint64_t word) {
  return {static_cast<int>(kOpcode.get(word)), static_cast<int64_t>(kRows.get(word)),
          {static_cast<int64_t>(kOperand[0].get(word)), static_cast<int64_t>(kOperand[1].get(word)),
           static_cast<int64_t>(kOperand[2].get(word)), static_cast<int64_t>(kOperand[3].get(word))}};
}
// The word with its operand fields replaced: the sequencer writes resolved
// addresses back into the fields it forwards.
constexpr uint64_t with_operands(uint64_t word, const int64_t (&f)[4]) {
  for (int k = 0; k < 4; ++k) {
    const uint64_t mask = ((uint64_t{1} << kOperand[k].bits) - 1) << kOperand[k].lo;
    word = (word & ~mask) | ((static_cast<uint64_t>(f[k]) << kOperand[k].lo) & mask);
  }
  return word;
}

// imem starts with one header word per instruction-executing unit, in this order.
enum HeaderSlot : int { kHeaderDmaLd = 0, kHeaderSpm, kHeaderVru, kHeaderAccu, kHeaderDmaSt, kHeaderWords };

// The sequencer's prefetch reads imem a 512-bit beat at a time, 8
// instruction words: the seed's "8-wide prefetch", at the width its build
// widens every m_axi port to (config_interface -m_axi_max_widen_bitwidth 512).
constexpr int kFetchLanes = 8;
static_assert(kHeaderWords <= kFetchLanes, "every header word comes with imem's first beat");
// It copies imem's beats on chip in bursts of this many, until a burst holds
// a halt: Vitis's default m_axi max_read_burst_length (UG1399, "Options for
// Controlling AXI4 Burst Behavior").
constexpr int64_t kFetchBurst = 16;

}  // namespace design
}  // namespace tinytpu
}  // namespace loom
