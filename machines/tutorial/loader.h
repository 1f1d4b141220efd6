// Streams W and then x into the top of the grid's C columns, through one port
// array: column c gets, K words each, block c of every row of W, then chunk c
// of x.
#pragma once

#include "machines/tutorial/words.h"
#include "units/unit.h"

namespace loom { namespace tutorial {

template <unsigned T>
struct Loader {
  LOOM_UNIT("matvec_loader");
  LOOM_READS_DRAM(W, Lanes<T>);
  LOOM_READS_DRAM(X, Lanes<T>);
  LOOM_WRITES_ARRAY(out, C, Lanes<T>);  // out[c]: the top of column c
  LOOM_PARAM(rows, R);
  LOOM_PARAM(cols, C);
  LOOM_PARAM(words, K);
  static constexpr auto ports = port_list(W, X, out);
  static constexpr auto params = param_list(rows, cols, words);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/2};

  template <class IO>
  static void body(IO& io) {
    const int64_t row_words = io.param(cols) * io.param(words);
    for (int64_t w = 0; w < io.param(rows) * row_words; ++w) {  // W in its own order, row-major
      LOOM_PIPELINE(io);
      io.write(out[w % row_words / io.param(words)], io.load(W, w));
    }
    for (int64_t w = 0; w < row_words; ++w) {
      LOOM_PIPELINE(io);
      io.write(out[w / io.param(words)], io.load(X, w));
    }
  }
};

}  // namespace tutorial
}  // namespace loom
