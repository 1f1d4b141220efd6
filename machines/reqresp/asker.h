// The controller of a request/response pair: trip i loads request i from an
// on-chip RAM (an ap_memory argument), sends it, and, after a clock boundary
// that orders the send before the read (ap_wait() in a protocol region),
// reads its reply and adds it to the sum; the sum leaves on a scalar output
// (ap_vld) once the loop is done.
#pragma once

#include "machines/reqresp/words.h"
#include "units/unit.h"

namespace loom { namespace reqresp {

struct Asker {
  LOOM_UNIT("reqresp_asker");
  LOOM_READS_DRAM(REQ, Value);  // the requests, one a row
  LOOM_WRITES(req, Value);
  LOOM_READS(resp, Value);
  LOOM_WRITES_DRAM(SUM, Value);  // one word: the replies' sum
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(REQ, req, resp, SUM);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/2};

  template <class IO>
  static void body(IO& io) {
    int64_t total = 0;
    for (int64_t i = 0; i < io.param(k); ++i) {
      LOOM_PIPELINE(io);
      io.write(req, io.load(REQ, i));
      {
        LOOM_PROTOCOL(io);
        LOOM_WAIT(io);
        total += io.read(resp).lane_signed(0);
      }
    }
    Value sum;
    sum.set_lane(0, total);
    io.store(SUM, 0, sum);
  }
};

}  // namespace reqresp
}  // namespace loom
