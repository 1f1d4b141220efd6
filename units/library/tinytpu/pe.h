// A weight-stationary MAC. Activations enter column 0 as packed rows down the
// activation chain (PE(i, 0) takes lane i) and travel east as scalars; partial
// sums travel south; the bottom row packs its sums into one word going east to
// the accumulator. It decodes nothing and runs one flat loop per mm, whose row
// count comes with its weight. PsumBits narrows the partial sum, for the
// mutation test that shows the stress gate catches it (the design is 32).
#pragma once

#include "units/library/tinytpu/words.h"
#include "units/bits.h"
#include "units/unit.h"

namespace loom::tinytpu {

template <unsigned T, unsigned PsumBits = 32>
struct Pe {
  static constexpr std::string_view name = "pe";
  static constexpr Reads<"wq", WeightRows> wq{};
  static constexpr Reads<"a_col", Operand<T>> a_col{};    // column 0
  static constexpr Writes<"a_down", Operand<T>> a_down{};  // column 0, all but the last row
  static constexpr Reads<"a_in", Activation> a_in{};       // all but column 0
  static constexpr Writes<"a_out", Activation> a_out{};    // all but the last column
  static constexpr Reads<"p_in", PartialSum> p_in{};       // all but row 0
  static constexpr Writes<"p_out", PartialSum> p_out{};    // all but the last row
  static constexpr Reads<"c_in", AccWord<T>> c_in{};       // the last row, all but column 0
  static constexpr Writes<"c_out", AccWord<T>> c_out{};    // the last row
  static constexpr auto ports = port_list(wq, a_col, a_down, a_in, a_out, p_in, p_out, c_in, c_out);
  static constexpr auto params = param_list();
  static constexpr Pipeline pipeline{.ii = 1, .depth = 2};

  template <class IO>
  static void body(IO& io) {
    const int64_t i = io.index()[0], j = io.index()[1], last = static_cast<int64_t>(T) - 1;
    while (true) {
      const WeightRows handed = io.read(wq);
      const int64_t weight = handed.lane_signed(0), rows = handed.lane(1);
      if (rows == 0) return;
      for (int64_t r = 0; r < rows; ++r) {
        int64_t a;
        if (j == 0) {
          const Operand<T> row = io.read(a_col);
          a = row.lane_signed(static_cast<unsigned>(i));
          if (i < last) io.write(a_down, row);
        } else {
          a = io.read(a_in).lane_signed(0);
        }
        if (j < last) {
          Activation east;
          east.set_lane(0, a);
          io.write(a_out, east);
        }
        const int64_t in = i > 0 ? io.read(p_in).lane_signed(0) : 0;
        const int64_t sum = bits::wrap(in + a * weight, PsumBits);
        if (i < last) {
          PartialSum south;
          south.set_lane(0, sum);
          io.write(p_out, south);
        } else {
          AccWord<T> packed = j > 0 ? io.read(c_in) : AccWord<T>();
          packed.set_lane(static_cast<unsigned>(j), sum);
          io.write(c_out, packed);
        }
      }
    }
  }
};

}  // namespace loom::tinytpu
