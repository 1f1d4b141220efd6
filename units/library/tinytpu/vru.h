// The operand vregs: filled by dma_ld or by vld from the scratchpad, and the
// array's activation port, one packed row a cycle down the activation chain.
// One flat row loop for the whole program: the step that starts an
// instruction reads it (instruction_loop.h).
#pragma once

#include "units/library/tinytpu/instruction_loop.h"
#include "units/library/tinytpu/words.h"
#include "units/unit.h"

namespace loom { namespace tinytpu {

template <unsigned T>
struct Vru {
  LOOM_UNIT("vru");
  LOOM_READS(ctrl, Control);
  LOOM_READS(from_dma, Operand<T>);
  LOOM_READS(from_spm, Operand<T>);
  LOOM_WRITES(act, Operand<T>);
  LOOM_OWNS(vr, Operand<T>);
  static constexpr auto ports = port_list(ctrl, from_dma, from_spm, act, vr);
  static constexpr auto params = param_list();
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/2};

  template <class IO>
  static void body(IO& io) {
    namespace d = design;
    const auto trips_of = [](const d::Decoded& ins) -> int64_t {
      return ins.op == d::kDmaLd || ins.op == d::kVld || ins.op == d::kMm ? ins.nr : 0;
    };
    InstructionRows rows(io, ctrl);
    for (int64_t done = 0; rows.more(done); ++done) {
      LOOM_PIPELINE(io);
      if (!rows.next(io, ctrl, trips_of)) return;
      const d::Decoded& ins = rows.ins;
      const int64_t r = rows.t;
      switch (ins.op) {
        case d::kDmaLd: io.store(vr, ins.f[1] + r, io.read(from_dma)); break;
        case d::kVld: io.store(vr, ins.f[1] + r, io.read(from_spm)); break;
        default: io.write(act, io.load(vr, ins.f[1] + r)); break;  // mm
      }
    }
  }
};

}  // namespace tinytpu
}  // namespace loom
