// A consumer that sums what it reads until the sentinel 0, one word every II
// cycles, in a free-running loop: its trip count is not known when it starts,
// only when the sentinel arrives. It returns the sum and how many words it
// summed on a scalar output (ap_vld), lanes [sum, count].
#pragma once

#include "machines/nonblocking/words.h"
#include "units/unit.h"

namespace loom { namespace nonblocking {

template <int II>
struct Summer {
  LOOM_UNIT("summer");
  LOOM_READS(in, Value);
  LOOM_WRITES_DRAM(OUT, Pair);  // one word: [sum, count]
  static constexpr auto ports = port_list(in, OUT);
  static constexpr Pipeline pipeline{/*ii=*/II, /*depth=*/1};

  template <class IO>
  static void body(IO& io) {
    int32_t sum = 0, count = 0;
    for (;;) {
      LOOM_PIPELINE(io);
      const int32_t v = static_cast<int32_t>(io.read(in).lane_signed(0));
      if (v == 0) break;
      sum += v;
      ++count;
    }
    Pair result;
    result.set_lane(0, sum);
    result.set_lane(1, count);
    io.store(OUT, 0, result);
  }
};

}  // namespace nonblocking
}  // namespace loom
