// DRAM A and B to the scratchpad or the operand vregs: one packed word of T
// lanes a row. It only loads (one-way DMA), so nothing it feeds can feed it back.
#pragma once

#include "units/library/tinytpu/instruction_loop.h"
#include "units/library/tinytpu/words.h"
#include "units/unit.h"

namespace loom { namespace tinytpu {

template <unsigned T>
struct DmaLd {
  LOOM_UNIT("dma_ld");
  LOOM_READS(ctrl, Control);
  LOOM_READS_DRAM(A, Operand<T>);
  LOOM_READS_DRAM(B, Operand<T>);
  LOOM_WRITES(to_spm, Operand<T>);
  LOOM_WRITES(to_vru, Operand<T>);
  static constexpr auto ports = port_list(ctrl, A, B, to_spm, to_vru);
  static constexpr auto params = param_list();
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/4};
  LOOM_OPS("select");  // which of A and B a row comes from

  template <class IO>
  static void body(IO& io) {
    namespace d = design;
    run_instructions(io, ctrl, [&](const d::Decoded& ins) {
      const int64_t route = ins.f[0], src = ins.f[2], stride = ins.f[3];  // f1: the receiver places the rows
      for (int64_t r = 0; r < ins.nr; ++r) {
        LOOM_PIPELINE(io);
        const int64_t word = src + r * stride;
        const Operand<T> row = route == d::kASpad || route == d::kAVr ? io.load(A, word) : io.load(B, word);
        if (route == d::kASpad || route == d::kBSpad) io.write(to_spm, row);
        else io.write(to_vru, row);
      }
      return ins.nr;
    });
  }
};

}  // namespace tinytpu
}  // namespace loom
