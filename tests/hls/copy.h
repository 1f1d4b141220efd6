// Copies K words from one region argument to another through a memory it
// owns, named `r`: a unit whose names the emitted code must not collide with.
#pragma once

#include "units/unit.h"

namespace loom { namespace test {

struct HlsCopy {
  LOOM_UNIT("copy");
  LOOM_READS_DRAM(src, Word<3, 12>);
  LOOM_WRITES_DRAM(dst, Word<3, 12>);
  LOOM_OWNS(r, Word<3, 12>);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(src, dst, r);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/2, /*depth=*/3};
  template <class IO>
  static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) {
      LOOM_PIPELINE(io);
      io.store(r, i, io.load(src, i));
    }
    for (int64_t i = 0; i < io.param(k); ++i) {
      LOOM_PIPELINE(io);
      Word<3, 12> w = io.load(r, io.param(k) - 1 - i);
      w.set_lane(1, w.lane_signed(1) + 1);  // a 12-bit lane: 2047 + 1 wraps to -2048
      io.store(dst, i, w);
    }
  }
};

}  // namespace test
}  // namespace loom
