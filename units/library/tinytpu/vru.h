// The operand vregs: filled by dma_ld or by vld from the scratchpad, and the
// array's activation port, one packed row a cycle down the activation chain.
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
    run_instructions(io, ctrl, [&](const d::Decoded& ins) -> int64_t {
      for (int64_t r = 0; r < ins.nr; ++r) {
        LOOM_PIPELINE(io);
        switch (ins.op) {
          case d::kDmaLd: io.store(vr, ins.f[1] + r, io.read(from_dma)); break;
          case d::kVld: io.store(vr, ins.f[1] + r, io.read(from_spm)); break;
          case d::kMm: io.write(act, io.load(vr, ins.f[1] + r)); break;
          default: return 0;
        }
      }
      return ins.nr;
    });
  }
};

}  // namespace tinytpu
}  // namespace loom
