// A feeder that streams a whole row into the cell before it forwards the row
// on, and a cell that takes its two inputs in turn: the systolic shape a new
// user wrote, which needs a FIFO as deep as the row to run. At depth K - 2 or
// less it deadlocks; C simulation, over unbounded streams, passes it anyway.
// The cell lives in namespace `systolic` at global scope, which a region named
// `systolic` would make its extern "C" top collide with.
#pragma once

#include "units/unit.h"

namespace systolic {

using Value = loom::Word<1, 16>;
constexpr int kShift = 1 << 3;  // a '<' that is no template bracket: the names after it are still seen

}  // namespace systolic

// A global name after a shift at global scope: a region named after it is refused.
constexpr int kFeedFirstShift = 1 << 3;
extern int feed_first_global;

namespace systolic {

struct Feeder {
  LOOM_UNIT("feeder");
  LOOM_READS_DRAM(src, Value);
  LOOM_WRITES(to_cell, Value);
  LOOM_WRITES(onward, Value);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(src, to_cell, onward);
  static constexpr auto params = param_list(k);
  static constexpr loom::Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO>
  static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) {
      LOOM_PIPELINE(io);
      io.write(to_cell, io.load(src, i));
    }
    for (int64_t i = 0; i < io.param(k); ++i) {
      LOOM_PIPELINE(io);
      io.write(onward, io.load(src, i));
    }
  }
};

// Adds the row it is fed to the row forwarded to it, word by word.
struct Cell {
  LOOM_UNIT("cell");
  LOOM_READS(fed, Value);
  LOOM_READS(chain, Value);
  LOOM_WRITES_DRAM(dst, Value);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(fed, chain, dst);
  static constexpr auto params = param_list(k);
  static constexpr loom::Pipeline pipeline{/*ii=*/1, /*depth=*/2};
  template <class IO>
  static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) {
      LOOM_PIPELINE(io);
      const Value a = io.read(fed);
      const Value b = io.read(chain);
      Value sum;
      sum.set_lane(0, a.lane_signed(0) + b.lane_signed(0));
      io.store(dst, i, sum);
    }
  }
};

}  // namespace systolic
