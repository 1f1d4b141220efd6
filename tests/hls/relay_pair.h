// A unit whose header includes another unit's, with a different pipeline: the
// included unit's loops would get this one's pragmas, so emission refuses it.
#pragma once

#include "tests/hls/relay.h"
#include "units/unit.h"

namespace loom { namespace test {

struct HlsSlowRelay {
  LOOM_UNIT("slow_relay");
  LOOM_READS(in, Word<2, 16>);
  LOOM_WRITES(out, Word<2, 16>);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(in, out);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/2, /*depth=*/1};
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
