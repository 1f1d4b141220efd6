// How a FIFO's handshakes time its words, as Vitis builds FIFOs: the one place
// these constants live.
//
// Its kind, by Vitis's documented default (UG1399 config_storage, fifo
// -impl autosrl): a FIFO is a shift register (SRL) when it is at most
// -auto_srl_max_depth words deep AND holds at most -auto_srl_max_bits bits
// (depth x width) in all; otherwise a RAM. The defaults are 2 words and
// 1024 bits. Width is the stream's element width, the channel's word bits
// (lanes x lane_bits: Loom emits hls::stream<ap_uint<bits>>, unpadded).
// LightningSim (sharc-lab/LightningSim, backend/lightningsim-core/fifo.rs)
// chose by depth alone (depth <= 2) in its older versions and by bits alone
// in its newest (width * depth <= 1024, "Vitis HLS automatically implements
// FIFOs as shift registers if they total 1024 bits or less"); Loom takes
// both limits, as UG1399 states them.
//
// Its delays are LightningSim's (fifo.rs, whose model its authors validated
// against Vitis's RTL co-simulation):
//   read after write: token k is read no sooner than its write + 1 cycle
//                     (a shift register) or + 2 (a RAM, whose read is registered);
//   write after read: token k is written no sooner than the read of token
//                     k - D + 1 cycle, D the depth, for both kinds: the slot
//                     frees the cycle after.
#pragma once

#include <cstdint>

namespace loom {

// UG1399 config_storage -auto_srl_max_bits: the most bits (depth x width) a
// shift-register FIFO holds; default 1024.
inline constexpr int64_t kAutoSrlMaxBits = 1024;
// UG1399 config_storage -auto_srl_max_depth: the deepest shift-register FIFO;
// default 2.
inline constexpr int64_t kAutoSrlMaxDepth = 2;

// LightningSim fifo.rs: SHIFT_REGISTER_RAW_DELAY, RAM_RAW_DELAY, and
// SHIFT_REGISTER_WAR_DELAY = RAM_WAR_DELAY.
inline constexpr int64_t kShiftRegisterReadAfterWrite = 1;
inline constexpr int64_t kRamReadAfterWrite = 2;
inline constexpr int64_t kWriteAfterRead = 1;

// Whether a FIFO of `depth` words of `width_bits` each is a shift register
// (else a RAM). Depth is tested first, so an unbounded depth (INT64_MAX)
// never multiplies.
constexpr bool is_shift_register(int64_t width_bits, int64_t depth) {
  return depth <= kAutoSrlMaxDepth && width_bits * depth <= kAutoSrlMaxBits;
}

// The cycles from a word's write to the first cycle it can be read.
constexpr int64_t read_after_write(int64_t width_bits, int64_t depth) {
  return is_shift_register(width_bits, depth) ? kShiftRegisterReadAfterWrite : kRamReadAfterWrite;
}

// The fewest cycles from token k's write to token k + depth's: k is read
// read_after_write after its write, and its slot is written again
// kWriteAfterRead after that read. So W(k + D) >= W(k) + rw + 1, and a FIFO
// passes at most `depth` words every fifo_period() cycles: depth 1, a word
// every 2; depth 2 a shift register, one a cycle; depth 2 a RAM (over
// kAutoSrlMaxBits), 2 every 3; deeper, no bound below a word a cycle.
constexpr int64_t fifo_period(int64_t width_bits, int64_t depth) {
  return read_after_write(width_bits, depth) + kWriteAfterRead;
}

}  // namespace loom
