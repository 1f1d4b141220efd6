// A unit whose header includes another unit's, at another II: the included
// unit's loops are compiled under this one's LOOM_HLS_LOOP. Each takes its II
// from its own declaration, so the pair emits; a dependence claim on this
// unit's memory would put its pragma in the other's loops too, so emission
// refuses the pair under one.
#pragma once

#include "tests/hls/relay.h"
#include "units/unit.h"

namespace loom { namespace test {

struct HlsSlowRelay {
  LOOM_UNIT("slow_relay");
  LOOM_READS(in, Word<2, 16>);
  LOOM_WRITES(out, Word<2, 16>);
  LOOM_OWNS(last, Word<2, 16>);  // the last word passed on
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(in, out, last);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/2, /*depth=*/1};
  template <class IO>
  static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) {
      LOOM_PIPELINE(io);
      const Word<2, 16> w = io.read(in);
      io.store(last, 0, w);
      io.write(out, w);
    }
  }
};

}  // namespace test
}  // namespace loom
