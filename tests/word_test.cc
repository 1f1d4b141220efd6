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

// Packs random lanes into a buffer with a guard limb on each side, then checks
// every lane reads back, the guards are intact, and the padding is zero.
bool packs_exactly(unsigned lanes, unsigned lane_bits, std::mt19937_64& rng) {
  const unsigned limbs = bits::limbs_for(lanes * lane_bits);
  std::vector<uint64_t> buffer(limbs + 2, 0);
  buffer.front() = buffer.back() = kGuard;
  uint64_t* word = buffer.data() + 1;
  std::vector<uint64_t> expect(lanes);
  for (unsigned i = 0; i < lanes; ++i) {
    expect[i] = rng() & bits::mask(lane_bits);
    bits::deposit(word, i * lane_bits, lane_bits, rng());  // junk first: deposit must overwrite
    bits::deposit(word, i * lane_bits, lane_bits, expect[i]);
  }
  for (unsigned i = 0; i < lanes; ++i)
    if (bits::extract(word, i * lane_bits, lane_bits) != expect[i]) return false;
  const unsigned used = lanes * lane_bits;
  if (used % 64 != 0 && (word[limbs - 1] >> (used % 64)) != 0) return false;
  return buffer.front() == kGuard && buffer.back() == kGuard;
}

TEST_CASE("every width from 1 to 1024 packs and unpacks exactly, in every lane split", "[word]") {
  std::mt19937_64 rng(1);
  int checked = 0;
  for (unsigned width = 1; width <= 1024; ++width)
    for (unsigned lane_bits = 1; lane_bits <= 64 && lane_bits <= width; ++lane_bits) {
      if (width % lane_bits != 0) continue;
      INFO("width " << width << " as " << width / lane_bits << " x " << lane_bits);
      REQUIRE(packs_exactly(width / lane_bits, lane_bits, rng));
      ++checked;
    }
  CHECK(checked > 1024);
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
  // Nothing is stored above the top lane.
  if (W::bits % 64 != 0) REQUIRE((w.limbs()[W::limb_count - 1] >> (W::bits % 64)) == 0);
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
