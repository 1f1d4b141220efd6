// An on-chip memory array: `rows` rows of one word type each, in a shape. Each
// element has exactly one owner, the only unit that may address it.
#pragma once

#include <string>

#include "units/shape.h"
#include "units/storage.h"
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
  // The ports the hardware gives it (units/storage.h): how many loads and
  // stores one trip of the owner's pipelined loop may make at its II. HLS
  // emission binds the array to the Vitis storage kind that has them.
  // Registers land at once, so a memory of registers declares no write latency.
  Storage storage = Storage::dual_port;
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
