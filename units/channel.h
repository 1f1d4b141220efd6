// A channel array: bounded FIFOs of one word type, in a shape ([N], [R][C] or a
// single channel), each `depth` words deep. The depth is usually a parameter
// (QD), resolved when the region is composed.
#pragma once

#include <string>

#include "units/shape.h"
#include "units/word.h"

namespace loom {

struct Channel {
  std::string name;
  WordShape word;
  Shape shape;
  Extent depth;
  std::string carries;  // one line: what a token on it means
};

template <class W>
Channel channel(std::string name, Shape shape, Extent depth, std::string carries) {
  return {std::move(name), W::shape(), std::move(shape), std::move(depth), std::move(carries)};
}

}  // namespace loom
