// Loom's integers (units/ap_int.h: the host's lane types and the stand-in C
// simulation compiles against, one file) held to the rules docs/hls.md states
// for ap_int, with Xilinx's ap_int_base.h as their source. Every operator is
// enumerated over every pair of types of widths 1, 7, 8, 17, 32, 33, 63 and 64,
// signed and unsigned, at each type's edge values (0, 1, -1, the minimum, the
// maximum, the sign bit). The expected results come from the rules, computed
// here on plain 128-bit integers: a result's type from its width formula, its
// value as the exact result (which the rule says it holds), its bits as that
// value modulo 2^width. Nothing is taken from the implementation under test.
#include <catch2/catch.hpp>

#include <tuple>
#include <vector>

#include "units/ap_int.h"

namespace {

using u128 = unsigned __int128;
using s128 = __int128;

// The rules, as docs/hls.md writes them.
constexpr int extended(int w1, bool s1, int w2, bool s2) {
  return std::max(w1 + (s2 && !s1), w2 + (s1 && !s2));
}
constexpr bool comparable(int w1, bool s1, int w2, bool s2) {
  return s1 == s2 || (w1 < 32 && w2 < 32) || (s1 ? w2 < w1 : w1 < w2);
}

// The range a W-bit integer holds.
s128 lowest(int w, bool s) { return s ? -(s128(1) << (w - 1)) : 0; }
s128 highest(int w, bool s) { return s ? (s128(1) << (w - 1)) - 1 : (s128(1) << w) - 1; }

// `v` kept to its low w bits, read signed or not: what a register of w bits holds.
s128 wrap(s128 v, int w, bool s) {
  const u128 low = w >= 128 ? u128(v) : u128(v) & ((u128(1) << w) - 1);
  if (s && w < 128 && (low >> (w - 1)) & 1) return s128(low) - (s128(1) << w);
  return s128(low);
}

// The edge values of a type: 0, 1, -1, the minimum, the maximum and the sign
// bit, each as the type holds it.
std::vector<s128> edges(int w, bool s) {
  std::vector<s128> out;
  for (s128 v : {s128(0), s128(1), s128(-1), lowest(w, s), highest(w, s), s128(1) << (w - 1), highest(w, s) - 1})
    out.push_back(wrap(v, w, s));
  return out;
}

// An ap value's bits, low 128 of them, through its public range().
template <int W, bool S>
u128 bits_of(const ap_int_base<W, S>& v) {
  u128 out = 0;
  for (int lo = 0; lo < W; lo += 64) {
    const int hi = std::min(lo + 63, W - 1);
    out |= u128(v.range(hi, lo).to_uint64()) << lo;
  }
  return out;
}

// Whether `v` holds exactly `expected`: its type's range holds it, and its
// bits are expected's, modulo 2^W.
template <int W, bool S>
bool holds(const ap_int_base<W, S>& v, s128 expected) {
  const u128 mask = W >= 128 ? ~u128(0) : (u128(1) << W) - 1;
  return (bits_of(v) & mask) == (u128(expected) & mask);
}

// Whether an ap type is signed: ap_int, or ap_uint (Vitis names no member for it).
template <class T>
struct signedness;
template <int W>
struct signedness<ap_int<W>> : std::true_type {};
template <int W>
struct signedness<ap_uint<W>> : std::false_type {};

template <int W, bool S>
struct Type {
  static constexpr int width = W;
  static constexpr bool is_signed = S;
  using ap = typename std::conditional<S, ap_int<W>, ap_uint<W>>::type;
};

using Types = std::tuple<Type<1, true>, Type<1, false>, Type<7, true>, Type<7, false>, Type<8, true>, Type<8, false>,
                         Type<17, true>, Type<17, false>, Type<32, true>, Type<32, false>, Type<33, true>,
                         Type<33, false>, Type<63, true>, Type<63, false>, Type<64, true>, Type<64, false>>;

template <class F>
void each_type(F&& f) {
  std::apply([&](auto... t) { (f(t), ...); }, Types{});
}

// Every ordered pair of Types, as one struct of both operands' widths and signedness.
template <class First, class Second>
struct Pair {
  using A = First;
  using B = Second;
  static constexpr int w1 = A::width, w2 = B::width;
  static constexpr bool s1 = A::is_signed, s2 = B::is_signed;
};
template <class F>
void each_pair(F&& f) {
  each_type([&](auto t1) { each_type([&](auto t2) { f(Pair<decltype(t1), decltype(t2)>{}); }); });
}

// How many results were compared, so that a test that checks nothing fails.
struct Count {
  int64_t values = 0;
};

TEST_CASE("construction keeps the low W bits, read signed or not", "[ap]") {
  Count n;
  each_type([&](auto t) {
    using T = decltype(t);
    for (s128 v : {s128(0), s128(1), s128(-1), s128(300), s128(-300), s128(INT64_MIN), s128(INT64_MAX)}) {
      const typename T::ap a(static_cast<int64_t>(v));
      INFO("W=" << T::width << " S=" << T::is_signed << " v=" << static_cast<long long>(v));
      CHECK(holds(a, wrap(v, T::width, T::is_signed)));
      // The implicit integer is the low 64 bits, signed for ap_int.
      CHECK(static_cast<long long>(a) == static_cast<long long>(wrap(v, T::width, T::is_signed)));
      ++n.values;
    }
  });
  CHECK(n.values == 16 * 7);
}

TEST_CASE("+ - * & | ^ have the documented result types and hold the exact result", "[ap]") {
  Count n;
  each_pair([&](auto pair) {
    {
      using P = decltype(pair);
      using A = typename P::A;
      using B = typename P::B;
      constexpr int w1 = P::w1, w2 = P::w2;
      constexpr bool s1 = P::s1, s2 = P::s2;
      constexpr int e = extended(w1, s1, w2, s2);
      const typename A::ap a0(0);
      const typename B::ap b0(0);
      // The types, from the width formulas.
      STATIC_REQUIRE(decltype(a0 + b0)::width == e + 1);
      STATIC_REQUIRE(signedness<decltype(a0 + b0)>::value == (s1 || s2));
      STATIC_REQUIRE(decltype(a0 - b0)::width == e + 1);
      STATIC_REQUIRE(signedness<decltype(a0 - b0)>::value);
      STATIC_REQUIRE(decltype(a0 * b0)::width == w1 + w2);
      STATIC_REQUIRE(signedness<decltype(a0 * b0)>::value == (s1 || s2));
      STATIC_REQUIRE(decltype(a0 & b0)::width == e);
      STATIC_REQUIRE(signedness<decltype(a0 | b0)>::value == (s1 || s2));
      for (s128 x : edges(w1, s1))
        for (s128 y : edges(w2, s2)) {
          const typename A::ap a(static_cast<int64_t>(x));
          const typename B::ap b(static_cast<int64_t>(y));
          INFO("W1=" << w1 << " S1=" << s1 << " W2=" << w2 << " S2=" << s2 << " x=" << static_cast<long long>(x)
                     << " y=" << static_cast<long long>(y));
          // The result holds the exact value: it lies in its type's range...
          const s128 sum = x + y, difference = x - y;
          CHECK(sum >= lowest(e + 1, s1 || s2));
          CHECK(sum <= highest(e + 1, s1 || s2));
          CHECK(holds(a + b, sum));
          CHECK(holds(a - b, difference));
          // ...a product as the exact product modulo 2^128, which for these
          // widths (at most 128 bits) is the product itself.
          CHECK(holds(a * b, s128(u128(x) * u128(y))));
          CHECK(holds(a & b, x & y));
          CHECK(holds(a | b, x | y));
          CHECK(holds(a ^ b, x ^ y));
          ++n.values;
        }
    }
  });
  CHECK(n.values > 16 * 16 * 4);
}

TEST_CASE("a native integer is an ap value of its own width and signedness", "[ap]") {
  const ap_uint<8> u(200);
  const ap_int<8> s(-3);
  STATIC_REQUIRE(decltype(u + 1)::width == extended(8, false, 32, true) + 1);  // int: 32 bits, signed
  STATIC_REQUIRE(decltype(u + 1u)::width == 33);                              // unsigned: 32 bits
  STATIC_REQUIRE(decltype(s * int64_t(1))::width == 72);                       // int64_t: 64 signed
  STATIC_REQUIRE(decltype(u + true)::width == 9);                              // bool: 1 bit, unsigned
  STATIC_REQUIRE(signedness<decltype(1 - u)>::value);
  CHECK(holds(u + 1, 201));
  CHECK(holds(1 - u, -199));
  CHECK(holds(s * int64_t(INT64_MAX), s128(-3) * INT64_MAX));
  CHECK(holds(u + true, 201));
}

TEST_CASE("the issue's four expressions, as real ap_int computes them", "[ap]") {
  CHECK(static_cast<long long>(ap_uint<8>(128) << 1) == 0);
  CHECK(static_cast<long long>(ap_int<8>(127) << 4) == -16);
  CHECK(static_cast<long long>(~ap_uint<8>(128)) == 127);
  CHECK((ap_uint<64>(0) - 1) < 0);
}

TEST_CASE("shifts keep the left operand's type; a negative amount shifts back; W or more empties", "[ap]") {
  Count n;
  each_type([&](auto t) {
    using T = decltype(t);
    constexpr int w = T::width;
    constexpr bool s = T::is_signed;
    STATIC_REQUIRE(decltype(typename T::ap(0) << 3)::width == w);
    STATIC_REQUIRE(signedness<decltype(typename T::ap(0) >> ap_int<8>(3))>::value == s);
    for (s128 x : edges(w, s))
      for (int k : {0, 1, w - 1, w, w + 1, 100}) {
        const typename T::ap a(static_cast<int64_t>(x));
        INFO("W=" << w << " S=" << s << " x=" << static_cast<long long>(x) << " k=" << k);
        const s128 left = k >= w ? 0 : wrap(s128(u128(x) << k), w, s);
        const s128 right = k >= w ? (x < 0 ? -1 : 0) : (x >> k);  // arithmetic: floor(x / 2^k)
        CHECK(holds(a << k, left));
        CHECK(holds(a >> k, right));
        CHECK(holds(a >> -k, left));  // a negative amount shifts the other way
        CHECK(holds(a << -k, right));
        CHECK(holds(a << ap_int<9>(k), left));
        CHECK(holds(a >> ap_int<9>(-k), left));
        CHECK(holds(a >> ap_uint<9>(k), right));
        ++n.values;
      }
  });
  CHECK(n.values == 16 * 7 * 6);
}

TEST_CASE("~ and unary + keep the type, unary - widens and is signed, ! tests zero", "[ap]") {
  each_type([&](auto t) {
    using T = decltype(t);
    constexpr int w = T::width;
    constexpr bool s = T::is_signed;
    STATIC_REQUIRE(decltype(~typename T::ap(0))::width == w);
    STATIC_REQUIRE(decltype(-typename T::ap(0))::width == std::max(w, 1 + s) + 1);
    STATIC_REQUIRE(signedness<decltype(-typename T::ap(0))>::value);
    for (s128 x : edges(w, s)) {
      const typename T::ap a(static_cast<int64_t>(x));
      INFO("W=" << w << " S=" << s << " x=" << static_cast<long long>(x));
      CHECK(holds(~a, wrap(-x - 1, w, s)));
      CHECK(holds(-a, -x));
      CHECK(holds(+a, x));
      CHECK(!a == (x == 0));
    }
  });
}

TEST_CASE("comparisons are exact, and mixed signedness compiles only where every implementation is", "[ap]") {
  Count n;
  each_pair([&](auto pair) {
    {
      using P = decltype(pair);
      using A = typename P::A;
      using B = typename P::B;
      constexpr int w1 = P::w1, w2 = P::w2;
      constexpr bool s1 = P::s1, s2 = P::s2;
      if constexpr (comparable(w1, s1, w2, s2)) {
        for (s128 x : edges(w1, s1))
          for (s128 y : edges(w2, s2)) {
            const typename A::ap a(static_cast<int64_t>(x));
            const typename B::ap b(static_cast<int64_t>(y));
            INFO("W1=" << w1 << " S1=" << s1 << " W2=" << w2 << " S2=" << s2 << " x=" << static_cast<long long>(x)
                       << " y=" << static_cast<long long>(y));
            CHECK((a < b) == (x < y));
            CHECK((a <= b) == (x <= y));
            CHECK((a > b) == (x > y));
            CHECK((a >= b) == (x >= y));
            CHECK((a == b) == (x == y));
            CHECK((a != b) == (x != y));
            ++n.values;
          }
      }
    }
  });
  // Same signedness: 2 x 8 x 8 pairs; mixed: where both are under 32 bits, or the unsigned is narrower.
  CHECK(n.values > 128 * 9);
  CHECK((ap_uint<8>(255) < -1) == false);
  CHECK((ap_int<33>(-1) < ap_uint<32>(0)) == true);
}

TEST_CASE("compound assignment and ++ -- keep the left operand's width", "[ap]") {
  each_type([&](auto t) {
    using T = decltype(t);
    constexpr int w = T::width;
    constexpr bool s = T::is_signed;
    for (s128 x : edges(w, s)) {
      INFO("W=" << w << " S=" << s << " x=" << static_cast<long long>(x));
      typename T::ap a(static_cast<int64_t>(x));
      a += 3;
      CHECK(holds(a, wrap(x + 3, w, s)));
      a -= 5;
      CHECK(holds(a, wrap(x - 2, w, s)));
      a *= -1;
      CHECK(holds(a, wrap(-wrap(x - 2, w, s), w, s)));
      typename T::ap b(static_cast<int64_t>(x));
      ++b;
      CHECK(holds(b, wrap(x + 1, w, s)));
      const auto old = b--;
      CHECK(holds(old, wrap(x + 1, w, s)));
      CHECK(holds(b, x));
      b <<= 1;
      CHECK(holds(b, wrap(s128(u128(x) << 1), w, s)));
    }
  });
}

TEST_CASE("a range reads and writes bits in place, at any offset of a wide word", "[ap]") {
  ap_uint<256> word(0);
  word.range(200, 137) = 0x0123456789abcdefull;
  CHECK(word.range(200, 137).to_uint64() == 0x0123456789abcdefull);
  CHECK(word.range(136, 73).to_uint64() == 0);
  CHECK(ap_uint<64>(word.range(200, 137)).to_uint64() == 0x0123456789abcdefull);
  ap_int<17> narrow(-1);
  narrow.range(15, 8) = 0;
  CHECK(static_cast<long long>(narrow) == -65536 + 255);  // bit 16 still set: the sign
}

TEST_CASE("a range in arithmetic and comparisons is an ap_uint of the whole value's width", "[ap]") {
  // ap_int_ref.h: a range reads as ap_int_base<W, false>, W the value's width.
  const ap_uint<8> x(3);
  const ap_int<8> m1(-1);
  STATIC_REQUIRE(decltype(x.range(3, 0) - 5)::width == extended(8, false, 32, true) + 1);
  CHECK(holds(x.range(3, 0) - 5, -2));
  CHECK(x.range(3, 0) - 5 < 0);
  CHECK(!(x.range(7, 0) < m1));  // 3 against -1, both under 32 bits: compared exactly
  CHECK(holds(x.range(7, 0) * m1, -3));
  CHECK(holds(~x.range(7, 0), 252));
  CHECK(holds(x.range(1, 0) << 3, 24));
}

}  // namespace
