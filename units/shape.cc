#include "units/shape.h"

#include <cctype>

#include "common/contract.h"
#include "units/parameter_set.h"

namespace loom {
namespace {

// Recursive descent over one expression: sum := product (('+'|'-') product)*,
// product := atom (('*'|'/'|'%') atom)*, atom := integer | name | '(' sum ')' | '-' atom.
class ExtentParser {
 public:
  ExtentParser(const std::string& text, const ParamValues& params) : text_(text), params_(params) {}

  Result<int64_t> parse() {
    int64_t value = sum();
    skip_space();
    if (status_.ok() && at_ < text_.size()) fail("extent-syntax", "unexpected '" + std::string(1, text_[at_]) + "'");
    if (!status_.ok()) return status_;
    return value;
  }

 private:
  void skip_space() {
    while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]))) ++at_;
  }
  bool take(char c) {
    skip_space();
    if (at_ < text_.size() && text_[at_] == c) return ++at_, true;
    return false;
  }
  void fail(const char* kind, const std::string& message) {
    if (status_.ok()) status_.add(kind, "extent '" + text_ + "'", message + " (at character " + std::to_string(at_ + 1) + ")");
  }
  // The result of one of __builtin_*_overflow, failed when it overflowed.
  template <class Op>
  int64_t checked(Op op) {
    int64_t out = 0;
    if (op(out)) fail("extent-overflow", "overflows a 64-bit integer");
    return out;
  }

  int64_t sum() {
    int64_t value = product();
    for (;;) {
      if (take('+')) {
        const int64_t rhs = product();
        value = checked([&](int64_t& out) { return __builtin_add_overflow(value, rhs, &out); });
      } else if (take('-')) {
        const int64_t rhs = product();
        value = checked([&](int64_t& out) { return __builtin_sub_overflow(value, rhs, &out); });
      } else {
        return value;
      }
    }
  }
  int64_t product() {
    int64_t value = atom();
    for (;;) {
      if (take('*')) {
        const int64_t rhs = atom();
        value = checked([&](int64_t& out) { return __builtin_mul_overflow(value, rhs, &out); });
      } else if (take('/')) {
        value = divide(value, atom(), false);
      } else if (take('%')) {
        value = divide(value, atom(), true);
      } else {
        return value;
      }
    }
  }
  int64_t divide(int64_t value, int64_t by, bool remainder) {
    if (!status_.ok()) return 0;
    if (by == 0) {
      fail("inexact-extent", "divides by zero");
      return 0;
    }
    if (!remainder && value % by != 0) {
      fail("inexact-extent", std::to_string(value) + " / " + std::to_string(by) + " is not whole");
      return 0;
    }
    if (value == INT64_MIN && by == -1) {
      fail("extent-overflow", "overflows a 64-bit integer");
      return 0;
    }
    return remainder ? value % by : value / by;
  }
  int64_t atom() {
    skip_space();
    if (at_ >= text_.size()) {
      fail("extent-syntax", "ends where a number, a parameter or '(' was expected");
      return 0;
    }
    const char c = text_[at_];
    if (take('(')) {
      const int64_t value = sum();
      if (!take(')')) fail("extent-syntax", "a '(' is not closed");
      return value;
    }
    if (take('-')) {
      const int64_t value = atom();
      return checked([&](int64_t& out) { return __builtin_sub_overflow(int64_t{0}, value, &out); });
    }
    if (std::isdigit(static_cast<unsigned char>(c))) {
      int64_t value = 0;
      while (at_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[at_]))) {
        const int64_t digit = text_[at_] - '0';
        value = checked([&](int64_t& out) {
          return __builtin_mul_overflow(value, int64_t{10}, &out) || __builtin_add_overflow(out, digit, &out);
        });
        ++at_;
      }
      return value;
    }
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      const size_t from = at_;
      while (at_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[at_])) || text_[at_] == '_')) ++at_;
      const std::string name = text_.substr(from, at_ - from);
      if (auto v = params_.find(name)) return *v;
      if (status_.ok()) status_.add("unknown-parameter", "extent '" + text_ + "'", "names '" + name + "', which is not a parameter");
      return 0;
    }
    fail("extent-syntax", "unexpected '" + std::string(1, c) + "'");
    return 0;
  }

  const std::string& text_;
  const ParamValues& params_;
  size_t at_ = 0;
  Status status_;
};

}  // namespace

Result<int64_t> Extent::evaluate(const ParamValues& params) const {
  if (is_literal()) return std::get<int64_t>(value_);
  return ExtentParser(std::get<std::string>(value_), params).parse();
}

std::string Index::to_string() const {
  std::string out;
  for (int d = 0; d < rank; ++d) out += "[" + std::to_string(at[static_cast<size_t>(d)]) + "]";
  return out;
}

std::string Shape::to_string() const {
  std::string out;
  for (int d = 0; d < rank; ++d) out += "[" + extents[static_cast<size_t>(d)].to_string() + "]";
  return out;
}

bool Dims::contains(const Index& i) const {
  if (i.rank != rank) return false;
  for (int d = 0; d < rank; ++d)
    if (i[d] < 0 || i[d] >= extent[static_cast<size_t>(d)]) return false;
  return true;
}

int64_t Dims::flat(const Index& i) const {
  LOOM_CONTRACT(contains(i), "an index within the instance array");
  return rank == 2 ? i[0] * extent[1] + i[1] : i[0];
}

Index Dims::unflat(int64_t flat) const {
  LOOM_CONTRACT(flat >= 0 && flat < size(), "a flat index within the instance array");
  if (rank == 0) return Index::one();
  if (rank == 1) return Index::of(flat);
  return Index::of(flat / extent[1], flat % extent[1]);
}

std::string Dims::to_string() const {
  std::string out;
  for (int d = 0; d < rank; ++d) out += "[" + std::to_string(extent[static_cast<size_t>(d)]) + "]";
  return out;
}

}  // namespace loom
