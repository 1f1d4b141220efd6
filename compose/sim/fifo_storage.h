// What a FIFO costs on chip: a FIFO Vitis builds as a shift register
// (is_shift_register, fifo_timing.h: UG1399's default, at most 2 words and
// 1024 bits) takes no BRAM, its depth x width bits in SRLs and flip-flops; a
// RAM FIFO takes BRAM18s by the count LightningSim estimates
// (backend/lightningsim-core/fifo.rs), filled widest aspect first (1K x 18,
// then 2K x 9, 4K x 4, 8K x 2, 16K x 1), the bits left at one aspect going to
// the next narrower, and a last partial column taking a whole block.
#pragma once

#include <cstdint>

#include "compose/sim/fifo_timing.h"

namespace loom {

constexpr int64_t fifo_bram18s(int64_t width, int64_t depth) {
  if (is_shift_register(width, depth)) return 0;
  struct Aspect {
    int64_t words, bits;
  };
  constexpr Aspect aspects[] = {{1024, 18}, {2048, 9}, {4096, 4}, {8192, 2}, {16384, 1}};
  int64_t blocks = 0, rest = width;
  for (const Aspect& a : aspects) {
    blocks += rest / a.bits * ((depth + a.words - 1) / a.words);
    rest %= a.bits;
    // Deep enough for this aspect: what is left is one more partial block.
    if (depth <= a.words) return blocks + (rest != 0 ? 1 : 0);
    // LightningSim's rule has one case its authors found by measurement.
    if (a.words == 2048 && depth <= 4096 && width > 18 && rest == 3) return blocks + 2;
  }
  return blocks;
}

// The bits a shift-register FIFO holds in SRLs and flip-flops; 0 for a RAM one.
constexpr int64_t fifo_register_bits(int64_t width, int64_t depth) {
  return is_shift_register(width, depth) ? width * depth : 0;
}

}  // namespace loom
