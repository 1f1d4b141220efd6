// The execute half of a fetch/execute pair, a pipeline of three stages.
// Instruction pc is a branch when pc % B == B - 1, to pc + J; every other
// falls through. It executes what it expects next and squashes the rest (the
// wrong path fetch ran down); a taken branch sends fetch a redirect, and the
// N-th instruction executed sends a halt instead. It stops at fetch's [0, 1]
// and returns [sum of the pcs executed, instructions squashed] (ap_vld).
#pragma once

#include "machines/nonblocking/words.h"
#include "units/unit.h"

namespace loom { namespace nonblocking {

// The stage its redirect takes: the one it reads the branch at, the stage
// its input's word is there (the default, docs/timing.md "Stages"; the compare
// and add before it chain into that cycle).
constexpr int64_t kRedirectStage = 0;

struct Executor {
  LOOM_UNIT("executor");
  LOOM_READS(insn, Pair);
  LOOM_WRITES(redirect, Pair);
  LOOM_WRITES_DRAM(OUT, Pair);  // one word: [sum of pcs executed, squashed]
  LOOM_PARAM(n, N);
  LOOM_PARAM(b, B);
  LOOM_PARAM(j, J);
  static constexpr auto ports = port_list(insn, redirect, OUT);
  static constexpr auto params = param_list(n, b, j);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/3};

  template <class IO>
  static void body(IO& io) {
    int32_t expect = 0, executed = 0, sum = 0, squashed = 0;
    for (;;) {
      LOOM_PIPELINE(io);
      const Pair x = io.read(insn);
      if (x.lane_signed(1) != 0) break;
      const int32_t pc = static_cast<int32_t>(x.lane_signed(0));
      if (pc != expect || executed == io.param(n)) {
        ++squashed;
        continue;
      }
      ++executed;
      sum += pc;
      Pair to;
      to.set_lane(0, 0);
      to.set_lane(1, 0);
      if (executed == io.param(n)) {
        to.set_lane(1, 1);
        io.write(redirect, to);
      } else if (pc % io.param(b) == io.param(b) - 1) {
        expect = pc + static_cast<int32_t>(io.param(j));
        to.set_lane(0, expect);
        io.write(redirect, to);
      } else {
        expect = pc + 1;
      }
    }
    Pair result;
    result.set_lane(0, sum);
    result.set_lane(1, squashed);
    io.store(OUT, 0, result);
  }
};

}  // namespace nonblocking
}  // namespace loom
