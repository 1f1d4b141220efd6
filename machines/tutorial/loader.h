// Streams the matrix W, row after row, then the vector x down the row chain, T
// lanes a word.
#pragma once

#include "machines/tutorial/words.h"
#include "units/unit.h"

namespace loom { namespace tutorial {

template <unsigned T>
struct Loader {
  LOOM_UNIT("matvec_loader");
  LOOM_READS_DRAM(W, Lanes<T>);
  LOOM_READS_DRAM(X, Lanes<T>);
  LOOM_WRITES(out, Lanes<T>);
  LOOM_PARAM(rows, R);
  LOOM_PARAM(cols, C);
  static constexpr auto ports = port_list(W, X, out);
  static constexpr auto params = param_list(rows, cols);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/2};

  template <class IO>
  static void body(IO& io) {
    const int64_t words = io.param(cols) / T;
    for (int64_t w = 0; w < io.param(rows) * words; ++w) {
      LOOM_PIPELINE(io);
      io.write(out, io.load(W, w));
    }
    for (int64_t w = 0; w < words; ++w) {
      LOOM_PIPELINE(io);
      io.write(out, io.load(X, w));
    }
  }
};

}  // namespace tutorial
}  // namespace loom
