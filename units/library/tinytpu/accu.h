// The accumulator rows `ar` and the vector ALU, in one flat row loop at II=1:
// mm's overwrite or accumulate, vadd, vrelu, vaddrelu, and mvout's read, which
// saturates each lane to an operand on its way to dma_st. It is the output
// memory: results leave from here, never back into the scratchpad.
//
// ar has one read port and one write port (ram_s2p), so a trip loads at most
// one row: a vadd or vaddrelu row reads two, and takes two trips (the first
// loads x, the second loads y and stores x + y), as the distance contract
// counts it (kAccuPerRowVadd).
//
// The loop claims no dependence through ar, so its stores land
// kArWriteLatency iterations after they issue: a read sooner than that returns
// the row's old value. The body does not model that: the architecture declares
// ar's write latency, the simulator applies it, and HLS emission turns the
// claim into a dependence pragma. The assembler's distance contract is what
// keeps programs clear of it.
#pragma once

#include "units/library/tinytpu/instruction_loop.h"
#include "units/library/tinytpu/words.h"
#include "units/unit.h"

namespace loom { namespace tinytpu {

template <unsigned T>
struct Accu {
  LOOM_UNIT("accu");
  LOOM_READS(ctrl, Control);
  LOOM_READS(from_array, AccWord<T>);
  LOOM_WRITES(to_st, Operand<T>);
  LOOM_OWNS(ar, AccWord<T>);
  static constexpr auto ports = port_list(ctrl, from_array, to_st, ar);
  static constexpr auto params = param_list();
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/6};
  // The seed's synthesized loop (TinyTPU-isa, "the ar load issues in
  // pipeline state 5 and the store lands in state 7"): the instruction's
  // decode and the row's address take the stages before the load, so its row
  // is there, and leaves for dma_st, at stage 5, the last.
  LOOM_STAGES(at_stage(to_st, 5));
  LOOM_OPS("add", "rectify", "clip");  // mm accumulate and vadd, vrelu, mvout's int8 saturation

  template <class IO>
  static void body(IO& io) {
    namespace d = design;
    const auto add = [](const AccWord<T>& x, const AccWord<T>& y, bool relu) {
      AccWord<T> out;
      for (unsigned l = 0; l < T; ++l) {
        const Int<d::kAccBits> s = x.lane_signed(l) + y.lane_signed(l);  // the adder wraps
        out.set_lane(l, relu && s < 0 ? Int<d::kAccBits>(0) : s);
      }
      return out;
    };
    // Accu iterations a row takes: what the trip count and the distance contract count.
    const auto per_row = [](const d::Decoded& ins) -> int64_t {
      switch (ins.op) {
        case d::kMm: return d::kAccuPerRowMm;
        case d::kVadd: return d::kAccuPerRowVadd;
        case d::kVaddrelu: return d::kAccuPerRowVaddrelu;
        case d::kVrelu: return d::kAccuPerRowVrelu;
        case d::kMvout: return d::kAccuPerRowMvout;
        default: return 0;
      }
    };
    AccWord<T> x;  // a vadd row's first operand, from its first trip to its second
    InstructionRows rows(io, ctrl);
    for (int64_t done = 0; rows.more(done); ++done) {
      LOOM_PIPELINE(io);
      if (!rows.next(io, ctrl, [&](const d::Decoded& ins) { return ins.nr * per_row(ins); })) return;
      {
        const d::Decoded& ins = rows.ins;
        const int64_t* f = ins.f;
        const int64_t t = rows.t;
        const int64_t r = per_row(ins) == 2 ? t >> 1 : t;
        switch (ins.op) {
          case d::kMm: {
            const AccWord<T> sums = io.read(from_array);
            io.store(ar, f[3] + r, f[2] ? add(io.load(ar, f[3] + r), sums, false) : sums);
            break;
          }
          case d::kVadd:
          case d::kVaddrelu:
            if ((t & 1) == 0) x = io.load(ar, f[0] + r);
            else io.store(ar, f[2] + r, add(x, io.load(ar, f[1] + r), ins.op == d::kVaddrelu));
            break;
          case d::kVrelu: {
            const AccWord<T> x = io.load(ar, f[0] + r);
            AccWord<T> y;
            for (unsigned l = 0; l < T; ++l) {
              const Int<d::kAccBits> v = x.lane_signed(l);
              y.set_lane(l, v < 0 ? Int<d::kAccBits>(0) : v);
            }
            io.store(ar, f[1] + r, y);
            break;
          }
          default: {  // mvout
            const AccWord<T> x = io.load(ar, f[0] + r);
            Operand<T> clipped;
            for (unsigned l = 0; l < T; ++l) {
              const int64_t v = (x.lane_signed(l) * d::kScale) >> d::kShift;
              clipped.set_lane(l, v < d::kClipLo ? d::kClipLo : v > d::kClipHi ? d::kClipHi : v);
            }
            io.write(to_st, clipped);
            break;
          }
        }
      }
    }
  }
};

}  // namespace tinytpu
}  // namespace loom
