// A unit that passes K words from its input to its output: the shape of a
// region's channel graph, for the HLS backend's tests.
#pragma once

#include "units/unit.h"

namespace loom { namespace test {

struct HlsRelay {
  LOOM_UNIT("relay");
  LOOM_READS(in, Word<2, 16>);
  LOOM_WRITES(out, Word<2, 16>);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(in, out);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO>
  static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) {
      LOOM_PIPELINE(io);
      io.write(out, io.read(in));
    }
  }
};

}  // namespace test
}  // namespace loom
