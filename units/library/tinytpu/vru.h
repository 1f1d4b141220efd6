// The operand vregs: filled by dma_ld or by vld from the scratchpad, and the
// array's activation port, one packed row a cycle down the activation chain.
#pragma once

#include "units/library/tinytpu/design.h"
#include "units/library/tinytpu/words.h"
#include "units/unit.h"

namespace loom::tinytpu {

template <unsigned T>
struct Vru {
  static constexpr std::string_view name = "vru";
  static constexpr Reads<"ctrl", Control> ctrl{};
  static constexpr Reads<"from_dma", Operand<T>> from_dma{};
  static constexpr Reads<"from_spm", Operand<T>> from_spm{};
  static constexpr Writes<"act", Operand<T>> act{};
  static constexpr Owns<"vr", Operand<T>> vr{};
  static constexpr auto ports = port_list(ctrl, from_dma, from_spm, act, vr);
  static constexpr auto params = param_list();
  static constexpr Pipeline pipeline{.ii = 1, .depth = 2};

  template <class IO>
  static void body(IO& io) {
    namespace d = design;
    const int64_t trips = static_cast<int64_t>(d::kTripCount.get(bits_of(io.read(ctrl))));
    for (int64_t done = 0; done < trips;) {
      const d::Decoded ins = d::decode(bits_of(io.read(ctrl)));
      switch (ins.op) {
        case d::kDmaLd:
          for (int64_t r = 0; r < ins.nr; ++r, ++done) io.store(vr, ins.f[1] + r, io.read(from_dma));
          break;
        case d::kVld:
          for (int64_t r = 0; r < ins.nr; ++r, ++done) io.store(vr, ins.f[1] + r, io.read(from_spm));
          break;
        case d::kMm:
          for (int64_t r = 0; r < ins.nr; ++r, ++done) io.write(act, io.load(vr, ins.f[1] + r));
          break;
        default: return;
      }
    }
  }
};

}  // namespace loom::tinytpu
