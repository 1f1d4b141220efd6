// The values a type-level parameter (one that sets a Word type, like a lane
// count T) is built for, written once: the pack gives both the run-time list that
// choose_built() checks against and the dispatch to the matching instantiation.
#pragma once

#include <cassert>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <utility>

namespace loom {

template <unsigned... Vs>
struct BuiltValues {
  static constexpr int64_t list[] = {Vs...};

  // f(std::integral_constant<unsigned, V>{}) for the V equal to `value`, which
  // must be one of Vs (check it with choose_built first).
  template <class F>
  static auto dispatch(int64_t value, F&& f) {
    using R = decltype(f(std::integral_constant<unsigned, list[0]>{}));
    std::optional<R> out;
    ((value == Vs && (out.emplace(f(std::integral_constant<unsigned, Vs>{})), true)) || ...);
    assert(out.has_value() && "dispatch of a value that was not built");
    return std::move(*out);
  }
};

}  // namespace loom
