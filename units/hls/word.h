// The HLS target's Word: the lanes of a loom::Word packed into one
// ap_uint<Lanes * LaneBits>, with the host Word's lane operations (units/word.h)
// on top of ap_uint ranges. C++14 and nothing but <ap_int.h>, which Vitis HLS
// provides (and Loom's emitted project stands in for when C-simulating without
// Vitis).
#pragma once

#include <ap_int.h>
#include <stdint.h>

namespace loom {

// Lane arithmetic at the declared width: what the hardware is built with.
template <unsigned B>
using Int = ap_int<B>;
template <unsigned B>
using UInt = ap_uint<B>;

template <unsigned Lanes, unsigned LaneBits>
class Word {
 public:
  static const unsigned lanes = Lanes;
  static const unsigned lane_bits = LaneBits;
  static const unsigned bits = Lanes * LaneBits;
  typedef ap_uint<Lanes * LaneBits> Raw;

  Word() : raw_(0) {}
  explicit Word(const Raw& raw) : raw_(raw) {}

  UInt<LaneBits> lane(unsigned i) const { return UInt<LaneBits>(raw_.range(i * LaneBits + LaneBits - 1, i * LaneBits)); }
  Int<LaneBits> lane_signed(unsigned i) const { return Int<LaneBits>(lane(i)); }
  // Keeps the low LaneBits bits of `value`.
  template <class V>
  void set_lane(unsigned i, const V& value) {
    raw_.range(i * LaneBits + LaneBits - 1, i * LaneBits) = Int<LaneBits>(value);
  }
  // A 32-bit lane as an IEEE-754 binary32 float, and its replacement. The
  // union is how Vitis's own libraries reinterpret a float's bits.
  float lane_float(unsigned i) const {
    union {
      uint32_t bits;
      float value;
    } lane_bits_of;
    lane_bits_of.bits = static_cast<uint32_t>(lane(i).to_uint64());
    return lane_bits_of.value;
  }
  void set_lane_float(unsigned i, float value) {
    union {
      uint32_t bits;
      float value;
    } lane_bits_of;
    lane_bits_of.value = value;
    set_lane(i, UInt<32>(lane_bits_of.bits));
  }

  // The `width` (1..64) bits at bit `lo`, and their replacement.
  uint64_t field(unsigned lo, unsigned width) const { return raw_.range(lo + width - 1, lo).to_uint64(); }
  void set_field(unsigned lo, unsigned width, uint64_t value) { raw_.range(lo + width - 1, lo) = value; }

  const Raw& raw() const { return raw_; }

 private:
  Raw raw_;
};

}  // namespace loom
