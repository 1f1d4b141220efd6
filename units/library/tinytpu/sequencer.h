// Fetches the program from imem, resolves its loops and address terms, and
// sends each unit only the instructions it executes, in dataflow order
// (producers before consumers, which is what keeps bounded streams from
// deadlocking). It first forwards each unit's header word: its trip count.
// It consumes no data.
#pragma once

#include "units/library/tinytpu/design.h"
#include "units/library/tinytpu/words.h"
#include "units/unit.h"

namespace loom { namespace tinytpu {

struct Sequencer {
  LOOM_UNIT("sequencer");
  LOOM_READS_DRAM(imem, Control);
  LOOM_WRITES(c_dld, Control);
  LOOM_WRITES(c_spm, Control);
  LOOM_WRITES(c_vru, Control);
  LOOM_WRITES(c_acc, Control);
  LOOM_WRITES(c_dst, Control);
  static constexpr auto ports = port_list(imem, c_dld, c_spm, c_vru, c_acc, c_dst);
  static constexpr auto params = param_list();
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/3};

  template <class IO>
  static void body(IO& io) {
    namespace d = design;
    io.write(c_dld, io.load(imem, d::kHeaderDmaLd));
    io.write(c_spm, io.load(imem, d::kHeaderSpm));
    io.write(c_vru, io.load(imem, d::kHeaderVru));
    io.write(c_acc, io.load(imem, d::kHeaderAccu));
    io.write(c_dst, io.load(imem, d::kHeaderDmaSt));

    struct Open {
      int64_t body, iv;  // the trip count rides on endloop, so none is kept here
    };
    Open open[d::kLoopDepth] = {};
    int depth = 0;
    uint64_t terms = 0;  // the agu word before the next instruction, or 0
    for (int64_t pc = d::kHeaderWords;; ++pc) {
      LOOM_PIPELINE(io);
      const uint64_t word = bits_of(io.load(imem, pc));
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
