// DotTree's plain C++ reference: each row's products summed in the tree's
// order (pairwise, adjacent halves first), read at the root and one level
// down. Written with int64_t or float, not with the units' lane types, so that
// it checks them rather than repeating them. Also the sequential sum, which
// the tree's reassociation is held against.
#pragma once

#include <cstdint>
#include <type_traits>
#include <vector>

#include "units/library/dottree/numerics.h"

namespace loom::dottree {

template <class N>
using Plain = std::conditional_t<N::exact, int64_t, float>;

template <class N>
Plain<N> lane_of(const typename N::Operand& w, unsigned lane) {
  if constexpr (N::exact) return w.lane_signed(lane);
  else return w.lane_float(lane);
}

template <class N>
std::vector<Plain<N>> products(const typename N::Operand& x, const typename N::Operand& w) {
  std::vector<Plain<N>> p(N::lanes);
  for (unsigned l = 0; l < N::lanes; ++l) p[l] = lane_of<N>(x, l) * lane_of<N>(w, l);
  return p;
}

// The sum of leaves [first, first + count), count a power of two, as the tree adds them.
template <class T>
T tree_sum(const std::vector<T>& leaves, size_t first, size_t count) {
  if (count == 1) return leaves[first];
  return tree_sum(leaves, first, count / 2) + tree_sum(leaves, first + count / 2, count / 2);
}

// Left to right, as a loop would.
template <class T>
T sequential_sum(const std::vector<T>& leaves) {
  T sum = leaves[0];
  for (size_t l = 1; l < leaves.size(); ++l) sum = sum + leaves[l];
  return sum;
}

template <class N>
struct Taps {
  std::vector<typename N::Root> S;  // the root of each row
  std::vector<typename N::Half> H;  // each row's two halves
  // The same sums unrounded to any lane width: S lane 0, then H lanes 0 and 1,
  // a row at a time. A tap narrower than its sums wraps in S and H alike, and
  // only these show it.
  std::vector<Plain<N>> sums;
};

template <class N, class W>
void put_plain(W& word, unsigned lane, Plain<N> v) {
  if constexpr (N::exact) word.set_lane(lane, v);
  else word.set_lane_float(lane, v);
}

template <class N>
Taps<N> reference(const typename N::Operand& w, const std::vector<typename N::Operand>& x) {
  Taps<N> out;
  for (const typename N::Operand& row : x) {
    const auto p = products<N>(row, w);
    const Plain<N> sums[] = {tree_sum(p, 0, N::lanes), tree_sum(p, 0, N::lanes / 2), tree_sum(p, N::lanes / 2, N::lanes / 2)};
    out.sums.insert(out.sums.end(), sums, sums + 3);
    typename N::Root root;
    put_plain<N>(root, 0, sums[0]);
    typename N::Half half;
    put_plain<N>(half, 0, sums[1]);
    put_plain<N>(half, 1, sums[2]);
    out.S.push_back(root);
    out.H.push_back(half);
  }
  return out;
}

}  // namespace loom::dottree
