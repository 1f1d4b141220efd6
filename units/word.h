// A packed word: `Lanes` lanes of `LaneBits` bits each, as one channel token or
// one memory row. Its type is derived from the pair, so a channel's width and its
// lane count cannot disagree. Exact at every width: lanes are packed back to back
// with no padding, and bits above lanes * lane_bits are always zero.
#pragma once

#include <cassert>
#include <cstdint>
#include <string>
#include <type_traits>

#include "units/bits.h"

namespace loom {

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

  // The lane's bits, zero-extended.
  constexpr uint64_t lane(unsigned i) const {
    assert(i < Lanes && "lane index within the word");
    // Lanes that divide a limb never straddle two: one shift, and nothing for
    // the compiler to doubt about the limb it reads.
    if constexpr (bits::kLimbBits % LaneBits == 0)
      return (limbs_[i * LaneBits / bits::kLimbBits] >> (i * LaneBits % bits::kLimbBits)) & bits::mask(LaneBits);
    return bits::extract(limbs_, i * LaneBits, LaneBits);
  }
  // The lane read as a two's complement integer.
  constexpr int64_t lane_signed(unsigned i) const { return bits::sign_extend(lane(i), LaneBits); }
  // Keeps the low LaneBits bits of `value`, as hardware would.
  constexpr void set_lane(unsigned i, int64_t value) {
    assert(i < Lanes && "lane index within the word");
    if constexpr (bits::kLimbBits % LaneBits == 0) {
      const unsigned shift = i * LaneBits % bits::kLimbBits;
      uint64_t& limb = limbs_[i * LaneBits / bits::kLimbBits];
      limb = (limb & ~(bits::mask(LaneBits) << shift)) | ((static_cast<uint64_t>(value) & bits::mask(LaneBits)) << shift);
    } else {
      bits::deposit(limbs_, i * LaneBits, LaneBits, static_cast<uint64_t>(value));
    }
  }

  constexpr const uint64_t* limbs() const { return limbs_; }
  constexpr uint64_t* limbs() { return limbs_; }

  friend constexpr bool operator==(const Word& a, const Word& b) {
    for (unsigned i = 0; i < limb_count; ++i)
      if (a.limbs_[i] != b.limbs_[i]) return false;
    return true;
  }

 private:
  uint64_t limbs_[limb_count] = {};
};

template <class W>
struct is_word : std::false_type {};
template <unsigned L, unsigned B>
struct is_word<Word<L, B>> : std::true_type {};

}  // namespace loom
