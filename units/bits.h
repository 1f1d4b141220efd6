// Bit fields in an array of 64-bit limbs, least significant bit first. The one
// place where packing happens, so that every word width shares one tested path:
// the Allo simulator corrupted its heap on 65-, 72- and 96-bit streams because each
// width took its own route through a wide integer type. C++14, for the HLS
// target too.
#pragma once

#include <cstdint>

namespace loom {
namespace bits {

constexpr unsigned kLimbBits = 64;

constexpr unsigned limbs_for(unsigned bits) { return (bits + kLimbBits - 1) / kLimbBits; }

constexpr uint64_t mask(unsigned width) {
  return width >= kLimbBits ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
}

// The `width` (1..64) bits at `offset`, zero-extended. A field may straddle two limbs.
constexpr uint64_t extract(const uint64_t* limbs, unsigned offset, unsigned width) {
  const unsigned limb = offset / kLimbBits, shift = offset % kLimbBits;
  uint64_t value = limbs[limb] >> shift;
  if (shift != 0 && shift + width > kLimbBits) value |= limbs[limb + 1] << (kLimbBits - shift);
  return value & mask(width);
}

// Writes the low `width` bits of `value` at `offset`; no other bit changes.
constexpr void deposit(uint64_t* limbs, unsigned offset, unsigned width, uint64_t value) {
  const unsigned limb = offset / kLimbBits, shift = offset % kLimbBits;
  value &= mask(width);
  limbs[limb] = (limbs[limb] & ~(mask(width) << shift)) | (value << shift);
  if (shift != 0 && shift + width > kLimbBits) {
    const unsigned spill = shift + width - kLimbBits;
    limbs[limb + 1] = (limbs[limb + 1] & ~mask(spill)) | (value >> (kLimbBits - shift));
  }
}

// Two's complement reading of the low `width` bits.
constexpr int64_t sign_extend(uint64_t value, unsigned width) {
  if (width >= kLimbBits) return static_cast<int64_t>(value);
  const uint64_t sign = uint64_t{1} << (width - 1);
  return static_cast<int64_t>((value ^ sign) - sign);
}

// `value` kept to its low `width` bits and read back as two's complement: what a
// `width`-bit adder's result is.
constexpr int64_t wrap(int64_t value, unsigned width) {
  return sign_extend(static_cast<uint64_t>(value) & mask(width), width);
}

}  // namespace bits
}  // namespace loom
