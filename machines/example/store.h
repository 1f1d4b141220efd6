// Writes the K filtered outputs, in order, to the region argument Y.
#pragma once

#include "machines/example/words.h"
#include "units/unit.h"

namespace loom::example {

template <unsigned T>
struct Store {
  static constexpr std::string_view name = "store";
  static constexpr Reads<"in", Sum<T>> in{};
  static constexpr Addresses<"Y", Sum<T>, Access::write> result{};
  static constexpr Param<"K"> k{};
  static constexpr auto ports = port_list(in, result);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{.ii = 1, .depth = 1};

  template <class IO>
  static void body(IO& io) {
    for (int64_t s = 0; s < io.param(k); ++s) io.store(result, s, io.read(in));
  }
};

}  // namespace loom::example
