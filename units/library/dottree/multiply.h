// DotTree's multiply stage: keeps the weight row W, then for each row of X
// multiplies it lane by lane with the weights and sends the products to the
// tree as one packed word of RED_LANES lanes of RED_IN_BITS each. The first
// row's trip also fetches W: a load before the loop would be a step of its
// own ahead of the pipeline, and the weights memory (ram_t2p) takes that
// trip's store and load together.
#pragma once

#include "units/library/dottree/numerics.h"
#include "units/unit.h"

namespace loom { namespace dottree {

template <class N>
struct Multiply {
  typedef typename N::Operand Operand;
  typedef typename N::Leaves Leaves;
  LOOM_UNIT("multiply");
  LOOM_READS_DRAM(W, Operand);
  LOOM_READS_DRAM(X, Operand);
  LOOM_OWNS(weights, Operand);
  LOOM_WRITES(red_in, Leaves);
  LOOM_PARAM(rows, ROWS);
  static constexpr auto ports = port_list(W, X, weights, red_in);
  static constexpr auto params = param_list(rows);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/2};
  LOOM_OPS("mul");
  LOOM_ARITHMETIC("mul", 1, "the lane multipliers: one packed word of products a cycle");

  template <class IO>
  static void body(IO& io) {
    for (int64_t r = 0; r < io.param(rows); ++r) {
      LOOM_PIPELINE(io);
      if (r == 0) io.store(weights, 0, io.load(W, 0));
      const Operand x = io.load(X, r);
      const Operand w = io.load(weights, 0);
      Leaves products;
      for (unsigned l = 0; l < N::lanes; ++l) N::put(products, l, N::product(x, w, l));
      io.write(red_in, products);
    }
  }
};

}  // namespace dottree
}  // namespace loom
