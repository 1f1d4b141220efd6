// The accumulator rows `ar` and the vector ALU, in one flat row loop at II=1:
// mm's overwrite or accumulate, vadd, vrelu, vaddrelu, and mvout's read, which
// saturates each lane to an operand on its way to dma_st. It is the output
// memory: results leave from here, never back into the scratchpad.
//
// The loop claims no dependence through ar, so its stores land
// kArWriteLatency iterations after they issue: a read sooner than that returns
// the row's old value. The assembler's distance contract is what keeps
// programs clear of it, and this is what makes breaking the contract visible.
#pragma once

#include <algorithm>
#include <deque>

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
    // Stores in flight: each lands when the loop reaches `lands`.
    struct Pending {
      int64_t row, lands;
      AccWord<T> value;
    };
    std::deque<Pending> in_flight;
    int64_t iteration = 0;
    const auto land = [&](int64_t until) {
      while (!in_flight.empty() && in_flight.front().lands <= until) {
        io.store(ar, in_flight.front().row, in_flight.front().value);
        in_flight.pop_front();
      }
    };
    // A row of `iterations` iterations writes in its last one.
    const auto write = [&](int64_t row, const AccWord<T>& value, int64_t iterations) {
      in_flight.push_back({row, iteration + iterations - 1 + d::kArWriteLatency, value});
    };
    run_instructions(io, ctrl, [&](const d::Decoded& ins) -> int64_t {
      const int64_t* f = ins.f;
      int64_t done = 0;
      for (int64_t r = 0; r < ins.nr; ++r) {
        land(iteration);
        int64_t iterations = 0;
        switch (ins.op) {
          case d::kMm: {
            iterations = d::kAccuPerRowMm;
            const AccWord<T> sums = io.read(from_array);
            write(f[3] + r, f[2] ? add(io.load(ar, f[3] + r), sums, false) : sums, iterations);
            break;
          }
          case d::kVadd:
          case d::kVaddrelu:
            iterations = ins.op == d::kVadd ? d::kAccuPerRowVadd : d::kAccuPerRowVaddrelu;
            write(f[2] + r, add(io.load(ar, f[0] + r), io.load(ar, f[1] + r), ins.op == d::kVaddrelu), iterations);
            break;
          case d::kVrelu: {
            iterations = d::kAccuPerRowVrelu;
            const AccWord<T> x = io.load(ar, f[0] + r);
            AccWord<T> y;
            for (unsigned l = 0; l < T; ++l) y.set_lane(l, std::max<int64_t>(x.lane_signed(l), 0));
            write(f[1] + r, y, iterations);
            break;
          }
          case d::kMvout: {
            iterations = d::kAccuPerRowMvout;
            const AccWord<T> x = io.load(ar, f[0] + r);
            Operand<T> clipped;
            for (unsigned l = 0; l < T; ++l)
              clipped.set_lane(l, std::clamp<int64_t>((x.lane_signed(l) * d::kScale) >> d::kShift, d::kClipLo, d::kClipHi));
            io.write(to_st, clipped);
            break;
          }
          default: return 0;
        }
        iteration += iterations;
        done += iterations;
      }
      return done;
    });
    land(iteration + d::kArWriteLatency);  // the pipeline drains
  }
};

}  // namespace loom::tinytpu
