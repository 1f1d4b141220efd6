// Units that pass K words along: the shapes of a region's channel graph, for
// the HLS backend's tests. They share a header, and its pragmas (II=1).
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

// Passes K words on, and a copy of each to `tap`.
struct HlsFork {
  LOOM_UNIT("fork");
  LOOM_READS(in, Word<2, 16>);
  LOOM_WRITES(out, Word<2, 16>);
  LOOM_WRITES(tap, Word<2, 16>);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(in, out, tap);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO>
  static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) {
      LOOM_PIPELINE(io);
      const Word<2, 16> w = io.read(in);
      io.write(out, w);
      io.write(tap, w);
    }
  }
};

// Takes K words.
struct HlsDrain {
  LOOM_UNIT("drain");
  LOOM_READS(in, Word<2, 16>);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(in);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO>
  static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) {
      LOOM_PIPELINE(io);
      (void)io.read(in);
    }
  }
};

}  // namespace test
}  // namespace loom
