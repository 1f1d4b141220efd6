// Loom's stand-in for Vitis HLS's <ap_int.h>, for C simulation with a system
// compiler where Vitis is not installed. With Vitis, its own header is used and
// this one is not. It holds only what Loom's vocabulary and emitted code use,
// so that nothing compiles here that would not compile there:
//
//   ap_uint<W>, 1 <= W <= 1024     ap_int<W>, 1 <= W <= 64
//   T()                 not zero: Vitis leaves it unset, so a fixed pattern
//                       here shows a body that relies on it
//   T(integer)          the value's low W bits (ap_int: sign-extended from bit W-1)
//   T(ap_int<B>), T(ap_uint<B>), T(x.range(hi, lo))   the same, from another width
//   integer conversion  implicit and exact for W <= 64: signed (int64_t) below
//                       64 bits, as Vitis's arithmetic on unsigned operands
//                       widens to signed; ap_uint<64> converts to uint64_t
//   x.range(hi, lo)     bits hi..lo, at most 64 of them: read with .to_uint64()
//                       or an implicit conversion; assign an integer, ap_int or
//                       ap_uint to replace them with its low hi-lo+1 bits
//
// Arithmetic goes through the integer conversion, so it is exact where Vitis's
// widening arithmetic is: every intermediate within 64 bits.
#pragma once

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <type_traits>

template <int W>
class ap_uint;
template <int W>
class ap_int;

namespace loom_standin {

inline uint64_t mask(int width) { return width >= 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1; }

// Bits hi..lo of limbs, as a value.
inline uint64_t get(const uint64_t* limbs, int hi, int lo) {
  const int width = hi - lo + 1, limb = lo / 64, shift = lo % 64;
  uint64_t v = limbs[limb] >> shift;
  if (shift != 0 && shift + width > 64) v |= limbs[limb + 1] << (64 - shift);
  return v & mask(width);
}

inline void put(uint64_t* limbs, int hi, int lo, uint64_t value) {
  const int width = hi - lo + 1, limb = lo / 64, shift = lo % 64;
  value &= mask(width);
  limbs[limb] = (limbs[limb] & ~(mask(width) << shift)) | (value << shift);
  if (shift != 0 && shift + width > 64) {
    const int spill = shift + width - 64;
    limbs[limb + 1] = (limbs[limb + 1] & ~mask(spill)) | (value >> (64 - shift));
  }
}

inline int64_t sign_extend(uint64_t v, int width) {
  if (width >= 64) return static_cast<int64_t>(v);
  const uint64_t sign = uint64_t(1) << (width - 1);
  return static_cast<int64_t>(((v & mask(width)) ^ sign) - sign);
}

// What a default-constructed value holds.
constexpr uint64_t kUnset = 0xa5a5a5a5a5a5a5a5ull;

template <class I>
using if_integer = typename std::enable_if<std::is_integral<I>::value, int>::type;

// The low 64 bits of an ap_uint, for the other stand-ins.
struct access {
  template <int B>
  static uint64_t low64(const ap_uint<B>& v) { return v.limbs_[0]; }
  template <int B>
  static uint64_t limb(const ap_uint<B>& v, int l) { return v.limbs_[l]; }
};

// Bits hi..lo of an ap_uint<W> (what Vitis calls ap_range_ref).
template <int W>
class range_ref {
 public:
  range_ref(uint64_t* limbs, int hi, int lo) : limbs_(limbs), hi_(hi), lo_(lo) {
    if (lo < 0 || hi < lo || hi >= W || hi - lo + 1 > 64) {
      fprintf(stderr, "ap_uint<%d>::range(%d, %d): the stand-in takes 1 to 64 bits within the word\n", W, hi, lo);
      abort();
    }
  }
  uint64_t to_uint64() const { return get(limbs_, hi_, lo_); }
  operator uint64_t() const { return to_uint64(); }  // NOLINT: as Vitis's

  template <class I, if_integer<I> = 0>
  range_ref& operator=(I value) {
    put(limbs_, hi_, lo_, static_cast<uint64_t>(value));
    return *this;
  }
  template <int B>
  range_ref& operator=(const ap_int<B>& value) {
    put(limbs_, hi_, lo_, static_cast<uint64_t>(static_cast<int64_t>(value)));
    return *this;
  }
  template <int B>
  range_ref& operator=(const ap_uint<B>& value) {
    put(limbs_, hi_, lo_, access::low64(value));
    return *this;
  }

 private:
  uint64_t* limbs_;
  int hi_, lo_;
};

}  // namespace loom_standin

template <int W>
class ap_uint {
  static_assert(W >= 1 && W <= 1024, "ap_uint<W> stand-in: 1 <= W <= 1024");

 public:
  typedef typename std::conditional<(W < 64), int64_t, uint64_t>::type integer;

  ap_uint() {
    for (int l = 0; l < limb_count; ++l) limbs_[l] = loom_standin::kUnset;
    trim();
  }
  template <class I, loom_standin::if_integer<I> = 0>
  ap_uint(I value) {  // NOLINT: implicit, as Vitis's
    set(static_cast<uint64_t>(value), std::is_signed<I>::value && value < 0);
  }
  template <int B>
  ap_uint(const ap_int<B>& value) {  // NOLINT
    const int64_t v = value;
    set(static_cast<uint64_t>(v), v < 0);
  }
  template <int B>
  ap_uint(const ap_uint<B>& value) {  // NOLINT
    for (int l = 0; l < limb_count; ++l) limbs_[l] = l < ap_uint<B>::limb_count ? loom_standin::access::limb(value, l) : 0;
    trim();
  }
  template <int B>
  ap_uint(const loom_standin::range_ref<B>& bits) {  // NOLINT
    set(bits.to_uint64(), false);
  }

  operator integer() const {  // NOLINT: implicit and exact, as Vitis's for W <= 64
    static_assert(W <= 64, "ap_uint<W> stand-in: converts to an integer only for W <= 64");
    return static_cast<integer>(limbs_[0]);
  }
  uint64_t to_uint64() const { return limbs_[0]; }

  loom_standin::range_ref<W> range(int hi, int lo) { return loom_standin::range_ref<W>(limbs_, hi, lo); }
  const loom_standin::range_ref<W> range(int hi, int lo) const {
    return loom_standin::range_ref<W>(const_cast<uint64_t*>(limbs_), hi, lo);
  }

 private:
  friend struct loom_standin::access;
  template <int B>
  friend class ap_uint;
  enum { limb_count = (W + 63) / 64 };

  void set(uint64_t low, bool negative) {
    limbs_[0] = low;
    for (int l = 1; l < limb_count; ++l) limbs_[l] = negative ? ~uint64_t(0) : 0;
    trim();
  }
  void trim() {
    if (W % 64 != 0) limbs_[limb_count - 1] &= loom_standin::mask(W % 64);
  }
  uint64_t limbs_[limb_count];
};

template <int W>
class ap_int {
  static_assert(W >= 1 && W <= 64, "ap_int<W> stand-in: 1 <= W <= 64");

 public:
  ap_int() : value_(loom_standin::sign_extend(loom_standin::kUnset, W)) {}
  template <class I, loom_standin::if_integer<I> = 0>
  ap_int(I value) : value_(loom_standin::sign_extend(static_cast<uint64_t>(value), W)) {}  // NOLINT
  template <int B>
  ap_int(const ap_int<B>& value) : value_(loom_standin::sign_extend(static_cast<uint64_t>(static_cast<int64_t>(value)), W)) {}  // NOLINT
  template <int B>
  ap_int(const ap_uint<B>& value) : value_(loom_standin::sign_extend(loom_standin::access::low64(value), W)) {}  // NOLINT
  template <int B>
  ap_int(const loom_standin::range_ref<B>& bits) : value_(loom_standin::sign_extend(bits.to_uint64(), W)) {}  // NOLINT

  operator int64_t() const { return value_; }  // NOLINT: implicit and exact, as Vitis's
  int64_t to_int64() const { return value_; }

 private:
  int64_t value_;
};
