// pe[r][c] of the R x C grid. From the top it reads column c's stream: it keeps
// the first block of W (row r's, K words) in its own memory, passes the blocks
// of the rows below it down, then passes x's chunk c down while it adds the
// chunk's products with its block. It adds that to the partial sum of row r
// from its west (none in column 0) and passes the sum east; the last column's
// are y.
#pragma once

#include "machines/tutorial/words.h"
#include "units/unit.h"

namespace loom { namespace tutorial {

template <unsigned T>
struct Pe {
  LOOM_UNIT("matvec_pe");
  LOOM_READS(x_in, Lanes<T>);
  LOOM_WRITES(x_out, Lanes<T>);  // unbound on the last row
  LOOM_READS(p_in, Result32);    // unbound on the first column
  LOOM_WRITES(p_out, Result32);
  LOOM_OWNS(block, Lanes<T>);    // K words
  LOOM_PARAM(rows, R);
  LOOM_PARAM(words, K);
  static constexpr auto ports = port_list(x_in, x_out, p_in, p_out, block);
  static constexpr auto params = param_list(rows, words);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/3};
  LOOM_OPS("mac");
  LOOM_ARITHMETIC("mac", 1, "T int8 multiply-adds into the partial sum a cycle");

  template <class IO>
  static void body(IO& io) {
    const int64_t r = io.index()[0], c = io.index()[1], k = io.param(words);
    const bool bottom = r == io.param(rows) - 1;
    for (int64_t w = 0; w < k; ++w) {
      LOOM_PIPELINE(io);
      io.store(block, w, io.read(x_in));
    }
    for (int64_t w = 0; w < (io.param(rows) - 1 - r) * k; ++w) {
      LOOM_PIPELINE(io);
      io.write(x_out, io.read(x_in));
    }
    Int<32> sum = 0;
    for (int64_t w = 0; w < k; ++w) {
      LOOM_PIPELINE(io);
      const Lanes<T> x = io.read(x_in);
      if (!bottom) io.write(x_out, x);
      const Lanes<T> m = io.load(block, w);
      for (unsigned lane = 0; lane < T; ++lane) sum = sum + m.lane_signed(lane) * x.lane_signed(lane);
    }
    if (c > 0) sum = sum + io.read(p_in).lane_signed(0);  // row r's sum over the columns before c
    Result32 p;
    p.set_lane(0, sum);
    io.write(p_out, p);
  }
};

}  // namespace tutorial
}  // namespace loom
