// A unit outside namespace loom that reads no parameter: its
// `param_list()` has no argument for argument-dependent lookup to find
// loom::param_list by, so it is the one LOOM_UNIT declares in the unit. It
// copies four words from SRC to DST, lane 1 negated.
#pragma once

#include "units/unit.h"

namespace elsewhere {

typedef loom::Word<2, 16> QuietWord;

struct Quiet {
  LOOM_UNIT("quiet");
  LOOM_READS_DRAM(src, QuietWord);
  LOOM_WRITES_DRAM(dst, QuietWord);
  static constexpr auto ports = port_list(src, dst);
  static constexpr auto params = param_list();
  static constexpr loom::Pipeline pipeline{/*ii=*/1, /*depth=*/2};
  template <class IO>
  static void body(IO& io) {
    for (int64_t i = 0; i < 4; ++i) {
      LOOM_PIPELINE(io);
      QuietWord w = io.load(src, i);
      w.set_lane(1, -w.lane_signed(1));
      io.store(dst, i, w);
    }
  }
};

}  // namespace elsewhere
