// A packed word: `Lanes` lanes of `LaneBits` bits each, as one channel token or
// one memory row. Its type is derived from the pair, so a channel's width and its
// lane count cannot disagree. Unit bodies include this header for both targets:
// for HLS (LOOM_HLS) the word is an ap_uint<Lanes * LaneBits> (units/hls/word.h);
// on the host it is exact at every width, lanes packed back to back with no
// padding and the bits above lanes * lane_bits always zero.
//
// A lane reads as Int<LaneBits> or UInt<LaneBits>: ap_int<B> and ap_uint<B> on
// both targets (Vitis's in HLS, units/ap_int.h's on the host), so the hardware
// a body describes is the size its declaration says, and its arithmetic
// follows ap_int's result-width rules everywhere (docs/hls.md). A value
// narrows only when it is stored into a narrower Int, UInt or lane, as a
// B-bit register keeps its low B bits.
#pragma once

#if defined(LOOM_HLS)
#include "units/hls/word.h"
#else

#include <bit>
#include <cassert>
#include <cstdint>
#include <string>
#include <type_traits>

#include "units/ap_int.h"
#include "units/bits.h"

namespace loom {

// Lane arithmetic at the declared width, with ap_int's rules (units/ap_int.h,
// Loom's implementation of them, which C simulation also compiles against):
// the same types the HLS target uses, so a body computes the same on both.
template <unsigned B>
using Int = ::ap_int<static_cast<int>(B)>;
template <unsigned B>
using UInt = ::ap_uint<static_cast<int>(B)>;

// The run-time description of a word type, for composition checks and reports.
struct WordShape {
  int lanes = 0;
  int lane_bits = 0;
  int bits() const { return lanes * lane_bits; }
  std::string to_string() const {  // "4x8"
    return std::to_string(lanes) + "x" + std::to_string(lane_bits);
  }
  friend bool operator==(const WordShape&, const WordShape&) = default;
};

template <unsigned Lanes, unsigned LaneBits>
class Word {
  static_assert(Lanes >= 1, "loom: a Word needs at least one lane");
  static_assert(LaneBits >= 1 && LaneBits <= 64, "loom: a Word's lanes are 1 to 64 bits wide");

 public:
  static constexpr unsigned lanes = Lanes;
  static constexpr unsigned lane_bits = LaneBits;
  static constexpr unsigned bits = Lanes * LaneBits;
  static constexpr unsigned limb_count = bits::limbs_for(bits);
  static WordShape shape() { return {static_cast<int>(Lanes), static_cast<int>(LaneBits)}; }

  constexpr Word() = default;  // all lanes zero

  // The lane's bits.
  constexpr UInt<LaneBits> lane(unsigned i) const { return raw_lane(i); }
  // The lane read as a two's complement integer.
  constexpr Int<LaneBits> lane_signed(unsigned i) const {
    return Int<LaneBits>(raw_lane(i));  // an Int keeps its low LaneBits bits, sign-extended
  }
  // Keeps the low LaneBits bits of `value` (an integer or an ap value), as
  // hardware would. A float is refused, as the HLS target's Int<B>(float) is
  // (units/ap_int.h): set_lane_float keeps a float's bits.
  template <class V>
  constexpr void set_lane(unsigned i, const V& v) {
    static_assert(!std::is_floating_point_v<V>,
                  "loom: set_lane() of a float is refused, as ap_int from a float is; convert through int64_t, "
                  "or keep its bits with set_lane_float()");
    const int64_t value = static_cast<int64_t>(v);
    assert(i < Lanes && "lane index within the word");
    if constexpr (bits::kLimbBits % LaneBits == 0) {
      const unsigned shift = i * LaneBits % bits::kLimbBits;
      uint64_t& limb = limbs_[i * LaneBits / bits::kLimbBits];
      limb = (limb & ~(bits::mask(LaneBits) << shift)) | ((static_cast<uint64_t>(value) & bits::mask(LaneBits)) << shift);
    } else {
      bits::deposit(limbs_, i * LaneBits, LaneBits, static_cast<uint64_t>(value));
    }
  }

  // A 32-bit lane read as an IEEE-754 binary32 float, and its replacement:
  // what a float32 datapath carries, bit for bit.
  float lane_float(unsigned i) const {
    static_assert(LaneBits == 32, "loom: a float lane is 32 bits wide");
    return std::bit_cast<float>(static_cast<uint32_t>(raw_lane(i)));
  }
  void set_lane_float(unsigned i, float value) {
    static_assert(LaneBits == 32, "loom: a float lane is 32 bits wide");
    set_lane(i, std::bit_cast<uint32_t>(value));
  }

  // The `width` (1..64) bits at bit `lo`, and their replacement: header fields
  // packed into a word.
  constexpr uint64_t field(unsigned lo, unsigned width) const {
    assert(width >= 1 && width <= 64 && lo + width <= bits && "a field within the word");
    return bits::extract(limbs_, lo, width);
  }
  constexpr void set_field(unsigned lo, unsigned width, uint64_t value) {
    assert(width >= 1 && width <= 64 && lo + width <= bits && "a field within the word");
    bits::deposit(limbs_, lo, width, value);
  }

  constexpr const uint64_t* limbs() const { return limbs_; }
  constexpr uint64_t* limbs() { return limbs_; }

  friend constexpr bool operator==(const Word& a, const Word& b) {
    for (unsigned i = 0; i < limb_count; ++i)
      if (a.limbs_[i] != b.limbs_[i]) return false;
    return true;
  }

 private:
  constexpr uint64_t raw_lane(unsigned i) const {
    assert(i < Lanes && "lane index within the word");
    // Lanes that divide a limb never straddle two: one shift, and nothing for
    // the compiler to doubt about the limb it reads.
    if constexpr (bits::kLimbBits % LaneBits == 0)
      return (limbs_[i * LaneBits / bits::kLimbBits] >> (i * LaneBits % bits::kLimbBits)) & bits::mask(LaneBits);
    return bits::extract(limbs_, i * LaneBits, LaneBits);
  }

  uint64_t limbs_[limb_count] = {};
};

template <class W>
struct is_word : std::false_type {};
template <unsigned L, unsigned B>
struct is_word<Word<L, B>> : std::true_type {};

}  // namespace loom

#endif  // LOOM_HLS
