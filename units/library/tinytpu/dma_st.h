// mvout's store side: the accumulator's clipped rows into DRAM C. One-way, like
// dma_ld, so the two DMA directions never share a process.
#pragma once

#include "units/library/tinytpu/instruction_loop.h"
#include "units/library/tinytpu/words.h"
#include "units/unit.h"

namespace loom::tinytpu {

template <unsigned T>
struct DmaSt {
  static constexpr std::string_view name = "dma_st";
  static constexpr Reads<"ctrl", Control> ctrl{};
  static constexpr Reads<"from_accu", Operand<T>> from_accu{};
  static constexpr Addresses<"C", Operand<T>, Access::write> c{};
  static constexpr auto ports = port_list(ctrl, from_accu, c);
  static constexpr auto params = param_list();
  static constexpr Pipeline pipeline{.ii = 1, .depth = 4};

  template <class IO>
  static void body(IO& io) {
    run_instructions(io, ctrl, [&](const design::Decoded& ins) {
      for (int64_t r = 0; r < ins.nr; ++r) io.store(c, ins.f[1] + r * ins.f[2], io.read(from_accu));
      return ins.nr;
    });
  }
};

}  // namespace loom::tinytpu
