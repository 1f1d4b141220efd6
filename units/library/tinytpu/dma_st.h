// mvout's store side: the accumulator's clipped rows into DRAM C. One-way, like
// dma_ld, so the two DMA directions never share a process.
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
    run_instructions(io, ctrl, [&](const design::Decoded& ins) {
      for (int64_t r = 0; r < ins.nr; ++r) {
        LOOM_PIPELINE(io);
        io.store(C, ins.f[1] + r * ins.f[2], io.read(from_accu));
      }
      return ins.nr;
    });
  }
};

}  // namespace tinytpu
}  // namespace loom
