// TinyTPU's composition in parts: the channels, memories and arguments it
// declares, and one function a group of placements. The design is all of them
// (tinytpu.cc); a test variant (variants.cc) is the same parts with one
// replaced, so a variant never copies the design it breaks.
#pragma once

#include "compose/architecture.h"
#include "compose/place.h"
#include "machines/tinytpu/parameters.h"
#include "units/library/tinytpu/accu.h"
#include "units/library/tinytpu/dma_ld.h"
#include "units/library/tinytpu/dma_st.h"
#include "units/library/tinytpu/pe.h"
#include "units/library/tinytpu/sequencer.h"
#include "units/library/tinytpu/spm.h"
#include "units/library/tinytpu/vru.h"
#include "units/library/tinytpu/wld.h"

namespace loom::tinytpu::composition {

// The m_axi interfaces' timing (units/argument.h), written into each argument's
// pragma: latency 0 as the seed's cosim ran, and every port widened up to 512
// bits on 64-byte-aligned pointers, as the seed's build sets
// (config_interface -m_axi_max_widen_bitwidth 512, align_value 64); the rest
// at UG1399's defaults.
inline constexpr AxiTiming kAxi{.max_widen_bits = 512, .alignment_bytes = 64};


// What the placements bind.
struct Fabric {
  // Instruction streams, one per unit that executes instructions.
  Handle c_dld, c_spm, c_vru, c_acc, c_dst;
  // Data, every arrow one packed word wide.
  Handle dma2sp, dma2vr, sp2vr, wcol, wrow, wq, acol, a_fwd, p_fwd, cw, ac2st;
  Handle spad, vr, ar, program;
  Handle imem, A, B, C;
};

template <unsigned T>
Fabric declare(Architecture& arch) {
  return {
      .c_dld = arch.channel<Control>("c_dld", one(), "QD", "dma_ld's header and instructions"),
      .c_spm = arch.channel<Control>("c_spm", one(), "QD", "spm's header and instructions"),
      .c_vru = arch.channel<Control>("c_vru", one(), "QD", "vru's header and instructions"),
      .c_acc = arch.channel<Control>("c_acc", one(), "QD", "accu's header and instructions"),
      .c_dst = arch.channel<Control>("c_dst", one(), "QD", "dma_st's header and instructions"),
      .dma2sp = arch.channel<Operand<T>>("dma2sp", one(), "DATA_QD", "rows from DRAM into spad"),
      .dma2vr = arch.channel<Operand<T>>("dma2vr", one(), "DATA_QD", "rows from DRAM into vr"),
      .sp2vr = arch.channel<Operand<T>>("sp2vr", one(), "DATA_QD", "vld: spad rows into vr"),
      .wcol = arch.channel<Operand<T>>("wcol", vec("T"), "DATA_QD", "the weight chain down column 0"),
      .wrow = arch.channel<Operand<T>>("wrow", grid("T", "T_LINKS"), "DATA_QD", "the weight chain east along row i"),
      .wq = arch.channel<WeightRows>("wq", grid("T", "T"), 4, "the shadow register: a PE's next (weight, rows)"),
      .acol = arch.channel<Operand<T>>("acol", vec("T"), "DATA_QD", "the activation chain down column 0"),
      .a_fwd = arch.channel<Activation>("a_fwd", grid("T", "T_LINKS"), "DATA_QD", "activations east"),
      .p_fwd = arch.channel<PartialSum>("p_fwd", grid("T_LINKS", "T"), "DATA_QD", "partial sums south"),
      .cw = arch.channel<AccWord<T>>("cw", vec("T"), "DATA_QD", "the bottom row's sums, packed going east"),
      .ac2st = arch.channel<Operand<T>>("ac2st", one(), "DATA_QD", "mvout: clipped rows to dma_st"),
      // Pure SIMD, one access a cycle: single-ported, as the seed's design has them.
      .spad = arch.memory<Operand<T>>("spad", "SPAD_ROWS", one(), {.storage = Storage::single_port}),
      .vr = arch.memory<Operand<T>>("vr", "VR_ROWS", one(), {.storage = Storage::single_port}),
      // One read port and one write port (a vadd row reads twice, so it takes
      // two trips); stores land kArWriteLatency iterations after they issue (accu.h).
      .ar = arch.memory<AccWord<T>>("ar", "AR_ROWS", one(),
                                    {.write_latency = design::kArWriteLatency, .storage = Storage::simple_dual_port}),
      // The sequencer's prefetch window: imem's 8-word beats, fetched in bursts.
      .program = arch.memory<FetchBeat>("program", "IMEM_WORDS / 8", one(), {.storage = Storage::single_port}),
      // The matrices lie as the host lays them (layout.h): row-major, the seed's, by default.
      .imem = arch.argument<FetchBeat>("imem", "IMEM_WORDS / 8", "the header words, then the program, 8 words a beat", kAxi),
      .A = arch.argument<Operand<T>>("A", "DRAM_WORDS", "MAXDIM x MAXDIM int8, T lanes a word", kAxi),
      .B = arch.argument<Operand<T>>("B", "DRAM_WORDS", "MAXDIM x MAXDIM int8, T lanes a word", kAxi),
      .C = arch.argument<Operand<T>>("C", "DRAM_WORDS", "MAXDIM x MAXDIM int8, T lanes a word", kAxi),
  };
}

inline void place_sequencer(Architecture& arch, const Fabric& f) {
  place<Sequencer>(arch, "sequencer", one())
      .bind(Sequencer::imem, f.imem())
      .bind(Sequencer::c_dld, f.c_dld())
      .bind(Sequencer::c_spm, f.c_spm())
      .bind(Sequencer::c_vru, f.c_vru())
      .bind(Sequencer::c_acc, f.c_acc())
      .bind(Sequencer::c_dst, f.c_dst())
      .bind(Sequencer::program, f.program());
}

// dma_ld, with its two burst landing buffers: A and B on chip, a word a row.
template <unsigned T>
void place_dma_ld(Architecture& arch, const Fabric& f) {
  using U = DmaLd<T>;
  const Handle a_onchip = arch.memory<Operand<T>>("a_onchip", "DRAM_WORDS", one(), {.storage = Storage::single_port});
  const Handle b_onchip = arch.memory<Operand<T>>("b_onchip", "DRAM_WORDS", one(), {.storage = Storage::single_port});
  place<U>(arch, "dma_ld", one())
      .bind(U::ctrl, f.c_dld())
      .bind(U::A, f.A())
      .bind(U::B, f.B())
      .bind(U::to_spm, f.dma2sp())
      .bind(U::to_vru, f.dma2vr())
      .bind(U::a_onchip, a_onchip())
      .bind(U::b_onchip, b_onchip());
}

template <unsigned T>
void place_spm(Architecture& arch, const Fabric& f) {
  using U = Spm<T>;
  place<U>(arch, "spm", one())
      .bind(U::ctrl, f.c_spm())
      .bind(U::from_dma, f.dma2sp())
      .bind(U::to_vru, f.sp2vr())
      .bind(U::weights, f.wcol(0))
      .bind(U::spad, f.spad());
}

template <unsigned T>
void place_vru(Architecture& arch, const Fabric& f) {
  using U = Vru<T>;
  place<U>(arch, "vru", one())
      .bind(U::ctrl, f.c_vru())
      .bind(U::from_dma, f.dma2vr())
      .bind(U::from_spm, f.sp2vr())
      .bind(U::act, f.acol(0))
      .bind(U::vr, f.vr());
}

// The TxT array: weight loaders chained down column 0 and east along each row,
// and the PEs they feed, activations east, partial sums south, and the bottom
// row's sums packed east into cw.
template <unsigned T, class PE>
void place_array(Architecture& arch, const Fabric& f) {
  const int64_t last = static_cast<int64_t>(T) - 1;
  using W = Wld<T>;
  place<W>(arch, "wld", grid("T", "T"))
      .bind(W::w_in, [=](const Index& i) -> Binding { return i[1] == 0 ? f.wcol(i[0]) : f.wrow(i[0], i[1] - 1); })
      .bind(W::w_down, [=](const Index& i) -> Binding {
        if (i[1] != 0 || i[0] == last) return unbound;
        return f.wcol(i[0] + 1);
      })
      .bind(W::w_east, [=](const Index& i) -> Binding {
        if (i[1] == last) return unbound;
        return f.wrow(i[0], i[1]);
      })
      .bind(W::wq, [=](const Index& i) -> Binding { return f.wq(i[0], i[1]); });

  place<PE>(arch, "pe", grid("T", "T"))
      .bind(PE::wq, [=](const Index& i) -> Binding { return f.wq(i[0], i[1]); })
      .bind(PE::a_col, [=](const Index& i) -> Binding {
        if (i[1] != 0) return unbound;
        return f.acol(i[0]);
      })
      .bind(PE::a_down, [=](const Index& i) -> Binding {
        if (i[1] != 0 || i[0] == last) return unbound;
        return f.acol(i[0] + 1);
      })
      .bind(PE::a_in, [=](const Index& i) -> Binding {
        if (i[1] == 0) return unbound;
        return f.a_fwd(i[0], i[1] - 1);
      })
      .bind(PE::a_out, [=](const Index& i) -> Binding {
        if (i[1] == last) return unbound;
        return f.a_fwd(i[0], i[1]);
      })
      .bind(PE::p_in, [=](const Index& i) -> Binding {
        if (i[0] == 0) return unbound;
        return f.p_fwd(i[0] - 1, i[1]);
      })
      .bind(PE::p_out, [=](const Index& i) -> Binding {
        if (i[0] == last) return unbound;
        return f.p_fwd(i[0], i[1]);
      })
      .bind(PE::c_in, [=](const Index& i) -> Binding {
        if (i[0] != last || i[1] == 0) return unbound;
        return f.cw(i[1] - 1);
      })
      .bind(PE::c_out, [=](const Index& i) -> Binding {
        if (i[0] != last) return unbound;
        return f.cw(i[1]);
      });
}

template <unsigned T>
void place_accu(Architecture& arch, const Fabric& f) {
  using U = Accu<T>;
  place<U>(arch, "accu", one())
      .bind(U::ctrl, f.c_acc())
      .bind(U::from_array, f.cw(static_cast<int64_t>(T) - 1))
      .bind(U::to_st, f.ac2st())
      .bind(U::ar, f.ar());
}

// dma_st, reading its instructions from `ctrl` and its rows from `rows`.
template <unsigned T>
void place_dma_st(Architecture& arch, const Fabric& f, const Handle& ctrl, const Handle& rows) {
  using U = DmaSt<T>;
  place<U>(arch, "dma_st", one()).bind(U::ctrl, ctrl()).bind(U::from_accu, rows()).bind(U::C, f.C());
}

}  // namespace loom::tinytpu::composition
