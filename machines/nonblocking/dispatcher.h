// A dispatcher with a fallback: trip i offers i + 1 to its first worker with
// write_nb and, when that FIFO is full, sends it to the second with a
// blocking write; after K trips each worker gets the sentinel 0. Which
// worker sums which value is decided by the FIFOs' state at each trip's cycle.
#pragma once

#include "machines/nonblocking/words.h"
#include "units/unit.h"

namespace loom { namespace nonblocking {

struct Dispatcher {
  LOOM_UNIT("dispatcher");
  LOOM_WRITES(first, Value);
  LOOM_WRITES(second, Value);
  LOOM_NONBLOCKING(first);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(first, second);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};

  template <class IO>
  static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) {
      LOOM_PIPELINE(io);
      Value v;
      v.set_lane(0, i + 1);
      if (!io.write_nb(first, v)) io.write(second, v);
    }
    Value end;
    end.set_lane(0, 0);
    io.write(first, end);
    io.write(second, end);
  }
};

}  // namespace nonblocking
}  // namespace loom
