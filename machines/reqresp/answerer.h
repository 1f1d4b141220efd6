// The processor of a request/response pair: answers each request r with
// 2 r + BIAS, BIAS a scalar input (ap_none) it reads once.
#pragma once

#include "machines/reqresp/words.h"
#include "units/unit.h"

namespace loom { namespace reqresp {

struct Answerer {
  LOOM_UNIT("reqresp_answerer");
  LOOM_READS(req, Value);
  LOOM_WRITES(resp, Value);
  LOOM_READS_DRAM(BIAS, Value);  // one word
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(req, resp, BIAS);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};

  template <class IO>
  static void body(IO& io) {
    const int64_t bias = io.load(BIAS, 0).lane_signed(0);
    for (int64_t i = 0; i < io.param(k); ++i) {
      LOOM_PIPELINE(io);
      Value r = io.read(req);
      r.set_lane(0, 2 * r.lane_signed(0) + bias);
      io.write(resp, r);
    }
  }
};

}  // namespace reqresp
}  // namespace loom
