// common/binary32.h's comparison, each rule both ways: a NaN matches only a
// NaN (any sign, any payload, quiet or signalling); the two zeros differ; any
// other pair compares bit for bit, one ulp apart differing.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "common/binary32.h"

namespace loom {
namespace {

const uint32_t kQuiet = 0x7fc00000u, kNegativeQuiet = 0xffc00000u, kSignalling = 0x7f800001u, kPayload = 0x7fabcdefu;
const uint32_t kInf = 0x7f800000u, kNegativeInf = 0xff800000u, kZero = 0x00000000u, kNegativeZero = 0x80000000u;

TEST_CASE("a NaN matches any NaN and nothing else, whichever side it is on", "[binary32]") {
  for (const uint32_t a : {kQuiet, kNegativeQuiet, kSignalling, kPayload}) {
    CHECK(binary32_nan(a));
    for (const uint32_t b : {kQuiet, kNegativeQuiet, kSignalling, kPayload}) CHECK(same_binary32(a, b));
    for (const uint32_t number : {kInf, kNegativeInf, kZero, kNegativeZero, binary32_bits(1.0f), binary32_bits(-3.5f)}) {
      INFO(std::hex << a << " against " << number);
      CHECK_FALSE(binary32_nan(number));
      CHECK_FALSE(same_binary32(a, number));
      CHECK_FALSE(same_binary32(number, a));
    }
  }
}

TEST_CASE("+0 and -0 differ, as the reference's one order of additions defines them", "[binary32]") {
  CHECK(same_binary32(kZero, kZero));
  CHECK(same_binary32(kNegativeZero, kNegativeZero));
  CHECK_FALSE(same_binary32(kZero, kNegativeZero));
  CHECK_FALSE(same_binary32(kNegativeZero, kZero));
  // What the reference's order gives: -0 + -0 is -0, x + -x is +0.
  CHECK(binary32_bits(-0.0f + -0.0f) == kNegativeZero);
  CHECK(binary32_bits(2.5f + -2.5f) == kZero);
}

TEST_CASE("every other value compares bit for bit: one ulp apart differs, both ways", "[binary32]") {
  for (const float v : {1.0f, -1.0f, 1e-45f, std::numeric_limits<float>::max(), 3.1415926f}) {
    const uint32_t bits = binary32_bits(v), next = binary32_bits(std::nextafter(v, std::numeric_limits<float>::infinity()));
    INFO(v);
    CHECK(same_binary32(bits, bits));
    CHECK_FALSE(same_binary32(bits, next));
    CHECK_FALSE(same_binary32(next, bits));
    CHECK(binary32(bits) == v);
  }
  CHECK(same_binary32(kInf, kInf));
  CHECK_FALSE(same_binary32(kInf, kNegativeInf));
  // Only the low 32 bits are a lane's value.
  CHECK(same_binary32(uint64_t{0xdead'0000'0000'0000} | binary32_bits(2.0f), binary32_bits(2.0f)));
}

}  // namespace
}  // namespace loom
