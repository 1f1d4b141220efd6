// Named integer parameters: defaults, legal ranges, derived values and
// cross-constraints. A configuration is resolved once, when an Architecture is
// composed, and every violation comes back as a named error.
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/status.h"

namespace loom {

// Resolved values, in declaration order (parameters first, then derived values).
class ParamValues {
 public:
  std::optional<int64_t> find(std::string_view name) const;
  // The value of a name the caller knows is declared.
  int64_t operator[](std::string_view name) const;
  const std::vector<std::pair<std::string, int64_t>>& entries() const { return entries_; }
  void set(std::string name, int64_t value);

 private:
  std::vector<std::pair<std::string, int64_t>> entries_;
};

// Name = value pairs as a user gave them, e.g. from `--param T=8`.
using Overrides = std::vector<std::pair<std::string, int64_t>>;

// "T=8" -> {"T", 8}; anything else is a named error.
Result<std::pair<std::string, int64_t>> parse_override(std::string_view text);

// The value of a type-level parameter (one that sets a Word type, so each value
// is a separate build): the override named `name`, else `fallback`; a value
// that was not built is a named error listing the ones that were.
Result<int64_t> choose_built(const Overrides& overrides, std::string_view name, std::span<const int64_t> built,
                             int64_t fallback);

class ParameterSet {
 public:
  struct Parameter {
    std::string name;
    int64_t value;  // the default
    int64_t min, max;
    std::string doc;
  };
  struct Derived {
    std::string name;
    std::function<int64_t(const ParamValues&)> compute;
    std::string doc;
    int64_t min = std::numeric_limits<int64_t>::min();
    int64_t max = std::numeric_limits<int64_t>::max();
  };
  struct Constraint {
    std::string description;       // how a user reads it, e.g. "T divides MAXDIM"
    std::vector<std::string> reads;  // named in the error, with their values
    std::function<bool(const ParamValues&)> holds;
  };

  ParameterSet& param(std::string name, int64_t value, int64_t min, int64_t max, std::string doc);
  ParameterSet& derive(std::string name, std::function<int64_t(const ParamValues&)> compute,
                       std::string doc,
                       int64_t min = std::numeric_limits<int64_t>::min(),
                       int64_t max = std::numeric_limits<int64_t>::max());
  ParameterSet& require(std::string description, std::vector<std::string> reads,
                        std::function<bool(const ParamValues&)> holds);

  const std::vector<Parameter>& parameters() const { return parameters_; }
  const std::vector<Derived>& derived() const { return derived_; }
  const std::vector<Constraint>& constraints() const { return constraints_; }
  bool declares(std::string_view name) const;

  // Defaults, then overrides, then derived values, then constraints, every
  // error of each reported together: a constraint is checked whenever the
  // parameters it reads are known (none set out of its range, and no derived
  // one while any is). Errors: duplicate-name, invalid-range,
  // unknown-parameter, derived-parameter, duplicate-override,
  // parameter-out-of-range, constraint-violated.
  Result<ParamValues> resolve(const Overrides& overrides = {}) const;

 private:
  Status check_declaration() const;

  std::vector<Parameter> parameters_;
  std::vector<Derived> derived_;
  std::vector<Constraint> constraints_;
};

}  // namespace loom
