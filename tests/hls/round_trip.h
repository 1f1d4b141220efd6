// A request/response loop for the HLS backend's tests: a controller sends
// request i and reads its reply, a processor answers each request with twice
// its value. Its channels form a cycle, which Vitis's sequential C
// simulation cannot run; the emitted one runs the two concurrently.
#pragma once

#include "units/unit.h"

namespace loom { namespace test {

struct HlsAsker {
  LOOM_UNIT("asker");
  LOOM_WRITES(req, Word<1, 32>);
  LOOM_READS(resp, Word<1, 32>);
  LOOM_WRITES_DRAM(sum, Word<1, 32>);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(req, resp, sum);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/2};
  template <class IO>
  static void body(IO& io) {
    int64_t total = 0;
    for (int64_t i = 0; i < io.param(k); ++i) {
      LOOM_PIPELINE(io);
      Word<1, 32> w;
      w.set_lane(0, i);
      io.write(req, w);
      total += io.read(resp).lane_signed(0);
    }
    Word<1, 32> s;
    s.set_lane(0, total);
    io.store(sum, 0, s);
  }
};

// The asker's mistake: it waits for a reply before sending the request that
// would bring it, so the loop deadlocks on its first trip in every engine.
struct HlsReplyFirst : HlsAsker {
  LOOM_UNIT("reply_first");
  template <class IO>
  static void body(IO& io) {
    int64_t total = 0;
    for (int64_t i = 0; i < io.param(k); ++i) {
      LOOM_PIPELINE(io);
      total += io.read(resp).lane_signed(0);
      Word<1, 32> w;
      w.set_lane(0, i);
      io.write(req, w);
    }
    Word<1, 32> s;
    s.set_lane(0, total);
    io.store(sum, 0, s);
  }
};

struct HlsAnswerer {
  LOOM_UNIT("answerer");
  LOOM_READS(req, Word<1, 32>);
  LOOM_WRITES(resp, Word<1, 32>);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(req, resp);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO>
  static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) {
      LOOM_PIPELINE(io);
      Word<1, 32> w = io.read(req);
      w.set_lane(0, 2 * w.lane_signed(0));
      io.write(resp, w);
    }
  }
};

}  // namespace test
}  // namespace loom
