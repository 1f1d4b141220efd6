// A unit template at a chosen II, and the ends of a chain of its
// instantiations: Load reads K words from DRAM, each HlsPaced<II> adds II to
// lane 0, and Store writes them back. One header declares them all, so the top
// includes it once, and each unit's loops take the II of their own
// declaration (docs/hls.md, "Pragmas from declarations and claims").
#pragma once

#include "units/unit.h"

namespace loom { namespace test {

typedef Word<2, 16> PacedWord;

template <int II>
struct HlsPaced {
  LOOM_UNIT("paced");
  LOOM_READS(in, PacedWord);
  LOOM_WRITES(out, PacedWord);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(in, out);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/II, /*depth=*/2};
  template <class IO>
  static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) {
      LOOM_PIPELINE(io);
      PacedWord w = io.read(in);
      w.set_lane(0, w.lane_signed(0) + II);
      io.write(out, w);
    }
  }
};

struct HlsPacedLoad {
  LOOM_UNIT("paced_load");
  LOOM_READS_DRAM(src, PacedWord);
  LOOM_WRITES(out, PacedWord);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(src, out);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO>
  static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) {
      LOOM_PIPELINE(io);
      io.write(out, io.load(src, i));
    }
  }
};

struct HlsPacedStore {
  LOOM_UNIT("paced_store");
  LOOM_READS(in, PacedWord);
  LOOM_WRITES_DRAM(dst, PacedWord);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(in, dst);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO>
  static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) {
      LOOM_PIPELINE(io);
      io.store(dst, i, io.read(in));
    }
  }
};

}  // namespace test
}  // namespace loom
