// Writes y to the region argument Y: y[r] is row r's sum, out of the grid's
// last column, through one port array.
#pragma once

#include "machines/tutorial/words.h"
#include "units/unit.h"

namespace loom { namespace tutorial {

struct Store {
  LOOM_UNIT("matvec_store");
  LOOM_READS_ARRAY(y, R, Result32);  // y[r]: row r's sum
  LOOM_WRITES_DRAM(Y, Result32);
  LOOM_PARAM(rows, R);
  static constexpr auto ports = port_list(y, Y);
  static constexpr auto params = param_list(rows);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};

  template <class IO>
  static void body(IO& io) {
    for (int64_t r = 0; r < io.param(rows); ++r) {
      LOOM_PIPELINE(io);
      io.store(Y, r, io.read(y[r]));
    }
  }
};

}  // namespace tutorial
}  // namespace loom
