// DotTree's two numerics: what a lane holds, how two values add, and the words
// each stage passes on. The units are written once over either.
//
//   Exact<Lanes, LeafBits>: int8 operands, products of LeafBits bits, and sums
//   that widen a bit a level, so no sum ever wraps: every order of addition
//   gives the same result, and the tree's reassociation is discharged.
//   Rounding<Lanes>: float32 operands, products and sums, each rounded to
//   binary32: the tree's order is part of the result, and the obligation that
//   it matches a sequential sum stays open.
//
// C++14 and HLS-safe: the units include it for both targets.
#pragma once

#include "units/word.h"

namespace loom { namespace dottree {

// The levels of a tree over `lanes` leaves (a power of two).
constexpr unsigned levels(unsigned lanes) { return lanes <= 1 ? 0 : 1 + levels(lanes / 2); }

// What both numerics share: the lane count and the node array's layout (not
// loom::Shape, which is a placement's instance grid).
template <unsigned Lanes>
struct TreeLayout {
  static_assert(Lanes >= 2 && (Lanes & (Lanes - 1)) == 0, "loom: a DotTree reduces a power of two of at least 2 lanes");
  static constexpr unsigned lanes = Lanes;
  // The node array in heap order: node 0 the root, node i's children 2i + 1 and
  // 2i + 2, the leaves Lanes - 1 .. 2 Lanes - 2. The second tap, one level
  // down, is nodes 1 and 2.
  static constexpr unsigned nodes = 2 * Lanes - 1;
  static constexpr unsigned first_leaf = Lanes - 1;
};

template <unsigned Lanes, unsigned LeafBits>
struct Exact : TreeLayout<Lanes> {
  static_assert(LeafBits >= 16 && LeafBits + levels(Lanes) <= 64,
                "loom: an exact DotTree's products hold int8 x int8 and its root fits 64 bits");
  static constexpr bool exact = true;
  static constexpr unsigned operand_bits = 8, leaf_bits = LeafBits, sum_bits = LeafBits + levels(Lanes);
  typedef Word<Lanes, operand_bits> Operand;  // a row of X, or W
  typedef Word<Lanes, leaf_bits> Leaves;      // red_in: one packed word of products a row
  typedef Word<1, sum_bits> Node;             // a row of the node array
  typedef Word<1, sum_bits> Root;             // the root tap
  typedef Word<2, sum_bits> Half;             // the tap one level down
  typedef Int<sum_bits> Value;

  static Value product(const Operand& x, const Operand& w, unsigned lane) {
    return Value(x.lane_signed(lane) * w.lane_signed(lane));
  }
  template <class W>
  static Value get(const W& word, unsigned lane) {
    return Value(word.lane_signed(lane));
  }
  template <class W>
  static void put(W& word, unsigned lane, const Value& v) {
    word.set_lane(lane, v);
  }
  static Value add(const Value& a, const Value& b) { return Value(a + b); }  // a level's carry fits its bit
};

template <unsigned Lanes>
struct Rounding : TreeLayout<Lanes> {
  static constexpr bool exact = false;
  static constexpr unsigned operand_bits = 32, leaf_bits = 32, sum_bits = 32;
  typedef Word<Lanes, 32> Operand;
  typedef Word<Lanes, 32> Leaves;
  typedef Word<1, 32> Node;
  typedef Word<1, 32> Root;
  typedef Word<2, 32> Half;
  typedef float Value;

  static Value product(const Operand& x, const Operand& w, unsigned lane) { return x.lane_float(lane) * w.lane_float(lane); }
  template <class W>
  static Value get(const W& word, unsigned lane) {
    return word.lane_float(lane);
  }
  template <class W>
  static void put(W& word, unsigned lane, Value v) {
    word.set_lane_float(lane, v);
  }
  static Value add(Value a, Value b) { return a + b; }  // rounds to binary32
};

}  // namespace dottree
}  // namespace loom
