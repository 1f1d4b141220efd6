// Streams the N tap weights, then the K samples, down the x chain. Weights go
// first on the same chain so that no tap needs a port of its own for them.
#pragma once

#include "machines/example/words.h"
#include "units/unit.h"

namespace loom { namespace example {

template <unsigned T>
struct Loader {
  LOOM_UNIT("loader");
  LOOM_READS_DRAM(W, Sample<T>);
  LOOM_READS_DRAM(X, Sample<T>);
  LOOM_WRITES(out, Sample<T>);
  LOOM_PARAM(n, N);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(W, X, out);
  static constexpr auto params = param_list(n, k);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/2};

  template <class IO>
  static void body(IO& io) {
    for (int64_t t = 0; t < io.param(n); ++t) {
      LOOM_PIPELINE(io);
      io.write(out, io.load(W, t));
    }
    for (int64_t s = 0; s < io.param(k); ++s) {
      LOOM_PIPELINE(io);
      io.write(out, io.load(X, s));
    }
  }
};

}  // namespace example
}  // namespace loom
