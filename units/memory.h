// An on-chip memory array: `rows` rows of one word type each, in a shape. Each
// element has exactly one owner, the only unit that may address it.
#pragma once

#include <string>

#include "units/shape.h"
#include "units/word.h"

namespace loom {

// What a memory declares about its timing, so that no body has to model it.
struct MemoryTiming {
  // A store is visible to loads this many iterations of its owner's pipelined
  // loop after it issues; a load sooner reads the row's old value. 0: at once.
  // A loop that claims no dependence through the memory (HLS `dependence
  // inter false`) gets exactly this from hardware whose store stage is that
  // many stages after its load stage.
  int write_latency = 0;
  // Fully partitioned (HLS `array_partition complete`): every row its own
  // register, so any number of rows are read and written in one cycle and an
  // access never holds the owner's loop back. Registers land at once, so such
  // a memory declares no write latency.
  bool partitioned = false;
};

struct Memory {
  std::string name;
  WordShape word;
  Extent rows;
  Shape shape;
  MemoryTiming timing;
};

template <class W>
Memory memory(std::string name, Extent rows, Shape shape = one(), MemoryTiming timing = {}) {
  return {std::move(name), W::shape(), std::move(rows), std::move(shape), timing};
}

}  // namespace loom
