// How a FIFO's handshakes time its words, as Vitis builds FIFOs: the one place
// these constants live. They are LightningSim's
// (backend/lightningsim-core/src/fifo.rs, whose model its authors validated
// against Vitis's RTL co-simulation): a FIFO of depth 2 or less is a shift
// register, a deeper one a RAM (Vitis's default, UG1399 config_storage:
// -auto_srl_max_depth 2).
//   read after write: token k is read no sooner than its write + 1 cycle
//                     (a shift register) or + 2 (a RAM, whose read is registered);
//   write after read: token k is written no sooner than the read of token
//                     k - D + 1 cycle, D the depth: the slot frees the cycle after.
#pragma once

#include <cstdint>

namespace loom {

inline constexpr int64_t kShiftRegisterMaxDepth = 2;
inline constexpr int64_t kShiftRegisterReadAfterWrite = 1;
inline constexpr int64_t kRamReadAfterWrite = 2;
inline constexpr int64_t kWriteAfterRead = 1;

// Whether a FIFO of `depth` words is a shift register (else a RAM).
constexpr bool is_shift_register(int64_t depth) { return depth <= kShiftRegisterMaxDepth; }

// The cycles from a word's write to the first cycle it can be read.
constexpr int64_t read_after_write(int64_t depth) {
  return is_shift_register(depth) ? kShiftRegisterReadAfterWrite : kRamReadAfterWrite;
}

}  // namespace loom
