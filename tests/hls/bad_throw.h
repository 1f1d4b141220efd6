// Deliberately not synthesisable: its body throws.
#pragma once

#include "units/unit.h"

namespace loom { namespace test {

struct BadThrow {
  LOOM_UNIT("bad_throw");
  LOOM_WRITES_DRAM(out, Word<2, 16>);
  static constexpr auto ports = port_list(out);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO>
  static void body(IO& io) {
    if (io.index()[0] > 0) throw 1;
    io.store(out, 0, Word<2, 16>());
  }
};

}  // namespace test
}  // namespace loom
