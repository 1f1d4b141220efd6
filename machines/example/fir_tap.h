// One tap of a direct-form FIR filter, chained: tap i computes
//   p_out[k] = p_in[k] + w_i * x[k - i]   (lane by lane, int8 x int8 into int32)
// Tap i first sees the N - i weights meant for it and the taps after it, keeps
// the first in its own memory and forwards the rest. Then, for each sample, it
// forwards the previous sample east, which is the one-word delay that makes the
// next tap see x[k - i - 1].
#pragma once

#include "machines/example/words.h"
#include "units/unit.h"

namespace loom { namespace example {

template <unsigned T>
struct FirTap {
  LOOM_UNIT("fir_tap");
  LOOM_READS(x_in, Sample<T>);
  LOOM_WRITES(x_out, Sample<T>);  // unbound on the last tap
  LOOM_READS(p_in, Sum<T>);        // unbound on the first tap
  LOOM_WRITES(p_out, Sum<T>);
  LOOM_OWNS(weight, Sample<T>);
  LOOM_PARAM(n, N);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(x_in, x_out, p_in, p_out, weight);
  static constexpr auto params = param_list(n, k);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/3};
  LOOM_OPS("mul", "add");
  LOOM_ARITHMETIC("lanes", 2, "T lane multipliers and T adders: a sample's products and their sums a cycle");

  template <class IO>
  static void body(IO& io) {
    const int64_t i = io.index()[0];
    const bool first = i == 0, last = i == io.param(n) - 1;

    io.store(weight, 0, io.read(x_in));
    for (int64_t t = i + 1; t < io.param(n); ++t) {
      LOOM_PIPELINE(io);
      io.write(x_out, io.read(x_in));
    }

    Sample<T> previous;  // x[-1] = 0
    for (int64_t s = 0; s < io.param(k); ++s) {
      LOOM_PIPELINE(io);
      const Sample<T> x = io.read(x_in);
      Sum<T> p = first ? Sum<T>() : io.read(p_in);
      const Sample<T> w = io.load(weight, 0);
      for (unsigned lane = 0; lane < T; ++lane)
        p.set_lane(lane, p.lane_signed(lane) + w.lane_signed(lane) * x.lane_signed(lane));
      io.write(p_out, p);
      if (!last) io.write(x_out, previous);
      previous = x;
    }
  }
};

}  // namespace example
}  // namespace loom
