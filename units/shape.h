// Extents, shapes and indices. A unit is instantiated once, as a vector [N] or as
// a grid [R][C]; channel and memory arrays take the same shapes. An extent is a
// literal or an integer expression over parameters ("N", "C/T", "2*N+1"),
// resolved when an Architecture is composed, so one declaration serves every
// configuration and a size need not be a parameter of its own.
#pragma once

#include <array>
#include <concepts>
#include <cstdint>
#include <string>
#include <variant>

#include "common/status.h"

namespace loom {

class ParamValues;

class Extent {
 public:
  template <std::integral I>
  Extent(I value) : value_(static_cast<int64_t>(value)) {}  // NOLINT: implicit by design
  Extent(const char* expression) : value_(std::string(expression)) {}  // NOLINT
  Extent(std::string expression) : value_(std::move(expression)) {}    // NOLINT

  bool is_literal() const { return std::holds_alternative<int64_t>(value_); }
  std::string to_string() const {
    return is_literal() ? std::to_string(std::get<int64_t>(value_)) : std::get<std::string>(value_);
  }

  // The value under `params`. An expression has integers, parameter names, + -
  // * / % and parentheses; a division must be exact, since a size that does not
  // divide is a design error. Errors: unknown-parameter, extent-syntax,
  // inexact-extent, extent-overflow (and division by zero, as inexact-extent).
  Result<int64_t> evaluate(const ParamValues& params) const;

 private:
  std::variant<int64_t, std::string> value_;
};

// The position of one element in a shape: rank 0 (the only element), 1 or 2.
struct Index {
  int rank = 0;
  std::array<int64_t, 2> at = {0, 0};

  static Index one() { return {}; }
  static Index of(int64_t i) { return {1, {i, 0}}; }
  static Index of(int64_t r, int64_t c) { return {2, {r, c}}; }

  int64_t operator[](int d) const { return at[static_cast<size_t>(d)]; }
  std::string to_string() const;  // "", "[3]" or "[1][2]"
  friend bool operator==(const Index&, const Index&) = default;
  friend auto operator<=>(const Index&, const Index&) = default;
};

// A declared shape: its extents are still unresolved.
struct Shape {
  int rank = 0;
  std::array<Extent, 2> extents = {Extent(1), Extent(1)};

  std::string to_string() const;  // "", "[N]" or "[T][T]"
};

inline Shape one() { return {}; }
inline Shape vec(Extent n) { return {1, {std::move(n), Extent(1)}}; }
inline Shape grid(Extent rows, Extent cols) { return {2, {std::move(rows), std::move(cols)}}; }

// A shape with its extents known.
struct Dims {
  int rank = 0;
  std::array<int64_t, 2> extent = {1, 1};

  int64_t size() const { return extent[0] * extent[1]; }
  bool contains(const Index& i) const;
  // Row-major position of `i`, which must be contained.
  int64_t flat(const Index& i) const;
  Index unflat(int64_t flat) const;
  std::string to_string() const;  // "", "[8]" or "[4][4]"
};

}  // namespace loom
