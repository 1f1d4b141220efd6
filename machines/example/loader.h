// Streams the N tap weights, then the K samples, down the x chain. Weights go
// first on the same chain so that no tap needs a port of its own for them.
#pragma once

#include "machines/example/words.h"
#include "units/unit.h"

namespace loom::example {

template <unsigned T>
struct Loader {
  static constexpr std::string_view name = "loader";
  static constexpr Addresses<"W", Sample<T>> weights{};
  static constexpr Addresses<"X", Sample<T>> samples{};
  static constexpr Writes<"out", Sample<T>> out{};
  static constexpr Param<"N"> n{};
  static constexpr Param<"K"> k{};
  static constexpr auto ports = port_list(weights, samples, out);
  static constexpr auto params = param_list(n, k);
  static constexpr Pipeline pipeline{.ii = 1, .depth = 2};

  template <class IO>
  static void body(IO& io) {
    for (int64_t t = 0; t < io.param(n); ++t) io.write(out, io.load(weights, t));
    for (int64_t s = 0; s < io.param(k); ++s) io.write(out, io.load(samples, s));
  }
};

}  // namespace loom::example
