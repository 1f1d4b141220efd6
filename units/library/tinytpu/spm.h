// The scratchpad: pure SIMD, one packed word a row and no lane addressing,
// which is what lets one single-ported memory feed T lanes a cycle. It is the
// array's weight port: for each mm it sends a header word with the row count,
// then the T weight rows, down the weight chain. It is input-only: results
// never come back into it. One flat row loop for the whole program: the step
// that starts an instruction reads it (instruction_loop.h).
#pragma once

#include "units/library/tinytpu/instruction_loop.h"
#include "units/library/tinytpu/words.h"
#include "units/unit.h"

namespace loom { namespace tinytpu {

template <unsigned T>
struct Spm {
  LOOM_UNIT("spm");
  LOOM_READS(ctrl, Control);
  LOOM_READS(from_dma, Operand<T>);
  LOOM_WRITES(to_vru, Operand<T>);
  LOOM_WRITES(weights, Operand<T>);
  LOOM_OWNS(spad, Operand<T>);
  static constexpr auto ports = port_list(ctrl, from_dma, to_vru, weights, spad);
  static constexpr auto params = param_list();
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/2};

  template <class IO>
  static void body(IO& io) {
    namespace d = design;
    // An mm takes T + 1 steps: its header down the chain, then a weight row a step.
    const auto trips_of = [](const d::Decoded& ins) -> int64_t {
      switch (ins.op) {
        case d::kDmaLd:
        case d::kVld: return ins.nr;
        case d::kMm: return d::spm_words_per_mm(T);
        default: return 0;  // the sequencer sends spm nothing else
      }
    };
    InstructionRows rows(io, ctrl);
    for (int64_t done = 0; rows.more(done); ++done) {
      LOOM_PIPELINE(io);
      if (!rows.next(io, ctrl, trips_of)) break;
      const d::Decoded& ins = rows.ins;
      const int64_t r = rows.t;
      switch (ins.op) {
        case d::kDmaLd: io.store(spad, ins.f[1] + r, io.read(from_dma)); break;
        case d::kVld: io.write(to_vru, io.load(spad, ins.f[0] + r)); break;
        default:  // mm
          if (r == 0) io.write(weights, chain_header<T>(ins.nr));
          else io.write(weights, io.load(spad, ins.f[0] + r - 1));
          break;
      }
    }
    io.write(weights, chain_header<T>(0));  // the end of the program, down the chain
  }
};

}  // namespace tinytpu
}  // namespace loom
