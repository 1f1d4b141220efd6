#include "units/parameter_set.h"

#include "common/quote.h"

#include <charconv>
#include <set>

namespace loom {
namespace {

std::string range_text(int64_t min, int64_t max) {
  return "[" + std::to_string(min) + ", " + std::to_string(max) + "]";
}


}  // namespace

std::optional<int64_t> ParamValues::find(std::string_view name) const {
  for (const auto& [n, v] : entries_)
    if (n == name) return v;
  return std::nullopt;
}

int64_t ParamValues::operator[](std::string_view name) const {
  std::optional<int64_t> v = find(name);
  LOOM_CONTRACT(v.has_value(), "a parameter read by name is one the unit or region declares");
  return *v;
}

void ParamValues::set(std::string name, int64_t value) {
  for (auto& [n, v] : entries_)
    if (n == name) {
      v = value;
      return;
    }
  entries_.emplace_back(std::move(name), value);
}

Result<std::pair<std::string, int64_t>> parse_override(std::string_view text) {
  const size_t eq = text.find('=');
  if (eq == std::string_view::npos || eq == 0)
    return Error{"bad-override", quoted(text), "expected NAME=VALUE, e.g. T=8"};
  std::string_view name = text.substr(0, eq), digits = text.substr(eq + 1);
  int64_t value = 0;
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size())
    return Error{"bad-override", quoted(text),
                 "the value " + quoted(digits) + " is not a 64-bit integer"};
  return std::pair{std::string(name), value};
}

Result<int64_t> choose_built(const Overrides& overrides, std::string_view name, std::span<const int64_t> built,
                             int64_t fallback) {
  int64_t value = fallback;
  for (const auto& [n, v] : overrides)
    if (n == name) value = v;
  std::string list;
  for (int64_t b : built) {
    if (b == value) return value;
    list += (list.empty() ? "" : ", ") + std::to_string(b);
  }
  return Error{"not-built", "parameter " + quoted(name),
               std::to_string(value) + " sets word types, and this build has " + std::string(name) + " = " + list};
}

ParameterSet& ParameterSet::param(std::string name, int64_t value, int64_t min, int64_t max,
                                  std::string doc) {
  parameters_.push_back({std::move(name), value, min, max, std::move(doc)});
  return *this;
}

ParameterSet& ParameterSet::derive(std::string name,
                                   std::function<int64_t(const ParamValues&)> compute,
                                   std::string doc, int64_t min, int64_t max) {
  derived_.push_back({std::move(name), std::move(compute), std::move(doc), min, max});
  return *this;
}

ParameterSet& ParameterSet::require(std::string description, std::vector<std::string> reads,
                                    std::function<bool(const ParamValues&)> holds) {
  constraints_.push_back({std::move(description), std::move(reads), std::move(holds)});
  return *this;
}

bool ParameterSet::declares(std::string_view name) const {
  for (const Parameter& p : parameters_)
    if (p.name == name) return true;
  for (const Derived& d : derived_)
    if (d.name == name) return true;
  return false;
}

Status ParameterSet::check_declaration() const {
  Status status;
  std::set<std::string> seen;
  auto claim = [&](const std::string& name) {
    if (!seen.insert(name).second)
      status.add("duplicate-name", "parameter " + quoted(name), "is declared twice");
  };
  for (const Parameter& p : parameters_) {
    claim(p.name);
    if (p.min > p.max)
      status.add("invalid-range", "parameter " + quoted(p.name),
                 "its range " + range_text(p.min, p.max) + " is empty");
    else if (p.value < p.min || p.value > p.max)
      status.add("parameter-out-of-range", "parameter " + quoted(p.name) + " default",
                 std::to_string(p.value) + " is outside its range " + range_text(p.min, p.max));
  }
  for (const Derived& d : derived_) claim(d.name);
  for (const Constraint& c : constraints_)
    for (const std::string& name : c.reads)
      if (!declares(name))
        status.add("unknown-parameter", "constraint " + quoted(c.description),
                   "reads " + quoted(name) + ", which is not a parameter");
  return status;
}

Result<ParamValues> ParameterSet::resolve(const Overrides& overrides) const {
  Status status = check_declaration();
  if (!status.ok()) return status;

  ParamValues values;
  for (const Parameter& p : parameters_) values.set(p.name, p.value);

  // The parameters whose values are not known: each one set out of its range,
  // and, if any is, every derived one (which may read it). A constraint that
  // reads one of them is not evaluated; every other one is, so that all the
  // violations it can find are reported at once.
  std::set<std::string> unknown;
  std::set<std::string> given;
  for (const auto& [name, value] : overrides) {
    const Parameter* target = nullptr;
    for (const Parameter& p : parameters_)
      if (p.name == name) target = &p;
    if (!given.insert(name).second) {
      status.add("duplicate-override", "parameter " + quoted(name), "is set twice");
    } else if (target != nullptr) {
      if (value < target->min || value > target->max) {
        status.add("parameter-out-of-range", "parameter " + quoted(name),
                   std::to_string(value) + " is outside its range " +
                       range_text(target->min, target->max));
        unknown.insert(name);
      } else {
        values.set(name, value);
      }
    } else if (declares(name)) {
      status.add("derived-parameter", "parameter " + quoted(name),
                 "is derived from other parameters and cannot be set");
    } else {
      std::string known;
      for (const Parameter& p : parameters_) known += (known.empty() ? "" : ", ") + p.name;
      status.add("unknown-parameter", "parameter " + quoted(name),
                 "is not declared; the parameters are " + known);
    }
  }

  const bool derivable = unknown.empty();
  for (const Derived& d : derived_) {
    if (!derivable) {
      unknown.insert(d.name);
      continue;
    }
    const int64_t v = d.compute(values);
    if (v < d.min || v > d.max) {
      status.add("parameter-out-of-range", "derived parameter " + quoted(d.name),
                 std::to_string(v) + " is outside its range " + range_text(d.min, d.max));
      unknown.insert(d.name);
    }
    values.set(d.name, v);
  }

  for (const Constraint& c : constraints_) {
    bool evaluable = true;
    for (const std::string& name : c.reads) evaluable = evaluable && unknown.count(name) == 0;
    if (!evaluable || c.holds(values)) continue;
    std::string with;
    for (const std::string& name : c.reads)
      with += (with.empty() ? "" : ", ") + name + "=" + std::to_string(values[name]);
    status.add("constraint-violated", "constraint " + quoted(c.description),
               "does not hold for " + with);
  }
  if (!status.ok()) return status;
  return values;
}

}  // namespace loom
