// Packed words must be exact at every width. The Allo simulator corrupted its
// heap on 65-, 72- and 96-bit streams, so those widths are tested by name, and the
// packing core is tested for every width from 1 to 1024 and every way to split it
// into lanes of at most 64 bits.
#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "units/bits.h"
#include "units/word.h"

namespace loom {
namespace {

constexpr uint64_t kGuard = 0xA5A5'5A5A'DEAD'BEEFull;

// The oracle: a field's placement done one bit at a time over a plain bit
// array, as units/bits.h documents it ("least significant bit first": bit b of
// a field at `offset` is bit offset + b of the word, and bit i of the word is
// bit i % 64 of limb i / 64). It shares no shift or mask with deposit and
// extract, so a placement bug common to both, which a round trip of one
// through the other cannot see, shows as a difference from it.
struct BitArray {
  std::vector<bool> bit;
  explicit BitArray(unsigned bits) : bit(bits, false) {}
  void put(unsigned offset, unsigned width, uint64_t value) {
    for (unsigned b = 0; b < width; ++b) bit.at(offset + b) = ((value >> b) & 1) != 0;
  }
  uint64_t get(unsigned offset, unsigned width) const {
    uint64_t v = 0;
    for (unsigned b = 0; b < width; ++b) v |= uint64_t{bit.at(offset + b)} << b;
    return v;
  }
  // Bit i of the limbs, read one at a time: the limbs' layout, stated once.
  static bool limb_bit(const uint64_t* limbs, unsigned i) { return ((limbs[i / 64] >> (i % 64)) & 1) != 0; }
  // The first bit of `limbs` that differs from the array, or -1.
  long first_difference(const uint64_t* limbs, unsigned limb_count) const {
    for (unsigned i = 0; i < limb_count * 64; ++i)
      if (limb_bit(limbs, i) != (i < bit.size() && bit[i])) return static_cast<long>(i);
    return -1;
  }
};

// Packs random lanes into a buffer with a guard limb on each side, then holds
// every bit of the buffer to the bit array the same lanes were placed in bit by
// bit (padding zero included), every extract to the bit array, and the guards.
void packs_exactly(unsigned lanes, unsigned lane_bits, std::mt19937_64& rng) {
  const unsigned limbs = bits::limbs_for(lanes * lane_bits);
  std::vector<uint64_t> buffer(limbs + 2, 0);
  buffer.front() = buffer.back() = kGuard;
  uint64_t* word = buffer.data() + 1;
  BitArray oracle(lanes * lane_bits);
  for (unsigned i = 0; i < lanes; ++i) {
    const uint64_t value = rng();  // deposit keeps its low lane_bits
    bits::deposit(word, i * lane_bits, lane_bits, rng());  // junk first: deposit must overwrite
    bits::deposit(word, i * lane_bits, lane_bits, value);
    oracle.put(i * lane_bits, lane_bits, value);
  }
  REQUIRE(oracle.first_difference(word, limbs) == -1);
  long misread = -1;  // the first lane extract reads otherwise than the array holds it
  for (unsigned i = 0; i < lanes && misread < 0; ++i)
    if (bits::extract(word, i * lane_bits, lane_bits) != oracle.get(i * lane_bits, lane_bits)) misread = i;
  REQUIRE(misread == -1);
  REQUIRE(buffer.front() == kGuard);
  REQUIRE(buffer.back() == kGuard);
}

TEST_CASE("every width from 1 to 1024 packs and unpacks exactly, in every lane split", "[word]") {
  std::mt19937_64 rng(1);
  for (unsigned width = 1; width <= 1024; ++width)
    for (unsigned lane_bits = 1; lane_bits <= 64 && lane_bits <= width; ++lane_bits) {
      if (width % lane_bits != 0) continue;
      INFO("width " << width << " as " << width / lane_bits << " x " << lane_bits);
      packs_exactly(width / lane_bits, lane_bits, rng);
    }
}

TEST_CASE("a field of any width at any offset lands where the bit-by-bit placement puts it, and nothing else moves", "[word]") {
  // Unaligned fields over a random background: the lanes above all start at
  // multiples of their width; these start anywhere, many straddling two limbs.
  std::mt19937_64 rng(5);
  constexpr unsigned kLimbs = 5, kBits = kLimbs * 64;
  for (int trial = 0; trial < 5000; ++trial) {
    const unsigned width = 1 + static_cast<unsigned>(rng() % 64);
    const unsigned offset = static_cast<unsigned>(rng() % (kBits - width + 1));
    uint64_t limbs[kLimbs];
    BitArray oracle(kBits);
    for (unsigned l = 0; l < kLimbs; ++l) {
      limbs[l] = rng();
      oracle.put(l * 64, 64, limbs[l]);
    }
    const uint64_t value = rng();
    bits::deposit(limbs, offset, width, value);
    oracle.put(offset, width, value);
    INFO("width " << width << " at " << offset);
    REQUIRE(oracle.first_difference(limbs, kLimbs) == -1);
    // And extract reads any field, not only the one written, as the array holds it.
    const unsigned w2 = 1 + static_cast<unsigned>(rng() % 64), o2 = static_cast<unsigned>(rng() % (kBits - w2 + 1));
    INFO("read width " << w2 << " at " << o2);
    REQUIRE(bits::extract(limbs, o2, w2) == oracle.get(o2, w2));
  }
}

template <class W>
void check_word(std::mt19937_64& rng) {
  INFO("Word<" << W::lanes << ", " << W::lane_bits << ">");
  W w;
  std::vector<int64_t> values(W::lanes);
  for (unsigned i = 0; i < W::lanes; ++i) {
    values[i] = bits::sign_extend(rng() & bits::mask(W::lane_bits), W::lane_bits);
    w.set_lane(i, values[i]);
  }
  for (unsigned i = 0; i < W::lanes; ++i) {
    REQUIRE(w.lane_signed(i) == values[i]);
    REQUIRE(static_cast<uint64_t>(w.lane(i)) == (static_cast<uint64_t>(values[i]) & bits::mask(W::lane_bits)));
  }
  // Lanes are independent: rewriting one leaves its neighbours alone.
  W copy = w;
  copy.set_lane(W::lanes / 2, ~values[W::lanes / 2]);
  for (unsigned i = 0; i < W::lanes; ++i)
    if (i != W::lanes / 2) REQUIRE(copy.lane_signed(i) == values[i]);
  REQUIRE(!(copy == w));
  // Every bit where the bit-by-bit placement of the lanes puts it, and
  // nothing stored above the top lane.
  BitArray oracle(W::bits);
  for (unsigned i = 0; i < W::lanes; ++i) oracle.put(i * W::lane_bits, W::lane_bits, static_cast<uint64_t>(values[i]));
  REQUIRE(oracle.first_difference(w.limbs(), W::limb_count) == -1);
  REQUIRE(sizeof(W) == W::limb_count * sizeof(uint64_t));
}

TEST_CASE("the widths that broke the Allo simulator (65, 72, 96 bits) are exact", "[word]") {
  std::mt19937_64 rng(2);
  for (int trial = 0; trial < 200; ++trial) {
    check_word<Word<65, 1>>(rng);
    check_word<Word<5, 13>>(rng);
    check_word<Word<13, 5>>(rng);
    check_word<Word<9, 8>>(rng);
    check_word<Word<8, 9>>(rng);
    check_word<Word<3, 24>>(rng);
    check_word<Word<3, 32>>(rng);
    check_word<Word<12, 8>>(rng);
    check_word<Word<2, 48>>(rng);
  }
}

TEST_CASE("the TinyTPU and example words are exact up to 1024 bits", "[word]") {
  std::mt19937_64 rng(3);
  for (int trial = 0; trial < 200; ++trial) {
    check_word<Word<1, 1>>(rng);
    check_word<Word<1, 64>>(rng);
    check_word<Word<4, 8>>(rng);
    check_word<Word<4, 32>>(rng);
    check_word<Word<8, 32>>(rng);
    check_word<Word<16, 32>>(rng);
    check_word<Word<32, 8>>(rng);
    check_word<Word<32, 32>>(rng);
    check_word<Word<16, 64>>(rng);
    check_word<Word<1024, 1>>(rng);
  }
}

// Widths Offset + 1 ... Offset + N. A fold of more than 256 terms is past
// clang's default bracket depth, so the widths come 128 at a time.
template <size_t Offset, size_t... Widths>
void check_typed_widths(std::mt19937_64& rng, std::index_sequence<Widths...>) {
  (check_word<Word<Offset + Widths + 1, 1>>(rng), ...);
}
template <size_t... Chunks>
void check_every_typed_width(std::mt19937_64& rng, std::index_sequence<Chunks...>) {
  (check_typed_widths<128 * Chunks>(rng, std::make_index_sequence<128>()), ...);
}

TEST_CASE("a Word type exists and is exact at every width from 1 to 1024", "[word]") {
  std::mt19937_64 rng(4);
  check_every_typed_width(rng, std::make_index_sequence<8>());  // 8 x 128 = 1024 widths
}

TEST_CASE("lanes keep the low bits of a value and read back as two's complement", "[word]") {
  Word<4, 8> w;
  w.set_lane(0, 127);
  w.set_lane(1, -128);
  w.set_lane(2, 128);   // wraps to -128
  w.set_lane(3, -129);  // wraps to 127
  CHECK(w.lane_signed(0) == 127);
  CHECK(w.lane_signed(1) == -128);
  CHECK(w.lane_signed(2) == -128);
  CHECK(w.lane_signed(3) == 127);
  CHECK(w.lane(1) == 0x80);
  CHECK(Word<4, 8>::shape().to_string() == "4x8");
  CHECK(Word<4, 8>() == Word<4, 8>());
}

}  // namespace
}  // namespace loom
