// DRAM A and B to the scratchpad or the operand vregs: one packed word of T
// lanes a row. It only loads (one-way DMA), so nothing it feeds can feed it back.
//
// It lands A and B on chip first, in the seed's two burst landing buffers
// a_onchip and b_onchip: one loop that reads a word of each a trip, so each
// matrix is read in sequential m_axi bursts whatever the layout (the seed's
// row-major matrices put a tile's rows MAXDIM / T words apart, which read
// from DRAM would be a request a row). Then one flat row loop serves every
// dma_ld from the landed copies, a row a cycle at any stride, reading the
// next instruction inside the step that starts it, as every data unit of the
// seed's does. The seed names the buffers; that they hold the whole matrix and
// are filled once, before the first instruction, is Loom's inference of what
// Vitis builds from a plain copy loop (docs/tinytpu.md).
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
  LOOM_OWNS(a_onchip, Operand<T>);  // A, landed
  LOOM_OWNS(b_onchip, Operand<T>);  // B, landed
  LOOM_PARAM(dram_words, DRAM_WORDS);
  static constexpr auto ports = port_list(ctrl, A, B, to_spm, to_vru, a_onchip, b_onchip);
  static constexpr auto params = param_list(dram_words);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/4};
  LOOM_OPS("select");  // which of A and B a row comes from

  template <class IO>
  static void body(IO& io) {
    namespace d = design;
    const int64_t words = io.param(dram_words);
    for (int64_t w = 0; w < words; ++w) {
      LOOM_PIPELINE(io);
      io.store(a_onchip, w, io.load(A, w));
      io.store(b_onchip, w, io.load(B, w));
    }
    InstructionRows rows(io, ctrl);
    for (int64_t done = 0; rows.more(done); ++done) {
      LOOM_PIPELINE(io);
      if (!rows.next(io, ctrl, [](const d::Decoded& ins) { return ins.nr; })) return;
      const int64_t route = rows.ins.f[0], src = rows.ins.f[2], stride = rows.ins.f[3];  // f1: the receiver places the rows
      const int64_t word = src + rows.t * stride;
      const Operand<T> row = route == d::kASpad || route == d::kAVr ? io.load(a_onchip, word) : io.load(b_onchip, word);
      if (route == d::kASpad || route == d::kBSpad) io.write(to_spm, row);
      else io.write(to_vru, row);
    }
  }
};

}  // namespace tinytpu
}  // namespace loom
