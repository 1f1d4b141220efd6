// Prefetches the program from imem into its on-chip window `program`, 8
// instruction words a cycle (the seed's "8-wide prefetch": one 512-bit beat),
// then resolves its loops and address terms and sends each unit only the
// instructions it executes, in dataflow order (producers before consumers,
// which is what keeps bounded streams from deadlocking). Each unit's header
// word (its trip count) goes out with the first beat. It consumes no data.
//
// Why a window: the next pc and the loop's exit depend on the word just
// fetched, a recurrence that an m_axi read (tens of cycles) would stretch to
// its latency a trip. Read from an on-chip memory it is one cycle, so the
// instruction loop can issue one instruction a cycle. The prefetch loop's
// trip count is known when each burst starts (kFetchBurst beats, or what is
// left of imem), so Vitis can infer the burst; only the outer loop's exit (a
// burst held a halt) depends on the data. The seed names the window and its
// width; that it is filled whole before the first dispatch, a burst at a
// time, is Loom's inference (docs/tinytpu.md).
#pragma once

#include "units/library/tinytpu/design.h"
#include "units/library/tinytpu/words.h"
#include "units/unit.h"

namespace loom { namespace tinytpu {

struct Sequencer {
  LOOM_UNIT("sequencer");
  LOOM_READS_DRAM(imem, FetchBeat);
  LOOM_WRITES(c_dld, Control);
  LOOM_WRITES(c_spm, Control);
  LOOM_WRITES(c_vru, Control);
  LOOM_WRITES(c_acc, Control);
  LOOM_WRITES(c_dst, Control);
  LOOM_OWNS(program, FetchBeat);  // the prefetch window: imem's beats up to the burst that holds the first halt
  LOOM_PARAM(imem_words, IMEM_WORDS);
  static constexpr auto ports = port_list(imem, c_dld, c_spm, c_vru, c_acc, c_dst, program);
  static constexpr auto params = param_list(imem_words);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/3};

  template <class IO>
  static void body(IO& io) {
    namespace d = design;
    const int64_t beats = io.param(imem_words) / d::kFetchLanes;
    bool halted = false;  // a burst copied so far holds a halt: execution stops at or before it
    for (int64_t base = 0; base < beats && !halted; base += d::kFetchBurst) {
      // The inner bound depends on base and the outer exit on the data: Vitis
      // cannot flatten the nest, so every burst enters the prefetch loop afresh.
      LOOM_LOOP_ENTRY(io);
      const int64_t burst = beats - base < d::kFetchBurst ? beats - base : d::kFetchBurst;
      for (int64_t k = 0; k < burst; ++k) {
        LOOM_PIPELINE(io);
        const int64_t b = base + k;
        const FetchBeat beat = io.load(imem, b);
        io.store(program, b, beat);
        for (int l = 0; l < d::kFetchLanes; ++l) {  // unrolled: the beat's 8 words
          const Control word = control(beat.lane(static_cast<unsigned>(l)));
          switch (b * d::kFetchLanes + l) {
            case d::kHeaderDmaLd: io.write(c_dld, word); break;
            case d::kHeaderSpm: io.write(c_spm, word); break;
            case d::kHeaderVru: io.write(c_vru, word); break;
            case d::kHeaderAccu: io.write(c_acc, word); break;
            case d::kHeaderDmaSt: io.write(c_dst, word); break;
            default: halted = halted || d::decode(bits_of(word)).op == d::kHalt; break;
          }
        }
      }
    }

    struct Open {
      int64_t body, iv;  // the trip count rides on endloop, so none is kept here
    };
    Open open[d::kLoopDepth] = {};
    int depth = 0;
    uint64_t terms = 0;  // the agu word before the next instruction, or 0
    for (int64_t pc = d::kHeaderWords;; ++pc) {
      LOOM_PIPELINE(io);
      const uint64_t word = io.load(program, pc / d::kFetchLanes).lane(static_cast<unsigned>(pc % d::kFetchLanes));
      const d::Decoded ins = d::decode(word);
      switch (ins.op) {
        case d::kHalt: return;
        case d::kLoop:
          if (depth == d::kLoopDepth) return;  // refused by the assembler; stopping leaves a named deadlock
          open[depth++] = {pc + 1, 0};
          continue;
        case d::kEndloop:
          if (depth == 0) return;
          if (++open[depth - 1].iv < ins.f[0]) pc = open[depth - 1].body - 1;
          else --depth;
          continue;
        case d::kAgu: terms = word; continue;
        default: break;
      }
      // Resolve: field += iv(level) * stride for each valid term.
      int64_t f[4] = {ins.f[0], ins.f[1], ins.f[2], ins.f[3]};
      for (int k = 0; k < d::kAguTerms; ++k) {
        const uint64_t term = (terms >> (k * d::kAguTermBits)) & ((uint64_t{1} << d::kAguTermBits) - 1);
        if (d::kAguValid.get(term) == 0) continue;
        const int level = static_cast<int>(d::kAguLevel.get(term));
        if (level < depth) f[d::kAguField.get(term)] += open[level].iv * static_cast<int64_t>(d::kAguStride.get(term));
      }
      terms = 0;
      const Control out = control(d::with_operands(word, f));
      switch (ins.op) {
        case d::kDmaLd:
          io.write(c_dld, out);
          if (f[0] == d::kASpad || f[0] == d::kBSpad) io.write(c_spm, out);
          else io.write(c_vru, out);
          break;
        case d::kVld:
          io.write(c_spm, out);
          io.write(c_vru, out);
          break;
        case d::kMm:
          io.write(c_spm, out);
          io.write(c_vru, out);
          io.write(c_acc, out);
          break;
        case d::kVadd:
        case d::kVrelu:
        case d::kVaddrelu: io.write(c_acc, out); break;
        case d::kMvout:
          io.write(c_acc, out);
          io.write(c_dst, out);
          break;
        default: return;  // a retired or unknown opcode: the assembler refuses both
      }
    }
  }
};

}  // namespace tinytpu
}  // namespace loom
