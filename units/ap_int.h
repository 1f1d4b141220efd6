// Loom's ap_int<W> and ap_uint<W>: the integer semantics of Xilinx's ap_int.h
// (UG1399, "Arbitrary Precision Data Types"; Xilinx/HLS_arbitrary_Precision_Types,
// include/ap_int_base.h), written once and used twice: as the host's lane
// types (loom::Int, loom::UInt in units/word.h), and as the stand-in for
// Vitis's <ap_int.h> that an emitted project C-simulates against without
// Vitis (standin/ap_int.h). So a body computes the same on the host, in C
// simulation and in Vitis; docs/hls.md's table gives every rule and its source.
//
//   construction    from an integer or another width: the low W bits, read
//                   signed (ap_int) or unsigned (ap_uint); from a float: refused
//   + -             max(W1 + (S2 && !S1), W2 + (S1 && !S2)) + 1 bits, signed if
//                   either is (- always signed): exact
//   *               W1 + W2 bits, signed if either is: exact
//   & | ^           max(W1 + (S2 && !S1), W2 + (S1 && !S2)) bits
//   << >>           the left operand's type; a negative amount shifts the other
//                   way; an amount of W or more gives 0 (or -1: >> of a negative)
//   ~  unary +      the operand's type;  unary -: max(W, 1 + S) + 1 bits, signed
//   comparisons     exact; between signed and unsigned only where every
//                   implementation is exact (the unsigned one narrower, or both
//                   under 32 bits), refused at compile time otherwise
//   / %             refused at compile time: ap_int's C simulation divides a
//                   narrower negative by an unsigned operand as unsigned
//   (a, b)          refused: Vitis concatenates, C++ keeps b
//   x.range(h, l)   in arithmetic and comparisons, an ap_uint<W> of its bits
//   op=  ++ --      the result kept to the left operand's width
//   integer         implicit: long long (ap_int) or unsigned long long (ap_uint),
//                   the low 64 bits
//   a native integer operand is an ap_int_base of its own width and signedness
//   (bool: 1 bit, unsigned; int: 32 signed; int64_t: 64 signed).
//
// Arithmetic is exact up to 128 bits; an operator whose result would be wider
// is refused at compile time ("Loom's integers stop at 128 bits"). Wider
// ap_uint (a packed word) holds bits and ranges, and converts, but has no
// arithmetic. x.range(hi, lo) takes at most 64 bits. A default-constructed
// value is not zero: Vitis leaves it unset, so a fixed pattern here shows a
// body that relies on it.
//
// C++14, with <stdint.h>, <stdio.h>, <stdlib.h> and <type_traits> only.
#pragma once

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <type_traits>

template <int W, bool S>
class ap_int_base;
template <int W>
class ap_int;
template <int W>
class ap_uint;
template <int W, bool S>
class ap_range_ref;

namespace loom_ap {

typedef unsigned __int128 u128;
typedef __int128 s128;

// The widest result an operator may have.
constexpr int kArithBits = 128;

constexpr int max_of(int a, int b) { return a > b ? a : b; }

// What a default-constructed value holds.
constexpr uint64_t kUnset = 0xa5a5a5a5a5a5a5a5ull;

// How a value of W bits is kept: exactly, sign- or zero-extended, in 64 bits
// where it fits and in 128 where it does not (W <= 128).
template <int W, bool S>
struct store {
  typedef typename std::conditional<(W <= 64), typename std::conditional<S, int64_t, uint64_t>::type,
                                    typename std::conditional<S, s128, u128>::type>::type type;
  typedef typename std::conditional<(W <= 64), uint64_t, u128>::type bits;
};

// The low W bits of `raw`, sign- or zero-extended to the store.
template <int W, bool S>
constexpr typename store<W, S>::type normalize(typename store<W, S>::bits raw) {
  typedef typename store<W, S>::bits B;
  typedef typename store<W, S>::type V;
  const int width = static_cast<int>(sizeof(B) * 8);
  if (W >= width) return static_cast<V>(raw);
  const int w = W < width ? W : 1;  // W, which the branch above keeps below the store's width
  const B low = raw & ((B(1) << w) - 1);
  if (!S) return static_cast<V>(low);
  const B sign = B(1) << (w - 1);
  return static_cast<V>((low ^ sign) - sign);  // two's complement, without a signed overflow
}

// A native integer as ap_int_base: its width and signedness.
template <class I>
struct native {
  static const int width = std::is_same<I, bool>::value ? 1 : static_cast<int>(sizeof(I) * 8);
  static const bool is_signed = std::is_signed<I>::value;
  typedef ap_int_base<width, is_signed> type;
};
template <class I>
using if_native = typename std::enable_if<std::is_integral<I>::value, int>::type;

template <class T>
struct is_ap : std::false_type {};
template <int W, bool S>
struct is_ap<ap_int_base<W, S> > : std::true_type {};
template <int W>
struct is_ap<ap_int<W> > : std::true_type {};
template <int W>
struct is_ap<ap_uint<W> > : std::true_type {};

// ap_int<W> or ap_uint<W> (Xilinx's _ap_int_factory): what an operator returns.
template <int W, bool S>
struct factory {
  typedef ap_int<W> type;
};
template <int W>
struct factory<W, false> {
  typedef ap_uint<W> type;
};

// The result types (ap_int_base::RType in Xilinx's ap_int_base.h).
template <int W1, bool S1, int W2, bool S2>
struct rtype {
  static const int extended = max_of(W1 + (S2 && !S1), W2 + (S1 && !S2));
  static const bool either = S1 || S2;
  typedef typename factory<extended + 1, either>::type plus;
  typedef ap_int<extended + 1> minus;
  typedef typename factory<W1 + W2, either>::type mult;
  typedef typename factory<extended, either>::type logic;
};

// A comparison of a signed and an unsigned operand that every implementation
// computes exactly: C simulation compares them unsigned when the unsigned one
// is as wide as the signed one or wider, unless both are under 32 bits.
template <int W1, bool S1, int W2, bool S2>
struct exact_compare {
  static const bool value =
      S1 == S2 || (W1 < 32 && W2 < 32) || (S1 ? W2 < W1 : W1 < W2);
};

template <class T>
struct always_false : std::false_type {};

// Whether a native integer is below zero (bool and unsigned types never are).
template <class I>
constexpr bool is_negative(I value) {
  return std::is_signed<I>::value && !std::is_same<I, bool>::value && value < I(0);
}
constexpr bool is_negative(bool) { return false; }

// The bits of a value of more than 128 bits: a packed word, with no arithmetic.
template <int W>
struct limbs {
  static const int count = (W + 63) / 64;
};

inline uint64_t mask64(int width) { return width >= 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1; }

// The representation, for this file's operators only: it is private to the
// types, so that a body cannot use what Vitis's ap_int does not have.
struct access {
  template <class T>
  static constexpr auto value(const T& t) -> decltype(t.value()) { return t.value(); }
  template <class T>
  static constexpr auto raw(const T& t) -> decltype(t.raw()) { return t.raw(); }
  template <class T, class B>
  static constexpr void assign_raw(T& t, B raw) { t.assign_raw(raw); }
  template <class T, class B>
  static constexpr void assign_exact(T& t, B raw) { t.assign_exact(raw); }
  template <class T, class V>
  static constexpr void assign_value(T& t, V v) { t.assign_value(v); }
  template <class T>
  static bool negative(const T& t) { return t.negative(); }
  template <class T>
  static uint64_t low64(const T& t) { return t.low64(); }
  template <class T>
  static uint64_t limb(const T& t, int l) { return t.limb(l); }
  template <class T>
  static uint64_t get_bits(const T& t, int hi, int lo) { return t.get_bits(hi, lo); }
  template <class T>
  static void set_bits(T& t, int hi, int lo, uint64_t v) { t.set_bits(hi, lo, v); }
};

template <class T>
struct is_range : std::false_type {};
template <int W, bool S>
struct is_range<ap_range_ref<W, S> > : std::true_type {};

}  // namespace loom_ap

// Bits hi..lo of a value, at most 64 (Vitis's ap_range_ref): assigned an
// integer or an ap value's low hi-lo+1 bits; read, and in arithmetic and
// comparisons, as Vitis's is, an ap_uint of the whole value's width W holding
// those bits (ap_int_ref.h).
template <int W, bool S>
class ap_range_ref {
 public:
  ap_range_ref(ap_int_base<W, S>* of, int hi, int lo) : of_(of), hi_(hi), lo_(lo) {
    if (lo < 0 || hi < lo || hi >= W || hi - lo + 1 > 64) {
      fprintf(stderr, "ap_int<%d>::range(%d, %d): Loom's ap_int takes 1 to 64 bits within the value\n", W, hi, lo);
      abort();
    }
  }
  ap_range_ref(const ap_range_ref&) = default;
  uint64_t to_uint64() const { return loom_ap::access::get_bits(*of_, hi_, lo_); }
  operator unsigned long long() const { return to_uint64(); }  // NOLINT: as Vitis's

  template <class I, loom_ap::if_native<I> = 0>
  ap_range_ref& operator=(I value) {
    loom_ap::access::set_bits(*of_, hi_, lo_, static_cast<uint64_t>(value));
    return *this;
  }
  template <int W2, bool S2>
  ap_range_ref& operator=(const ap_int_base<W2, S2>& value) {
    loom_ap::access::set_bits(*of_, hi_, lo_, loom_ap::access::low64(value));
    return *this;
  }
  ap_range_ref& operator=(const ap_range_ref& other) {
    loom_ap::access::set_bits(*of_, hi_, lo_, other.to_uint64());
    return *this;
  }

 private:
  ap_int_base<W, S>* of_;
  int hi_, lo_;
};

// Up to 128 bits: the value itself, exactly.
template <int W, bool S, bool Arith = (W <= loom_ap::kArithBits)>
class ap_storage {
 public:
  typedef typename loom_ap::store<W, S>::type value_type;
  typedef typename loom_ap::store<W, S>::bits bits_type;
  constexpr ap_storage() : v_(loom_ap::normalize<W, S>(fill())) {}

 protected:
  friend struct loom_ap::access;
  constexpr value_type value() const { return v_; }
  constexpr bits_type raw() const { return static_cast<bits_type>(v_); }
  constexpr void assign_raw(bits_type raw) { v_ = loom_ap::normalize<W, S>(raw); }
  // `raw` already holds the value, sign- or zero-extended: an exact result.
  constexpr void assign_exact(bits_type raw) { v_ = static_cast<value_type>(raw); }
  template <class V>
  constexpr void assign_value(V v) { v_ = static_cast<value_type>(v); }
  // From a value that is `negative` (sign-extended) or not, its low 128 bits in `raw`.
  constexpr void assign_wide(loom_ap::u128 raw, bool) { assign_raw(static_cast<bits_type>(raw)); }
  uint64_t low64() const { return static_cast<uint64_t>(raw()); }
  uint64_t get_bits(int hi, int lo) const {
    return static_cast<uint64_t>(raw() >> lo) & loom_ap::mask64(hi - lo + 1);
  }
  void set_bits(int hi, int lo, uint64_t value) {
    const bits_type field = static_cast<bits_type>(loom_ap::mask64(hi - lo + 1)) << lo;
    assign_raw((raw() & ~field) | ((static_cast<bits_type>(value) << lo) & field));
  }
  // Limb l of the value's bits (l < 2), for a wider value built from this one.
  uint64_t limb(int l) const { return static_cast<uint64_t>(static_cast<loom_ap::u128>(raw()) >> (64 * l)); }
  bool negative() const { return S && v_ < 0; }

 private:
  static constexpr bits_type fill() {
    return static_cast<bits_type>(loom_ap::kUnset) |
           (sizeof(bits_type) > 8 ? static_cast<bits_type>(static_cast<loom_ap::u128>(loom_ap::kUnset) << 32 << 32) : 0);
  }
  value_type v_;
};

// More than 128 bits: limbs, low first, the bits above W zero (or the sign).
template <int W, bool S>
class ap_storage<W, S, false> {
 public:
  ap_storage() {
    for (int l = 0; l < count; ++l) limbs_[l] = loom_ap::kUnset;
    trim();
  }

 protected:
  friend struct loom_ap::access;
  void assign_wide(loom_ap::u128 raw, bool negative) {
    for (int l = 0; l < count; ++l)
      limbs_[l] = l < 2 ? static_cast<uint64_t>(raw >> (64 * l)) : (negative ? ~uint64_t(0) : 0);
    trim();
  }
  uint64_t low64() const { return limbs_[0]; }
  uint64_t limb(int l) const { return l < count ? limbs_[l] : (negative() ? ~uint64_t(0) : 0); }
  void set_limb(int l, uint64_t v) { limbs_[l] = v; }
  void trim() {
    const int used = W % 64 == 0 ? 64 : W % 64;  // bits of the top limb the value has
    if (used == 64) return;
    const uint64_t top = loom_ap::mask64(used);
    limbs_[count - 1] = S && (limbs_[count - 1] >> (used - 1) & 1) ? limbs_[count - 1] | ~top : limbs_[count - 1] & top;
  }
  uint64_t get_bits(int hi, int lo) const {
    const int width = hi - lo + 1, limb = lo / 64, shift = lo % 64;
    uint64_t v = limbs_[limb] >> shift;
    if (shift != 0 && shift + width > 64) v |= limbs_[limb + 1] << (64 - shift);
    return v & loom_ap::mask64(width);
  }
  void set_bits(int hi, int lo, uint64_t value) {
    const int width = hi - lo + 1, limb = lo / 64, shift = lo % 64;
    value &= loom_ap::mask64(width);
    limbs_[limb] = (limbs_[limb] & ~(loom_ap::mask64(width) << shift)) | (value << shift);
    if (shift != 0 && shift + width > 64) {
      const int spill = shift + width - 64;
      limbs_[limb + 1] = (limbs_[limb + 1] & ~loom_ap::mask64(spill)) | (value >> (64 - shift));
    }
    trim();
  }
  bool negative() const { return S && (limbs_[count - 1] >> 63 & 1); }

 private:
  static const int count = loom_ap::limbs<W>::count;
  uint64_t limbs_[count];
};

template <int W, bool S>
class ap_int_base : public ap_storage<W, S> {
  static_assert(W >= 1 && W <= 1024, "ap_int<W>: 1 <= W <= 1024 (AP_INT_MAX_W)");
  typedef ap_storage<W, S> storage;

 public:
  static const int width = W;

  constexpr ap_int_base() = default;
  template <class I, loom_ap::if_native<I> = 0>
  constexpr ap_int_base(I value) {  // NOLINT: implicit, as Vitis's
    this->assign_wide(static_cast<loom_ap::u128>(value), loom_ap::is_negative(value));
  }
  template <int W2, bool S2>
  constexpr ap_int_base(const ap_int_base<W2, S2>& other) {  // NOLINT
    assign_from(other);
  }
  template <int W2, bool S2>
  ap_int_base(const ap_range_ref<W2, S2>& bits) {  // NOLINT
    this->assign_wide(bits.to_uint64(), false);
  }
  template <class F, typename std::enable_if<std::is_floating_point<F>::value, int>::type = 0>
  ap_int_base(F) {
    static_assert(loom_ap::always_false<F>::value,
                  "loom: an ap_int from a float is refused (Vitis's C simulation rounds a small negative "
                  "value to 1); convert through int64_t first");
  }

  // The low 64 bits, as Vitis's implicit conversion gives them.
  typedef typename std::conditional<S, long long, unsigned long long>::type integer;
  operator integer() const { return static_cast<integer>(this->low64()); }  // NOLINT: as Vitis's
  long long to_int64() const { return static_cast<long long>(this->low64()); }
  unsigned long long to_uint64() const { return this->low64(); }
  int to_int() const { return static_cast<int>(this->low64()); }
  unsigned to_uint() const { return static_cast<unsigned>(this->low64()); }
  bool to_bool() const { return this->low64() != 0; }
  int length() const { return W; }

  ap_range_ref<W, S> range(int hi, int lo) { return ap_range_ref<W, S>(this, hi, lo); }
  const ap_range_ref<W, S> range(int hi, int lo) const {
    return ap_range_ref<W, S>(const_cast<ap_int_base*>(this), hi, lo);
  }

  // Compound assignment: the result kept to this width.
  template <class T>
  ap_int_base& operator+=(const T& b) { return *this = *this + b; }
  template <class T>
  ap_int_base& operator-=(const T& b) { return *this = *this - b; }
  template <class T>
  ap_int_base& operator*=(const T& b) { return *this = *this * b; }
  template <class T>
  ap_int_base& operator&=(const T& b) { return *this = *this & b; }
  template <class T>
  ap_int_base& operator|=(const T& b) { return *this = *this | b; }
  template <class T>
  ap_int_base& operator^=(const T& b) { return *this = *this ^ b; }
  template <class T>
  ap_int_base& operator<<=(const T& b) { return *this = *this << b; }
  template <class T>
  ap_int_base& operator>>=(const T& b) { return *this = *this >> b; }
  ap_int_base& operator++() { return *this += 1; }
  ap_int_base& operator--() { return *this -= 1; }
  const ap_int_base operator++(int) {
    const ap_int_base old = *this;
    *this += 1;
    return old;
  }
  const ap_int_base operator--(int) {
    const ap_int_base old = *this;
    *this -= 1;
    return old;
  }

 private:
  template <int W2, bool S2>
  constexpr void assign_from(const ap_int_base<W2, S2>& other) {
    assign_from_impl(other, std::integral_constant<bool, (W2 <= loom_ap::kArithBits)>());
  }
  template <int W2, bool S2>
  constexpr void assign_from_impl(const ap_int_base<W2, S2>& other, std::true_type) {
    // Every value of the source fits: it is copied. Otherwise sign- or
    // zero-extended by the source's signedness, then kept to W bits.
    assign_narrow(other, std::integral_constant<bool, (W <= loom_ap::kArithBits &&
                                                       (S2 == S ? W2 <= W : (!S2 && W2 < W)))>());
  }
  template <int W2, bool S2>
  constexpr void assign_narrow(const ap_int_base<W2, S2>& other, std::true_type) {
    loom_ap::access::assign_value(*this, loom_ap::access::value(other));
  }
  template <int W2, bool S2>
  constexpr void assign_narrow(const ap_int_base<W2, S2>& other, std::false_type) {
    this->assign_wide(static_cast<loom_ap::u128>(loom_ap::access::value(other)), loom_ap::access::negative(other));
  }
  template <int W2, bool S2>
  void assign_from_impl(const ap_int_base<W2, S2>& other, std::false_type) {
    copy_limbs(other, std::integral_constant<bool, (W <= loom_ap::kArithBits)>());
  }
  template <int W2, bool S2>
  void copy_limbs(const ap_int_base<W2, S2>& other, std::true_type) {
    this->assign_wide(static_cast<loom_ap::u128>(loom_ap::access::limb(other, 0)) |
                          static_cast<loom_ap::u128>(loom_ap::access::limb(other, 1)) << 64,
                      false);
  }
  template <int W2, bool S2>
  void copy_limbs(const ap_int_base<W2, S2>& other, std::false_type) {
    for (int l = 0; l < loom_ap::limbs<W>::count; ++l) this->set_limb(l, loom_ap::access::limb(other, l));
    this->trim();
  }
};

template <int W>
class ap_int : public ap_int_base<W, true> {
  typedef ap_int_base<W, true> base;

 public:
  constexpr ap_int() = default;
  template <class T>
  constexpr ap_int(const T& value) : base(value) {}  // NOLINT: implicit, as Vitis's
};

template <int W>
class ap_uint : public ap_int_base<W, false> {
  typedef ap_int_base<W, false> base;

 public:
  constexpr ap_uint() = default;
  template <class T>
  constexpr ap_uint(const T& value) : base(value) {}  // NOLINT: implicit, as Vitis's
};

namespace loom_ap {

// An operator's operands, both converted to its result type R: exact, since R
// holds every value either can take.
template <class R>
constexpr typename R::bits_type as(const R& r) {
  return access::raw(r);
}
template <class R>
constexpr R from_raw(typename R::bits_type raw) {
  R r;
  access::assign_raw(r, raw);
  return r;
}
// An operator's exact result (+ - * on operands that R holds, or & | ^ on
// them sign- or zero-extended): its bits are the value, already extended.
template <class R>
constexpr R from_exact(typename R::bits_type raw) {
  R r;
  access::assign_exact(r, raw);
  return r;
}
template <int W>
struct arith {
  static_assert(W <= kArithBits, "loom: this operator's result is wider than 128 bits; Loom's integers stop at 128 bits");
};

}  // namespace loom_ap

#define LOOM_AP_BINARY_(op, kind)                                                                        \
  template <int W1, bool S1, int W2, bool S2>                                                           \
  typename loom_ap::rtype<W1, S1, W2, S2>::kind operator op(const ap_int_base<W1, S1>& a,               \
                                                            const ap_int_base<W2, S2>& b) {             \
    typedef typename loom_ap::rtype<W1, S1, W2, S2>::kind R;                                            \
    (void)loom_ap::arith<R::width>();                                                                   \
    return loom_ap::from_exact<R>(loom_ap::as(R(a)) op loom_ap::as(R(b)));                              \
  }                                                                                                     \
  template <int W1, bool S1, class I, loom_ap::if_native<I> = 0>                                         \
  typename loom_ap::rtype<W1, S1, loom_ap::native<I>::width, loom_ap::native<I>::is_signed>::kind       \
  operator op(const ap_int_base<W1, S1>& a, I b) {                                                      \
    return a op typename loom_ap::native<I>::type(b);                                                   \
  }                                                                                                     \
  template <int W2, bool S2, class I, loom_ap::if_native<I> = 0>                                         \
  typename loom_ap::rtype<loom_ap::native<I>::width, loom_ap::native<I>::is_signed, W2, S2>::kind       \
  operator op(I a, const ap_int_base<W2, S2>& b) {                                                      \
    return typename loom_ap::native<I>::type(a) op b;                                                   \
  }

LOOM_AP_BINARY_(+, plus)
LOOM_AP_BINARY_(-, minus)
LOOM_AP_BINARY_(*, mult)
LOOM_AP_BINARY_(&, logic)
LOOM_AP_BINARY_(|, logic)
LOOM_AP_BINARY_(^, logic)
#undef LOOM_AP_BINARY_

// / and %: refused, with or without a native operand.
#define LOOM_AP_REFUSED_(op)                                                                              \
  template <class A, class B,                                                                            \
            typename std::enable_if<loom_ap::is_ap<A>::value || loom_ap::is_ap<B>::value ||               \
                                        loom_ap::is_range<A>::value || loom_ap::is_range<B>::value,        \
                                    int>::type = 0>                                                        \
  A operator op(const A&, const B&) {                                                                    \
    static_assert(loom_ap::always_false<A>::value,                                                        \
                  "loom: / and % on ap_int are refused: Vitis's C simulation divides a narrower negative "  \
                  "by an unsigned operand as unsigned; convert to int64_t, whose division C++ defines");   \
    return A();                                                                                           \
  }
LOOM_AP_REFUSED_(/)
LOOM_AP_REFUSED_(%)
#undef LOOM_AP_REFUSED_

// Shifts: the left operand's width and signedness, as ap_int or ap_uint.
namespace loom_ap {
template <int W, bool S>
typename factory<W, S>::type shift(const ap_int_base<W, S>& a, uint64_t amount, bool left) {
  (void)arith<W>();
  typedef typename factory<W, S>::type L;
  typedef typename L::bits_type B;
  if (amount >= static_cast<uint64_t>(W)) return from_raw<L>(left || !access::negative(a) ? B(0) : ~B(0));
  if (left) return from_raw<L>(access::raw(a) << amount);
  return from_raw<L>(static_cast<typename L::bits_type>(access::value(a) >> amount));  // arithmetic when signed
}
}  // namespace loom_ap

template <int W, bool S, class I, loom_ap::if_native<I> = 0>
typename loom_ap::factory<W, S>::type operator<<(const ap_int_base<W, S>& a, I n) {
  const bool back = std::is_signed<I>::value && n < 0;
  return loom_ap::shift(a, back ? uint64_t(0) - static_cast<uint64_t>(n) : static_cast<uint64_t>(n), !back);
}
template <int W, bool S, class I, loom_ap::if_native<I> = 0>
typename loom_ap::factory<W, S>::type operator>>(const ap_int_base<W, S>& a, I n) {
  const bool back = std::is_signed<I>::value && n < 0;
  return loom_ap::shift(a, back ? uint64_t(0) - static_cast<uint64_t>(n) : static_cast<uint64_t>(n), back);
}
namespace loom_ap {
// An ap shift amount: its magnitude (at most 1024, past any width) and whether it is negative.
// Vitis shifts by the low 32 bits of an unsigned ap amount (to_uint()): an
// amount wider than that is refused rather than given two meanings.
template <int W2, bool S2>
uint64_t magnitude(const ap_int_base<W2, S2>& n, bool& negative) {
  (void)arith<W2>();
  static_assert(W2 <= 32, "loom: a shift amount wider than 32 bits is refused: Vitis shifts by its low 32 bits");
  negative = access::negative(n);
  const u128 raw = static_cast<u128>(access::value(n)), mag = negative ? u128(0) - raw : raw;
  return mag > 1024 ? 1024 : static_cast<uint64_t>(mag);
}
}  // namespace loom_ap
template <int W, bool S, int W2, bool S2>
typename loom_ap::factory<W, S>::type operator<<(const ap_int_base<W, S>& a, const ap_int_base<W2, S2>& n) {
  bool back = false;
  const uint64_t amount = loom_ap::magnitude(n, back);
  return loom_ap::shift(a, amount, !back);
}
template <int W, bool S, int W2, bool S2>
typename loom_ap::factory<W, S>::type operator>>(const ap_int_base<W, S>& a, const ap_int_base<W2, S2>& n) {
  bool back = false;
  const uint64_t amount = loom_ap::magnitude(n, back);
  return loom_ap::shift(a, amount, back);
}

// Unary operators.
template <int W, bool S>
typename loom_ap::factory<W, S>::type operator~(const ap_int_base<W, S>& a) {
  (void)loom_ap::arith<W>();
  return loom_ap::from_raw<typename loom_ap::factory<W, S>::type>(~loom_ap::access::raw(a));
}
template <int W, bool S>
typename loom_ap::factory<W, S>::type operator+(const ap_int_base<W, S>& a) {
  return a;
}
template <int W, bool S>
typename loom_ap::rtype<1, false, W, S>::minus operator-(const ap_int_base<W, S>& a) {
  return ap_int_base<1, false>(0) - a;
}
template <int W, bool S>
bool operator!(const ap_int_base<W, S>& a) {
  (void)loom_ap::arith<W>();
  return loom_ap::access::value(a) == 0;
}

// Comparisons: exact, and between signed and unsigned only where that holds everywhere.
#define LOOM_AP_COMPARE_(op)                                                                               \
  template <int W1, bool S1, int W2, bool S2>                                                              \
  bool operator op(const ap_int_base<W1, S1>& a, const ap_int_base<W2, S2>& b) {                           \
    (void)loom_ap::arith<W1>();                                                                            \
    (void)loom_ap::arith<W2>();                                                                            \
    static_assert(loom_ap::exact_compare<W1, S1, W2, S2>::value,                                           \
                  "loom: this comparison of a signed and an unsigned value is refused: Vitis's C "          \
                  "simulation compares them unsigned, so a negative one compares as huge; make both signed " \
                  "(ap_int<W + 1>(x)) or both unsigned");                                                   \
    typedef typename std::conditional<S1 || S2, loom_ap::s128, loom_ap::u128>::type common;                \
    return static_cast<common>(loom_ap::access::value(a)) op static_cast<common>(loom_ap::access::value(b)); \
  }                                                                                                        \
  template <int W1, bool S1, class I, loom_ap::if_native<I> = 0>                                            \
  bool operator op(const ap_int_base<W1, S1>& a, I b) {                                                    \
    return a op typename loom_ap::native<I>::type(b);                                                      \
  }                                                                                                        \
  template <int W2, bool S2, class I, loom_ap::if_native<I> = 0>                                            \
  bool operator op(I a, const ap_int_base<W2, S2>& b) {                                                    \
    return typename loom_ap::native<I>::type(a) op b;                                                      \
  }
LOOM_AP_COMPARE_(==)
LOOM_AP_COMPARE_(!=)
LOOM_AP_COMPARE_(<)
LOOM_AP_COMPARE_(<=)
LOOM_AP_COMPARE_(>)
LOOM_AP_COMPARE_(>=)
#undef LOOM_AP_COMPARE_

// A range in arithmetic, a comparison or a shift is what Vitis makes of it
// (ap_int_ref.h): an ap_uint of the whole value's width, holding its bits.
#define LOOM_AP_RANGE_(op)                                                                                 \
  template <int W, bool S, class T>                                                                        \
  auto operator op(const ap_range_ref<W, S>& r, const T& b)->decltype(ap_int_base<W, false>(r) op b) {     \
    return ap_int_base<W, false>(r) op b;                                                                  \
  }                                                                                                        \
  template <int W, bool S, class T, typename std::enable_if<!loom_ap::is_range<T>::value, int>::type = 0> \
  auto operator op(const T& a, const ap_range_ref<W, S>& r)->decltype(a op ap_int_base<W, false>(r)) {     \
    return a op ap_int_base<W, false>(r);                                                                  \
  }
LOOM_AP_RANGE_(+)
LOOM_AP_RANGE_(-)
LOOM_AP_RANGE_(*)
LOOM_AP_RANGE_(&)
LOOM_AP_RANGE_(|)
LOOM_AP_RANGE_(^)
LOOM_AP_RANGE_(<<)
LOOM_AP_RANGE_(>>)
LOOM_AP_RANGE_(==)
LOOM_AP_RANGE_(!=)
LOOM_AP_RANGE_(<)
LOOM_AP_RANGE_(<=)
LOOM_AP_RANGE_(>)
LOOM_AP_RANGE_(>=)
#undef LOOM_AP_RANGE_
template <int W, bool S>
ap_uint<W> operator~(const ap_range_ref<W, S>& r) {
  return ~ap_int_base<W, false>(r);
}
template <int W, bool S>
typename loom_ap::rtype<1, false, W, false>::minus operator-(const ap_range_ref<W, S>& r) {
  return -ap_int_base<W, false>(r);
}
template <int W, bool S>
bool operator!(const ap_range_ref<W, S>& r) {
  return r.to_uint64() == 0;
}

// (a, b) on ap values or ranges is Vitis's concatenation; C++'s comma would
// keep b alone, so it is refused rather than given two meanings.
template <class A, class B,
          typename std::enable_if<(loom_ap::is_ap<A>::value || loom_ap::is_range<A>::value) &&
                                      (loom_ap::is_ap<B>::value || loom_ap::is_range<B>::value),
                                  int>::type = 0>
A operator,(const A& a, const B&) {
  static_assert(loom_ap::always_false<A>::value,
                "loom: (a, b) of ap values is Vitis's concatenation and C++'s comma operator; it is refused: "
                "build the value with range() or a Word's lanes");
  return a;
}
