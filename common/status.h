// User errors as values. A user error names what is wrong and where (a unit, a
// channel, an instruction, a row, a JSON field); an internal invariant is an
// assert. Layers collect every error they find instead of stopping at the first,
// so one run shows a user everything that needs fixing.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/contract.h"

namespace loom {

struct Error {
  std::string kind;     // a stable identifier, e.g. "two-writers"; tests match on it
  std::string where;    // the thing at fault, e.g. "channel 'x_chain[3]'"
  std::string message;  // why, in a sentence

  // "error[two-writers] channel 'x_chain[3]': written by ..."
  std::string to_string() const;
  friend bool operator==(const Error&, const Error&) = default;
};

// Zero or more errors; ok() when there are none. It keeps the first
// kMaxErrors, then one more-errors entry counting the rest, so a hostile input
// that is wrong a million times over costs a report of bounded size.
class Status {
 public:
  static constexpr size_t kMaxErrors = 200;

  Status() = default;
  Status(Error e) { add(std::move(e)); }  // NOLINT: implicit by design

  bool ok() const { return errors_.empty(); }
  const std::vector<Error>& errors() const { return errors_; }

  void add(Error e) {
    if (errors_.size() < kMaxErrors) {
      errors_.push_back(std::move(e));
    } else {
      if (++dropped_ == 1) errors_.push_back({"more-errors", "", ""});
      errors_.back().message = "and " + std::to_string(dropped_) + " more, not listed";
    }
  }
  void add(std::string kind, std::string where, std::string message) {
    add(Error{std::move(kind), std::move(where), std::move(message)});
  }
  void merge(const Status& other) {
    for (const Error& e : other.errors_) add(e);
  }
  bool has(std::string_view kind) const;

  // One error per line, each as Error::to_string().
  std::string to_string() const;

 private:
  std::vector<Error> errors_;
  size_t dropped_ = 0;
};

// A value, or the errors that prevented it.
template <class T>
class Result {
 public:
  Result(T value) : value_(std::move(value)) {}  // NOLINT: implicit by design
  Result(Status status) : status_(std::move(status)) { LOOM_CONTRACT(!status_.ok(), "a Result made from a Status holds an error"); }  // NOLINT
  Result(Error error) : status_(std::move(error)) {}  // NOLINT

  bool ok() const { return value_.has_value(); }
  const Status& status() const { return status_; }
  const std::vector<Error>& errors() const { return status_.errors(); }

  const T& value() const& { LOOM_CONTRACT(ok(), "value() of a Result that holds errors"); return *value_; }
  T& value() & { LOOM_CONTRACT(ok(), "value() of a Result that holds errors"); return *value_; }
  T&& value() && { LOOM_CONTRACT(ok(), "value() of a Result that holds errors"); return std::move(*value_); }
  const T& operator*() const& { return value(); }
  const T* operator->() const { return &value(); }

 private:
  std::optional<T> value_;
  Status status_;
};

}  // namespace loom
