// IEEE 754 binary32 values as Loom carries them, in a lane's low 32 bits, and
// the one rule by which two results compare wherever floats are checked (the
// simulator's check, the three-way conformance, the HLS testbench's C++ and
// presimulation, stress): a NaN matches only a NaN, whatever its sign and
// payload, since IEEE 754 leaves which operand's NaN an operation passes on to
// the implementation and a compiler may swap a float add's operands; every
// other value compares bit for bit, the two zeros apart, since the reference,
// the bodies and the executor add in one order and so define even a zero's
// sign.
#pragma once

#include <cstdint>
#include <cstring>

namespace loom {

inline float binary32(uint64_t bits) {
  const uint32_t low = static_cast<uint32_t>(bits);
  float f;
  std::memcpy(&f, &low, sizeof f);
  return f;
}

inline uint32_t binary32_bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

// Exponent all ones, fraction not zero; of the low 32 bits.
inline bool binary32_nan(uint64_t bits) {
  const uint32_t low = static_cast<uint32_t>(bits);
  return (low & 0x7f800000u) == 0x7f800000u && (low & 0x007fffffu) != 0;
}

// The rule above, on two lanes' low 32 bits.
inline bool same_binary32(uint64_t a, uint64_t b) {
  return binary32_nan(a) ? binary32_nan(b) : static_cast<uint32_t>(a) == static_cast<uint32_t>(b);
}

}  // namespace loom
