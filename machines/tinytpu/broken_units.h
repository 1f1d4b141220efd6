// Deliberately broken units, for the tests that show the simulator names the
// deadlock each of the seed's two structural rules prevents. Both break a rule
// the same way: one process serves two directions in one loop, one row of each
// per iteration (as a unit built to keep both ports busy would), so its second
// direction blocks its first on data that depends on it.
#pragma once

#include <deque>

#include "units/library/tinytpu/design.h"
#include "units/library/tinytpu/words.h"
#include "units/unit.h"

namespace loom::tinytpu::broken {

// Rule 1 broken: one DMA unit in both directions. It takes dma_ld's stream and
// mvout's, and moves one row in and one row out each iteration. The first
// store's rows come from the accumulator, which needs the weights that the
// loads it is holding up would bring.
template <unsigned T>
struct TwoWayDma {
  LOOM_UNIT("dma");
  LOOM_READS(ld_ctrl, Control);
  LOOM_READS(st_ctrl, Control);
  LOOM_READS_DRAM(A, Operand<T>);
  LOOM_READS_DRAM(B, Operand<T>);
  LOOM_WRITES_DRAM(C, Operand<T>);
  LOOM_WRITES(to_spm, Operand<T>);
  LOOM_WRITES(to_vru, Operand<T>);
  LOOM_READS(from_accu, Operand<T>);
  static constexpr auto ports = port_list(ld_ctrl, st_ctrl, A, B, C, to_spm, to_vru, from_accu);
  static constexpr auto params = param_list();
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/4};

  template <class IO>
  static void body(IO& io) {
    namespace d = design;
    int64_t loads = static_cast<int64_t>(d::kTripCount.get(bits_of(io.read(ld_ctrl))));
    int64_t stores = static_cast<int64_t>(d::kTripCount.get(bits_of(io.read(st_ctrl))));
    d::Decoded ld{}, st{};
    int64_t ld_row = 0, st_row = 0;
    while (loads > 0 || stores > 0) {
      if (loads > 0) {
        if (ld_row == ld.nr) ld = d::decode(bits_of(io.read(ld_ctrl))), ld_row = 0;
        const int64_t route = ld.f[0], word = ld.f[2] + ld_row * ld.f[3];
        const Operand<T> row = route == d::kASpad || route == d::kAVr ? io.load(A, word) : io.load(B, word);
        if (route == d::kASpad || route == d::kBSpad) io.write(to_spm, row);
        else io.write(to_vru, row);
        ++ld_row;
        --loads;
      }
      if (stores > 0) {
        if (st_row == st.nr) st = d::decode(bits_of(io.read(st_ctrl))), st_row = 0;
        io.store(C, st.f[1] + st_row * st.f[2], io.read(from_accu));
        ++st_row;
        --stores;
      }
    }
  }
};

// Rule 2 broken: results written back into the input scratchpad. This
// scratchpad also takes mvout's rows from the accumulator, on its second port,
// one row of its own work and one written-back row each iteration, and passes
// them on to dma_st. The first written-back row needs the weights it has not
// yet sent.
template <unsigned T>
struct WritebackSpm {
  LOOM_UNIT("spm");
  LOOM_READS(ctrl, Control);
  LOOM_READS(wb_ctrl, Control);
  LOOM_READS(from_dma, Operand<T>);
  LOOM_READS(from_accu, Operand<T>);
  LOOM_WRITES(to_vru, Operand<T>);
  LOOM_WRITES(weights, Operand<T>);
  LOOM_WRITES(st_ctrl, Control);
  LOOM_WRITES(to_st, Operand<T>);
  LOOM_OWNS(spad, Operand<T>);
  static constexpr auto ports = port_list(ctrl, wb_ctrl, from_dma, from_accu, to_vru, weights, st_ctrl, to_st, spad);
  static constexpr auto params = param_list();
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/2};

  template <class IO>
  static void body(IO& io) {
    namespace d = design;
    int64_t work = static_cast<int64_t>(d::kTripCount.get(bits_of(io.read(ctrl))));
    const Control wb_header = io.read(wb_ctrl);
    io.write(st_ctrl, wb_header);
    int64_t written_back = static_cast<int64_t>(d::kTripCount.get(bits_of(wb_header)));
    std::deque<Operand<T>> outgoing;  // the current instruction's words, one sent an iteration
    d::Decoded wb{};
    int64_t wb_row = 0;
    while (work > 0 || written_back > 0 || !outgoing.empty()) {
      if (outgoing.empty() && work > 0) {
        const d::Decoded ins = d::decode(bits_of(io.read(ctrl)));
        if (ins.op == d::kDmaLd) {
          for (int64_t r = 0; r < ins.nr; ++r) io.store(spad, ins.f[1] + r, io.read(from_dma));
          work -= ins.nr;
        } else if (ins.op == d::kMm) {
          outgoing.push_back(chain_header<T>(ins.nr));
          for (unsigned k = 0; k < T; ++k) outgoing.push_back(io.load(spad, ins.f[0] + k));
          work -= d::spm_words_per_mm(T);
        } else {
          work -= ins.nr;  // the deadlock tests' programs have nothing else
        }
      }
      if (!outgoing.empty()) {
        io.write(weights, outgoing.front());
        outgoing.pop_front();
      }
      if (written_back > 0) {
        if (wb_row == wb.nr) {
          const Control ins = io.read(wb_ctrl);
          io.write(st_ctrl, ins);
          wb = d::decode(bits_of(ins));
          wb_row = 0;
        }
        const Operand<T> row = io.read(from_accu);
        io.store(spad, wb.f[0] + wb_row, row);  // into the input scratchpad
        io.write(to_st, row);
        ++wb_row;
        --written_back;
      }
    }
    io.write(weights, chain_header<T>(0));
  }
};

}  // namespace loom::tinytpu::broken
