// Deliberately not synthesisable: its body calls through a virtual function.
#pragma once

#include "units/unit.h"

namespace loom { namespace test {

struct Shaper {
  virtual ~Shaper() = default;
  virtual int64_t shape(int64_t x) const { return x + 1; }
};

struct BadVirtual {
  LOOM_UNIT("bad_virtual");
  LOOM_WRITES_DRAM(out, Word<2, 16>);
  static constexpr auto ports = port_list(out);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO>
  static void body(IO& io) {
    const Shaper shaper;
    Word<2, 16> w;
    w.set_lane(0, shaper.shape(1));
    io.store(out, 0, w);
  }
};

}  // namespace test
}  // namespace loom
