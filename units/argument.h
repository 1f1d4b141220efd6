// A region argument: a flat DRAM-like array of `size` words, addressed row by
// row (row * MAXDIM + col for a matrix), by exactly one process.
#pragma once

#include <string>

#include "units/shape.h"
#include "units/word.h"

namespace loom {

struct Argument {
  std::string name;
  WordShape word;
  Extent size;
  std::string doc;
};

template <class W>
Argument argument(std::string name, Extent size, std::string doc) {
  return {std::move(name), W::shape(), std::move(size), std::move(doc)};
}

}  // namespace loom
