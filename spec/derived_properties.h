// Facts that follow from a spec rather than being written in it. --check
// recomputes them from the spec and asks the design whether it agrees, so a
// document (or a design) cannot state them wrongly for long.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "spec/isa_spec.h"

namespace loom::spec {

// How many iterations a loop may drive `operand` (base + iv * stride) before a
// value leaves its legal set. Address terms only add (no predication, saturation
// or wrap), so the first illegal value ends it. nullopt: any trip count is legal
// (the operand has no legal set, or stride 0 keeps a legal base).
std::optional<int64_t> legal_trip_frontier(const Operand& operand, int64_t base, int64_t stride);

// The largest value of the predicate's `ceiling_of` parameter, among multiples of
// its `step` parameter within its range, for which the predicate holds; every
// other parameter at `fixed` or its default. Solving over the reals gives numbers
// no build can use. nullopt if no value holds.
std::optional<int64_t> ceiling(const IsaSpec& spec, const Predicate& predicate,
                               const std::map<std::string, int64_t>& fixed);

// The step parameter's powers of two within its range: the configurations the
// docs tabulate ceilings at.
std::vector<int64_t> step_values(const IsaSpec& spec, const Predicate& predicate);

// One line per derived property, for the docs: the legal-trip frontier of each
// restricted operand at base 0 and stride 1, and each ceiling at each step value.
std::vector<std::string> describe_derived_properties(const IsaSpec& spec);

}  // namespace loom::spec
