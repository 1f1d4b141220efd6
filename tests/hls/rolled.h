// A loop that is not pipelined (unpipelined(), `#pragma HLS pipeline off`),
// between the paced chain's load and store: each word's lane 0 plus its own
// latency, three cycles an iteration and no overlap between iterations.
#pragma once

#include "units/unit.h"

namespace loom { namespace test {

struct HlsRolled {
  LOOM_UNIT("rolled");
  LOOM_READS(in, Word<2, 16>);
  LOOM_WRITES(out, Word<2, 16>);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(in, out);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline = unpipelined(/*latency=*/3);
  template <class IO>
  static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) {
      LOOM_PIPELINE(io);
      Word<2, 16> w = io.read(in);
      w.set_lane(0, w.lane_signed(0) + pipeline.depth);
      io.write(out, w);
    }
  }
};

}  // namespace test
}  // namespace loom
