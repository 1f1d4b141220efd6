// Row r of y = W x, one of R in a chain. It keeps the first row of W it sees in
// its own memory and passes the rest on; then, for each word of x, passes it
// on and adds the word's T products to its sum; then passes on the r results
// of the rows before it and appends its own, so the last row hands the store
// all R in order.
#pragma once

#include "machines/tutorial/words.h"
#include "units/unit.h"

namespace loom { namespace tutorial {

template <unsigned T>
struct Row {
  LOOM_UNIT("matvec_row");
  LOOM_READS(in, Lanes<T>);
  LOOM_WRITES(out, Lanes<T>);    // unbound on the last row
  LOOM_READS(y_in, Result32);    // unbound on the first row
  LOOM_WRITES(y_out, Result32);
  LOOM_OWNS(row, Lanes<T>);      // C / T words
  LOOM_PARAM(rows, R);
  LOOM_PARAM(cols, C);
  static constexpr auto ports = port_list(in, out, y_in, y_out, row);
  static constexpr auto params = param_list(rows, cols);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/3};
  LOOM_OPS("mac");
  LOOM_ARITHMETIC("mac", 1, "T int8 multiply-adds into the row's sum a cycle");

  template <class IO>
  static void body(IO& io) {
    const int64_t r = io.index()[0], words = io.param(cols) / T;
    const bool last = r == io.param(rows) - 1;
    for (int64_t w = 0; w < words; ++w) {
      LOOM_PIPELINE(io);
      io.store(row, w, io.read(in));
    }
    for (int64_t w = 0; w < (io.param(rows) - 1 - r) * words; ++w) {
      LOOM_PIPELINE(io);
      io.write(out, io.read(in));
    }
    Int<32> sum = 0;
    for (int64_t w = 0; w < words; ++w) {
      LOOM_PIPELINE(io);
      const Lanes<T> x = io.read(in);
      if (!last) io.write(out, x);
      const Lanes<T> m = io.load(row, w);
      for (unsigned lane = 0; lane < T; ++lane) sum = sum + m.lane_signed(lane) * x.lane_signed(lane);
    }
    for (int64_t i = 0; i < r; ++i) {
      LOOM_PIPELINE(io);
      io.write(y_out, io.read(y_in));
    }
    Result32 y;
    y.set_lane(0, sum);
    io.write(y_out, y);
  }
};

}  // namespace tutorial
}  // namespace loom
