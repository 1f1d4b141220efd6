// DotTree's adder tree: each row's packed word of RED_LANES products is folded
// once, in a fixed tree order, in a node array declared fully partitioned
// (registers, so the whole fold is one iteration), and the one fold is read at
// two taps: the root, and the two sums one level down. The pipeline is five
// stages deep: the fold lands two cycles after the word arrives, and both taps
// leave two cycles after that.
#pragma once

#include "units/library/dottree/numerics.h"
#include "units/unit.h"

namespace loom { namespace dottree {

template <class N>
struct Tree {
  typedef typename N::Leaves Leaves;
  typedef typename N::Node Node;
  typedef typename N::Root Root;
  typedef typename N::Half Half;
  LOOM_UNIT("tree");
  LOOM_READS(red_in, Leaves);
  LOOM_OWNS(node, Node);
  LOOM_WRITES(tap_root, Root);
  LOOM_WRITES(tap_half, Half);
  LOOM_PARAM(rows, ROWS);
  static constexpr auto ports = port_list(red_in, node, tap_root, tap_half);
  static constexpr auto params = param_list(rows);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/5};
  // The tree's adds take the four cycles its depth has past the read (its
  // registers are wires, so nothing else does).
  LOOM_COMPUTE(computed(tap_root, 4), computed(tap_half, 4));
  LOOM_OPS("fold");
  LOOM_ARITHMETIC("adder", 1, "the adder tree: RED_LANES - 1 adders, one fold a cycle");

  template <class IO>
  static void body(IO& io) {
    for (int64_t r = 0; r < io.param(rows); ++r) {
      LOOM_PIPELINE(io);
      const Leaves leaves = io.read(red_in);
      for (unsigned l = 0; l < N::lanes; ++l) {
        Node leaf;
        N::put(leaf, 0, N::get(leaves, l));
        io.store(node, N::first_leaf + l, leaf);
      }
      for (unsigned i = N::first_leaf; i-- > 0;) {
        Node sum;
        N::put(sum, 0, N::add(N::get(io.load(node, 2 * i + 1), 0), N::get(io.load(node, 2 * i + 2), 0)));
        io.store(node, i, sum);
      }
      Root root;
      N::put(root, 0, N::get(io.load(node, 0), 0));
      Half half;
      N::put(half, 0, N::get(io.load(node, 1), 0));
      N::put(half, 1, N::get(io.load(node, 2), 0));
      io.write(tap_root, root);
      io.write(tap_half, half);
    }
  }
};

}  // namespace dottree
}  // namespace loom
