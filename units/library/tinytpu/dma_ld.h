// DRAM A and B to the scratchpad or the operand vregs: one packed word of T
// lanes a row. It only loads (one-way DMA), so nothing it feeds can feed it back.
#pragma once

#include "units/library/tinytpu/instruction_loop.h"
#include "units/library/tinytpu/words.h"
#include "units/unit.h"

namespace loom::tinytpu {

template <unsigned T>
struct DmaLd {
  static constexpr std::string_view name = "dma_ld";
  static constexpr Reads<"ctrl", Control> ctrl{};
  static constexpr Addresses<"A", Operand<T>, Access::read> a{};
  static constexpr Addresses<"B", Operand<T>, Access::read> b{};
  static constexpr Writes<"to_spm", Operand<T>> to_spm{};
  static constexpr Writes<"to_vru", Operand<T>> to_vru{};
  static constexpr auto ports = port_list(ctrl, a, b, to_spm, to_vru);
  static constexpr auto params = param_list();
  static constexpr Pipeline pipeline{.ii = 1, .depth = 4};

  template <class IO>
  static void body(IO& io) {
    namespace d = design;
    run_instructions(io, ctrl, [&](const d::Decoded& ins) {
      const int64_t route = ins.f[0], src = ins.f[2], stride = ins.f[3];  // f1: the receiver places the rows
      for (int64_t r = 0; r < ins.nr; ++r) {
        const int64_t word = src + r * stride;
        const Operand<T> row = route == d::kASpad || route == d::kAVr ? io.load(a, word) : io.load(b, word);
        if (route == d::kASpad || route == d::kBSpad) io.write(to_spm, row);
        else io.write(to_vru, row);
      }
      return ins.nr;
    });
  }
};

}  // namespace loom::tinytpu
