// An on-chip memory array: `rows` rows of one word type each, in a shape. Each
// element has exactly one owner, the only unit that may address it.
#pragma once

#include <string>

#include "units/shape.h"
#include "units/word.h"

namespace loom {

struct Memory {
  std::string name;
  WordShape word;
  Extent rows;
  Shape shape;
};

template <class W>
Memory memory(std::string name, Extent rows, Shape shape = one()) {
  return {std::move(name), W::shape(), std::move(rows), std::move(shape)};
}

}  // namespace loom
