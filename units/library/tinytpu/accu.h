// The accumulator rows `ar` and the vector ALU, in one flat row loop at II=1:
// mm's overwrite or accumulate, vadd, vrelu, vaddrelu, and mvout's read, which
// saturates each lane to an operand on its way to dma_st. It is the output
// memory: results leave from here, never back into the scratchpad.
#pragma once

#include <algorithm>

#include "units/library/tinytpu/instruction_loop.h"
#include "units/library/tinytpu/words.h"
#include "units/unit.h"

namespace loom::tinytpu {

template <unsigned T>
struct Accu {
  static constexpr std::string_view name = "accu";
  static constexpr Reads<"ctrl", Control> ctrl{};
  static constexpr Reads<"from_array", AccWord<T>> from_array{};
  static constexpr Writes<"to_st", Operand<T>> to_st{};
  static constexpr Owns<"ar", AccWord<T>> ar{};
  static constexpr auto ports = port_list(ctrl, from_array, to_st, ar);
  static constexpr auto params = param_list();
  static constexpr Pipeline pipeline{.ii = 1, .depth = 6};

  template <class IO>
  static void body(IO& io) {
    namespace d = design;
    const auto add = [](const AccWord<T>& x, const AccWord<T>& y, bool relu) {
      AccWord<T> out;  // set_lane keeps the low 32 bits: the adder wraps
      for (unsigned l = 0; l < T; ++l) {
        const int64_t s = bits::wrap(x.lane_signed(l) + y.lane_signed(l), d::kAccBits);
        out.set_lane(l, relu ? std::max<int64_t>(s, 0) : s);
      }
      return out;
    };
    run_instructions(io, ctrl, [&](const d::Decoded& ins) -> int64_t {
      const int64_t* f = ins.f;
      int64_t done = 0;
      for (int64_t r = 0; r < ins.nr; ++r) {
        switch (ins.op) {
          case d::kMm: {
            const AccWord<T> sums = io.read(from_array);
            io.store(ar, f[3] + r, f[2] ? add(io.load(ar, f[3] + r), sums, false) : sums);
            done += d::kAccuPerRowMm;
            break;
          }
          case d::kVadd:
          case d::kVaddrelu:
            io.store(ar, f[2] + r, add(io.load(ar, f[0] + r), io.load(ar, f[1] + r), ins.op == d::kVaddrelu));
            done += ins.op == d::kVadd ? d::kAccuPerRowVadd : d::kAccuPerRowVaddrelu;
            break;
          case d::kVrelu: {
            const AccWord<T> x = io.load(ar, f[0] + r);
            AccWord<T> y;
            for (unsigned l = 0; l < T; ++l) y.set_lane(l, std::max<int64_t>(x.lane_signed(l), 0));
            io.store(ar, f[1] + r, y);
            done += d::kAccuPerRowVrelu;
            break;
          }
          case d::kMvout: {
            const AccWord<T> x = io.load(ar, f[0] + r);
            Operand<T> clipped;
            for (unsigned l = 0; l < T; ++l)
              clipped.set_lane(l, std::clamp<int64_t>((x.lane_signed(l) * d::kScale) >> d::kShift, d::kClipLo, d::kClipHi));
            io.write(to_st, clipped);
            done += d::kAccuPerRowMvout;
            break;
          }
          default: return 0;
        }
      }
      return done;
    });
  }
};

}  // namespace loom::tinytpu
