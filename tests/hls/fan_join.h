// A port array each way, for the tests of port arrays in every backend: Fan
// deals K words from DRAM round robin over out[N], Bump adds one to lane 0 of
// each, and Join gathers them back in the same order from in[N] into DRAM,
// so Y[i] = X[i] + 1. Join reads element (i % N) + SKEW: a SKEW of 1 reaches
// past its array, which every backend must refuse by name.
#pragma once

#include "units/unit.h"

namespace loom { namespace test {

typedef Word<2, 16> FanWord;

struct HlsFan {
  LOOM_UNIT("fan");
  LOOM_READS_DRAM(src, FanWord);
  LOOM_WRITES_ARRAY(out, N, FanWord);
  LOOM_PARAM(k, K);
  LOOM_PARAM(n, N);
  static constexpr auto ports = port_list(src, out);
  static constexpr auto params = param_list(k, n);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO>
  static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) {
      LOOM_PIPELINE(io);
      io.write(out[i % io.param(n)], io.load(src, i));
    }
  }
};

struct HlsBump {
  LOOM_UNIT("bump");
  LOOM_READS(in, FanWord);
  LOOM_WRITES(out, FanWord);
  LOOM_PARAM(k, K);
  LOOM_PARAM(n, N);
  static constexpr auto ports = port_list(in, out);
  static constexpr auto params = param_list(k, n);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO>
  static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k) / io.param(n); ++i) {
      LOOM_PIPELINE(io);
      FanWord w = io.read(in);
      w.set_lane(0, w.lane_signed(0) + 1);
      io.write(out, w);
    }
  }
};

struct HlsJoin {
  LOOM_UNIT("join");
  LOOM_READS_ARRAY(in, N, FanWord);
  LOOM_WRITES_DRAM(dst, FanWord);
  LOOM_PARAM(k, K);
  LOOM_PARAM(n, N);
  LOOM_PARAM(skew, SKEW);
  static constexpr auto ports = port_list(in, dst);
  static constexpr auto params = param_list(k, n, skew);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO>
  static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) {
      LOOM_PIPELINE(io);
      io.store(dst, i, io.read(in[i % io.param(n) + io.param(skew)]));
    }
  }
};

}  // namespace test
}  // namespace loom
