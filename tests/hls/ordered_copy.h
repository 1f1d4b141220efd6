// Copies K words from one region argument to another, each store in a
// protocol region after a clock boundary: the ordering vocabulary
// (LOOM_PROTOCOL, LOOM_WAIT) as C simulation compiles it.
#pragma once

#include "units/unit.h"

namespace loom { namespace test {

struct HlsOrderedCopy {
  LOOM_UNIT("ordered_copy");
  LOOM_READS_DRAM(src, Word<3, 12>);
  LOOM_WRITES_DRAM(dst, Word<3, 12>);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(src, dst);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/3};
  template <class IO>
  static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) {
      LOOM_PIPELINE(io);
      Word<3, 12> w = io.load(src, i);
      {
        LOOM_PROTOCOL(io);
        LOOM_WAIT(io);
        w.set_lane(2, w.lane_signed(2) + 1);
        io.store(dst, i, w);
      }
    }
  }
};

}  // namespace test
}  // namespace loom
