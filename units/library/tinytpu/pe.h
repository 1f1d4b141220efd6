// A weight-stationary MAC. Activations enter column 0 as packed rows down the
// activation chain (PE(i, 0) takes lane i) and travel east as scalars; partial
// sums travel south; the bottom row packs its sums into one word going east to
// the accumulator. It decodes nothing and runs one flat loop for the whole
// program, each tile's row count coming with its weight. PsumBits narrows the
// partial sum, for the mutation test that shows the stress gate catches it
// (the design is 32).
#pragma once

#include "units/library/tinytpu/words.h"
#include "units/unit.h"

namespace loom { namespace tinytpu {

template <unsigned T, unsigned PsumBits = 32>
struct Pe {
  LOOM_UNIT("pe");
  LOOM_READS(wq, WeightRows);
  LOOM_READS(a_col, Operand<T>);    // column 0
  LOOM_WRITES(a_down, Operand<T>);  // column 0, all but the last row
  LOOM_READS(a_in, Activation);       // all but column 0
  LOOM_WRITES(a_out, Activation);    // all but the last column
  LOOM_READS(p_in, PartialSum);       // all but row 0
  LOOM_WRITES(p_out, PartialSum);    // all but the last row
  LOOM_READS(c_in, AccWord<T>);       // the last row, all but column 0
  LOOM_WRITES(c_out, AccWord<T>);    // the last row
  static constexpr auto ports = port_list(wq, a_col, a_down, a_in, a_out, p_in, p_out, c_in, c_out);
  static constexpr auto params = param_list();
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/2};
  // The multiply-add takes the cycle the depth has past the reads: a DSP's
  // registered output. The activation passes on unchanged, in the cycle it
  // arrives (the default).
  LOOM_COMPUTE(computed(p_out, 1), computed(c_out, 1));
  LOOM_OPS("mac");

  template <class IO>
  static void body(IO& io) {
    // The index is a compile-time constant in HLS: each instance keeps only the
    // branches for the ports it has.
    const int64_t i = io.index()[0], j = io.index()[1], last = static_cast<int64_t>(T) - 1;
    // One flat loop over every row of every tile: the trip that starts a
    // tile latches its (weight, rows) word first (instruction_loop.h says why).
    WeightRows handed;
    int64_t left = 0;  // rows of the tile after this trip's
    while (true) {
      LOOM_PIPELINE(io);
      if (left == 0) {
        handed = io.read(wq);
        const int64_t rows = handed.lane(1);
        if (rows == 0) return;
        left = rows;
      }
      --left;
      {
        const Int<2 * design::kOperandBits> weight = handed.lane_signed(0);
        Int<design::kOperandBits> a;
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
        Int<design::kAccBits> in = 0;
        if (i > 0) in = io.read(p_in).lane_signed(0);
        const Int<PsumBits> sum = in + a * weight;  // a PsumBits-wide adder: it wraps
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

}  // namespace tinytpu
}  // namespace loom
