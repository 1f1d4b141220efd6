// The fetch half of a fetch/execute pair: one instruction a cycle, pc
// counting up, each sent as [pc, 0]. Every trip polls for a redirect with
// read_nb: [target, 0] moves pc to target, [-, 1] halts. Until a redirect is
// in view, fetch runs on down the wrong path; how far is the loop's latency.
// At the end it sends [0, 1], so execute stops once the wrong path drains,
// and returns how many instructions it fetched (ap_vld).
#pragma once

#include "machines/nonblocking/words.h"
#include "units/unit.h"

namespace loom { namespace nonblocking {

struct Fetcher {
  LOOM_UNIT("fetcher");
  LOOM_READS(redirect, Pair);
  LOOM_WRITES(insn, Pair);
  LOOM_WRITES_DRAM(FETCHED, Value);  // one word
  LOOM_NONBLOCKING(redirect);
  static constexpr auto ports = port_list(redirect, insn, FETCHED);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};

  template <class IO>
  static void body(IO& io) {
    int32_t pc = 0, fetched = 0;
    for (;;) {
      LOOM_PIPELINE(io);
      Pair to;
      if (io.read_nb(redirect, to)) {
        if (to.lane_signed(1) != 0) break;
        pc = static_cast<int32_t>(to.lane_signed(0));
      }
      Pair i;
      i.set_lane(0, pc);
      i.set_lane(1, 0);
      io.write(insn, i);
      ++pc;
      ++fetched;
    }
    Pair halt;
    halt.set_lane(0, 0);
    halt.set_lane(1, 1);
    io.write(insn, halt);
    Value n;
    n.set_lane(0, fetched);
    io.store(FETCHED, 0, n);
  }
};

}  // namespace nonblocking
}  // namespace loom
