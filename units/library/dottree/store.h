// DotTree's store: writes both taps of every row to DRAM, the root to S and the
// two sums one level down to H.
#pragma once

#include "units/library/dottree/numerics.h"
#include "units/unit.h"

namespace loom { namespace dottree {

template <class N>
struct Store {
  typedef typename N::Root Root;
  typedef typename N::Half Half;
  LOOM_UNIT("store");
  LOOM_READS(tap_root, Root);
  LOOM_READS(tap_half, Half);
  LOOM_WRITES_DRAM(S, Root);
  LOOM_WRITES_DRAM(H, Half);
  LOOM_PARAM(rows, ROWS);
  static constexpr auto ports = port_list(tap_root, tap_half, S, H);
  static constexpr auto params = param_list(rows);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};

  template <class IO>
  static void body(IO& io) {
    for (int64_t r = 0; r < io.param(rows); ++r) {
      LOOM_PIPELINE(io);
      io.store(S, r, io.read(tap_root));
      io.store(H, r, io.read(tap_half));
    }
  }
};

}  // namespace dottree
}  // namespace loom
