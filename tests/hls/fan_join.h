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

// Port arrays in hostile places, for a chain per element of Fan's out[N]
// and Join's in[N] (K/N words each): Split has its array last, of extent
// L+1 (an expression); Mix has two arrays side by side between single
// ports, in[L+1] and out[C/T] (a quotient, one element when C = T); Merge
// has its array first. Split sends each word to head and, with lane 1 set
// to e, to each out[e] up to out[U] (U = L, or less where an architecture
// leaves the elements after it unbound); Mix adds those lane 1s (U(U+1)/2)
// to head's lane 0,
// sends the sum to out[i % (C/T)] and head on to tail; Merge sends on the
// sum with lane 1 the original lane 0.
struct HlsSplit {
  LOOM_UNIT("split");
  LOOM_READS(src, FanWord);
  LOOM_WRITES(head, FanWord);
  LOOM_WRITES_ARRAY(out, L+1, FanWord);
  LOOM_PARAM(k, K);
  LOOM_PARAM(n, N);
  LOOM_PARAM(l, L);
  LOOM_PARAM(u, U);
  static constexpr auto ports = port_list(src, head, out);
  static constexpr auto params = param_list(k, n, l, u);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO>
  static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k) / io.param(n); ++i) {
      const FanWord w = io.read(src);
      io.write(head, w);
      for (int64_t e = 0; e <= io.param(u); ++e) {
        FanWord lane = w;
        lane.set_lane(1, e);
        io.write(out[e], lane);
      }
    }
  }
};

struct HlsMix {
  LOOM_UNIT("mix");
  LOOM_READS(head, FanWord);
  LOOM_READS_ARRAY(in, L+1, FanWord);
  LOOM_WRITES_ARRAY(out, C/T, FanWord);
  LOOM_WRITES(tail, FanWord);
  LOOM_PARAM(k, K);
  LOOM_PARAM(n, N);
  LOOM_PARAM(l, L);
  LOOM_PARAM(u, U);
  LOOM_PARAM(c, C);
  LOOM_PARAM(t, T);
  static constexpr auto ports = port_list(head, in, out, tail);
  static constexpr auto params = param_list(k, n, l, u, c, t);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO>
  static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k) / io.param(n); ++i) {
      const FanWord h = io.read(head);
      FanWord sum = h;
      for (int64_t e = 0; e <= io.param(u); ++e) sum.set_lane(0, sum.lane_signed(0) + io.read(in[e]).lane_signed(1));
      io.write(out[i % (io.param(c) / io.param(t))], sum);
      io.write(tail, h);
    }
  }
};

struct HlsMerge {
  LOOM_UNIT("merge");
  LOOM_READS_ARRAY(in, C/T, FanWord);
  LOOM_READS(tail, FanWord);
  LOOM_WRITES(dst, FanWord);
  LOOM_PARAM(k, K);
  LOOM_PARAM(n, N);
  LOOM_PARAM(c, C);
  LOOM_PARAM(t, T);
  static constexpr auto ports = port_list(in, tail, dst);
  static constexpr auto params = param_list(k, n, c, t);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO>
  static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k) / io.param(n); ++i) {
      FanWord w = io.read(in[i % (io.param(c) / io.param(t))]);
      w.set_lane(1, io.read(tail).lane_signed(0));
      io.write(dst, w);
    }
  }
};

// Single ports whose names are elements' identifiers in emitted code (in_0
// and in_1, beside in[0] and in[1]): refused, or the emitted context would
// declare them twice.
struct HlsClash {
  LOOM_UNIT("clash");
  LOOM_READS(in_0, FanWord);
  LOOM_READS_ARRAY(in, N, FanWord);
  LOOM_READS(in_1, FanWord);
  static constexpr auto ports = port_list(in_0, in, in_1);
  static constexpr auto params = param_list();
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO>
  static void body(IO& io) {
    (void)io.read(in_0);
    (void)io.read(in[0]);
    (void)io.read(in_1);
  }
};

}  // namespace test
}  // namespace loom
