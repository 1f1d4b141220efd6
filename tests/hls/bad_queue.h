// Deliberately not synthesisable: its body keeps its words in a std::deque, an
// STL container on the heap. `loom hls` must refuse it by name.
#pragma once

#include <deque>

#include "units/unit.h"

namespace loom { namespace test {

struct BadQueue {
  LOOM_UNIT("bad_queue");
  LOOM_WRITES_DRAM(out, Word<2, 16>);
  static constexpr auto ports = port_list(out);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO>
  static void body(IO& io) {
    std::deque<Word<2, 16>> pending(4);
    for (int64_t i = 0; i < 4; ++i) {
      LOOM_PIPELINE(io);
      io.store(out, i, pending[static_cast<size_t>(i)]);
    }
  }
};

}  // namespace test
}  // namespace loom
