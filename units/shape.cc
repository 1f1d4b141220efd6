#include "units/shape.h"

#include <cassert>

namespace loom {

std::string Index::to_string() const {
  std::string out;
  for (int d = 0; d < rank; ++d) out += "[" + std::to_string(at[static_cast<size_t>(d)]) + "]";
  return out;
}

std::string Shape::to_string() const {
  std::string out;
  for (int d = 0; d < rank; ++d) out += "[" + extents[static_cast<size_t>(d)].to_string() + "]";
  return out;
}

bool Dims::contains(const Index& i) const {
  if (i.rank != rank) return false;
  for (int d = 0; d < rank; ++d)
    if (i[d] < 0 || i[d] >= extent[static_cast<size_t>(d)]) return false;
  return true;
}

int64_t Dims::flat(const Index& i) const {
  assert(contains(i));
  return rank == 2 ? i[0] * extent[1] + i[1] : i[0];
}

Index Dims::unflat(int64_t flat) const {
  assert(flat >= 0 && flat < size());
  if (rank == 0) return Index::one();
  if (rank == 1) return Index::of(flat);
  return Index::of(flat / extent[1], flat % extent[1]);
}

std::string Dims::to_string() const {
  std::string out;
  for (int d = 0; d < rank; ++d) out += "[" + std::to_string(extent[static_cast<size_t>(d)]) + "]";
  return out;
}

}  // namespace loom
