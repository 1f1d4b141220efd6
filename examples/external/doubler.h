// A unit of this workspace's own: reads N words of T int16 lanes from DRAM,
// doubles every lane, and streams them on.
#pragma once

#include "units/unit.h"

namespace mine {

template <unsigned T>
using Lanes = loom::Word<T, 16>;

template <unsigned T>
struct Doubler {
  LOOM_UNIT("doubler");
  LOOM_READS_DRAM(X, Lanes<T>);
  LOOM_WRITES(out, Lanes<T>);
  LOOM_PARAM(n, N);
  static constexpr auto ports = port_list(X, out);
  static constexpr auto params = param_list(n);
  static constexpr loom::Pipeline pipeline{/*ii=*/1, /*depth=*/2};
  LOOM_OPS("add");
  LOOM_ARITHMETIC("twice", 1, "T lane adders, each lane added to itself");

  template <class IO>
  static void body(IO& io) {
    for (int64_t i = 0; i < io.param(n); ++i) {
      LOOM_PIPELINE(io);
      Lanes<T> x = io.load(X, i);
      for (unsigned lane = 0; lane < T; ++lane) x.set_lane(lane, 2 * x.lane_signed(lane));
      io.write(out, x);
    }
  }
};

// Writes what it reads to DRAM.
template <unsigned T>
struct Writer {
  LOOM_UNIT("writer");
  LOOM_READS(in, Lanes<T>);
  LOOM_WRITES_DRAM(Y, Lanes<T>);
  LOOM_PARAM(n, N);
  static constexpr auto ports = port_list(in, Y);
  static constexpr auto params = param_list(n);
  static constexpr loom::Pipeline pipeline{/*ii=*/1, /*depth=*/1};

  template <class IO>
  static void body(IO& io) {
    for (int64_t i = 0; i < io.param(n); ++i) {
      LOOM_PIPELINE(io);
      io.store(Y, i, io.read(in));
    }
  }
};

}  // namespace mine
