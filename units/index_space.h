// The index space of an instance array as a range: every Index of `dims` in
// row-major order, the order the region lays instances out in. range-v3 here,
// not in shape.h, so that only the sources that walk an array pay for it.
#pragma once

#include <range/v3/view/iota.hpp>
#include <range/v3/view/transform.hpp>

#include "units/shape.h"

namespace loom {

inline auto indices(const Dims& dims) {
  return ranges::views::iota(int64_t{0}, dims.size()) |
         ranges::views::transform([dims](int64_t flat) { return dims.unflat(flat); });
}

}  // namespace loom
