// Deliberately not synthesisable: its body allocates with new.
#pragma once

#include "units/unit.h"

namespace loom { namespace test {

struct BadHeap {
  LOOM_UNIT("bad_heap");
  LOOM_WRITES_DRAM(out, Word<2, 16>);
  static constexpr auto ports = port_list(out);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO>
  static void body(IO& io) {
    Word<2, 16>* word = new Word<2, 16>();
    io.store(out, 0, *word);
    delete word;
  }
};

}  // namespace test
}  // namespace loom
