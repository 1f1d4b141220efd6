// mvout's store side: the accumulator's clipped rows into DRAM C. One-way, like
// dma_ld, so the two DMA directions never share a process. One flat row loop
// for the whole program: the step that starts an mvout reads it
// (instruction_loop.h), and only the loop's exit waits for C's answers.
#pragma once

#include "units/library/tinytpu/instruction_loop.h"
#include "units/library/tinytpu/words.h"
#include "units/unit.h"

namespace loom { namespace tinytpu {

template <unsigned T>
struct DmaSt {
  LOOM_UNIT("dma_st");
  LOOM_READS(ctrl, Control);
  LOOM_READS(from_accu, Operand<T>);
  LOOM_WRITES_DRAM(C, Operand<T>);
  static constexpr auto ports = port_list(ctrl, from_accu, C);
  static constexpr auto params = param_list();
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/4};

  template <class IO>
  static void body(IO& io) {
    namespace d = design;
    InstructionRows rows(io, ctrl);
    for (int64_t done = 0; rows.more(done); ++done) {
      LOOM_PIPELINE(io);
      if (!rows.next(io, ctrl, [](const d::Decoded& ins) { return ins.op == d::kMvout ? ins.nr : 0; })) return;
      io.store(C, rows.ins.f[1] + rows.t * rows.ins.f[2], io.read(from_accu));
    }
  }
};

}  // namespace tinytpu
}  // namespace loom
