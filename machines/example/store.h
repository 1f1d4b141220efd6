// Writes the K filtered outputs, in order, to the region argument Y.
#pragma once

#include "machines/example/words.h"
#include "units/unit.h"

namespace loom { namespace example {

template <unsigned T>
struct Store {
  LOOM_UNIT("store");
  LOOM_READS(in, Sum<T>);
  LOOM_WRITES_DRAM(Y, Sum<T>);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(in, Y);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};

  template <class IO>
  static void body(IO& io) {
    for (int64_t s = 0; s < io.param(k); ++s) {
      LOOM_PIPELINE(io);
      io.store(Y, s, io.read(in));
    }
  }
};

}  // namespace example
}  // namespace loom
