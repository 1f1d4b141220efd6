#include "machines/tinytpu/controls.h"

#include "machines/tinytpu/isa_dsl.h"

namespace loom::tinytpu {

std::vector<Control> validator_controls(const isa::Params& p) {
  const int64_t T = p.T, W = p.MAXDIM / p.T, D = p.DRAM_WORDS;
  const auto n = [](int64_t v) { return std::to_string(v); };
  // Weights in spad rows 0..T-1 and activations in vr rows 0..T-1, for the rest to build on.
  const auto loaded = [&] { return Program().add(isa::dma_ld(T, 1, 0, 0, W)).add(isa::dma_ld(T, 2, 0, 0, W)); };
  const auto computed = [&] { return loaded().add(isa::mm(T, 0, 0, 0, 0)); };
  std::vector<Control> c;
  const auto add = [&](std::string name, Program prog, std::string kind, std::vector<std::string> mentions) {
    c.push_back({std::move(name), std::move(prog), std::move(kind), std::move(mentions)});
  };

  Statement dma_st{isa::Instruction{isa::Opcode::dma_st, 4, {{0, 0, 0, 0}}}, {}, 0, 0};
  add("a retired opcode", loaded().raw(dma_st).halt(), "retired-opcode", {"instruction 2", "dma_st"});
  // Reads of what nothing wrote.
  add("mm of unloaded weights", Program().add(isa::dma_ld(T, 2, 0, 0, W)).add(isa::mm(T, 0, 0, 0, 0)).halt(),
      "unwritten-read", {"instruction 1 (mm)", "spad row 0"});
  add("mm of unloaded activations", Program().add(isa::dma_ld(T, 1, 0, 0, W)).add(isa::mm(T, 0, T, 0, 0)).halt(),
      "unwritten-read", {"vr row " + n(T)});
  add("vrelu of an unwritten ar row", loaded().add(isa::vrelu(T, T, 0)).halt(), "unwritten-read", {"ar row " + n(T)});
  add("vadd of an unwritten second operand", computed().add(isa::vadd(T, 0, 2 * T, 3 * T)).halt(), "unwritten-read",
      {"instruction 3 (vadd)", "ar row " + n(2 * T)});
  add("mvout of an unwritten ar row", loaded().add(isa::mvout(T, 2 * T, 0, W)).halt(), "unwritten-read",
      {"(mvout)", "ar row " + n(2 * T)});
  add("mm of a vld's copy of an unwritten spad row", loaded().add(isa::vld(T, 2 * T, T)).add(isa::mm(T, 0, T, 0, 0)).halt(),
      "unwritten-read", {"instruction 3 (mm)", "a vld's copy of spad row " + n(2 * T)});
  // The accumulator's distance contract.
  if (auto d = ar_distance_program(p.AR_RAW_DIST - 1, p); d.ok() && p.AR_RAW_DIST > 1)
    add("a read one iteration inside AR_RAW_DIST", d.value(), "ar-distance", {"ar row 0", n(p.AR_RAW_DIST - 1) + " accu iterations"});
  if (p.AR_RAW_DIST > 1)
    add("an accumulate too soon after its write, in a loop",
        loaded().loop(2).add(isa::mm(1, 0, 0, 0, 0), {{"acc", 0, 1}}).end().halt(), "ar-distance", {"L0=1"});
  // One row past the end of each memory.
  add("dma_ld one row past spad", Program().add(isa::dma_ld(T, 1, p.SPAD_ROWS - T + 1, 0, W)).halt(), "row-out-of-range",
      {"spad rows " + n(p.SPAD_ROWS - T + 1) + ".." + n(p.SPAD_ROWS)});
  add("dma_ld one row past vr", Program().add(isa::dma_ld(T, 2, p.VR_ROWS - T + 1, 0, W)).halt(), "row-out-of-range",
      {"vr rows " + n(p.VR_ROWS - T + 1) + ".." + n(p.VR_ROWS)});
  add("dma_ld one word past A", Program().add(isa::dma_ld(T, 2, 0, D - 1 - (T - 1) * W + 1, W)).halt(), "row-out-of-range",
      {"A words"});
  add("dma_ld one word past B", Program().add(isa::dma_ld(T, 1, 0, D - 1 - (T - 1) * W + 1, W)).halt(), "row-out-of-range",
      {"B words"});
  add("vld one row past spad", loaded().add(isa::vld(T, p.SPAD_ROWS - T + 1, 0)).halt(), "row-out-of-range", {"spad rows"});
  add("vld one row past vr", loaded().add(isa::vld(T, 0, p.VR_ROWS - T + 1)).halt(), "row-out-of-range", {"vr rows"});
  add("mm weights one row past spad", loaded().add(isa::mm(T, p.SPAD_ROWS - T + 1, 0, 0, 0)).halt(), "row-out-of-range",
      {"spad rows"});
  add("mm activations one row past vr", loaded().add(isa::mm(T, 0, p.VR_ROWS - T + 1, 0, 0)).halt(), "row-out-of-range",
      {"vr rows"});
  add("mm one row past ar", loaded().add(isa::mm(T, 0, 0, 0, p.AR_ROWS - T + 1)).halt(), "row-out-of-range", {"ar rows"});
  add("mvout one word past C", computed().add(isa::mvout(T, 0, D - 1 - (T - 1) * W + 1, W)).halt(), "row-out-of-range",
      {"C words"});
  add("a looped dma_ld whose last trip runs past spad",
      Program().loop(2).add(isa::dma_ld(T, 1, p.SPAD_ROWS - 2 * T + 1, 0, W), {{"dst", 0, T}}).end().halt(),
      "row-out-of-range", {"L0=1", "spad rows"});
  // Loops.
  add("an endloop with no loop open", loaded().end().halt(), "unbalanced-loop", {"closes a loop, but none is open"});
  add("a loop never closed", loaded().loop(2).add(isa::dma_ld(1, 0, 0, 0, 1)).halt(), "unbalanced-loop", {"still open"});
  Statement bad_end{isa::endloop(3), {}, 0, 0};
  add("an endloop with another trip count", loaded().loop(2).add(isa::dma_ld(1, 0, 0, 0, 1)).raw(bad_end).halt(),
      "unbalanced-loop", {"trip count"});
  {
    Program deep = loaded();
    for (int l = 0; l <= isa::kLoopDepth; ++l) deep.loop(1);
    deep.add(isa::dma_ld(1, 0, 0, 0, 1));
    for (int l = 0; l <= isa::kLoopDepth; ++l) deep.end();
    add("loops nested one past the depth", deep.halt(), "loop-too-deep", {"nest at most " + n(isa::kLoopDepth)});
  }
  add("a loop of 0 trips", loaded().loop(0).add(isa::dma_ld(1, 0, 0, 0, 1)).end().halt(), "zero-trips", {"instruction 2 (loop)"});
  add("a term on a loop that is not open", loaded().loop(2).add(isa::dma_ld(1, 0, 0, 0, 1), {{"dst", 1, 1}}).end().halt(),
      "closed-loop-term", {"level 1", "only 1 loop is open"});
  add("a loop holding no data instruction", loaded().loop(2).loop(2).end().end().halt(), "empty-loop",
      {"(loop)", "holds no data instruction"});
  // Fields and values.
  add("an instruction of 0 rows", loaded().add(isa::dma_ld(0, 0, 0, 0, 1)).halt(), "zero-rows", {"instruction 2 (dma_ld)"});
  add("a stride a term drives past its field", Program().loop(3).add(isa::dma_ld(1, 0, 0, 0, 2000), {{"stride", 0, 30}}).end().halt(),
      "field-overflow", {"'stride' resolves to 2060", "L0=2"});
  add("a stride a term drives to exactly its field's limit",
      Program().loop(3).add(isa::dma_ld(1, 0, 0, 0, isa::kFieldLimit - 60), {{"stride", 0, 30}}).end().halt(),
      "field-overflow", {"'stride' resolves to " + n(isa::kFieldLimit), "L0=2"});
  add("a trip count past its field", loaded().loop(3000).add(isa::dma_ld(1, 0, 0, 0, 0)).end().halt(), "field-overflow",
      {"instruction 2 (loop)", "3000"});
  add("mm with acc = 2", loaded().add(isa::mm(T, 0, 0, 2, 0)).halt(), "illegal-value", {"acc = 2"});
  add("dma_ld with route = 4", Program().add(isa::dma_ld(1, 4, 0, 0, 1)).halt(), "illegal-value", {"route = 4"});
  add("a route a term drives to 4", Program().loop(5).add(isa::dma_ld(1, 0, 0, 0, 1), {{"route", 0, 1}}).end().halt(),
      "illegal-value", {"L0=4"});
  add("a dst too wide for its field", loaded().add(isa::dma_ld(1, 0, 5000, 0, 1)).halt(), "field-too-wide", {"dst = 5000"});
  // Terms.
  add("four address terms", loaded().loop(1).add(isa::mm(T, 0, 0, 0, 0), {{"wgt", 0, 0}, {"act", 0, 0}, {"dst", 0, 0}, {"acc", 0, 0}}).end().halt(),
      "agu-budget", {"4 address terms", "at most 3"});
  add("a term naming no operand of its opcode", loaded().loop(1).add(isa::dma_ld(1, 0, 0, 0, 1), {{"wgt", 0, 1}}).end().halt(),
      "unknown-operand", {"'wgt'"});
  // The program's end and its headers.
  add("no halt", loaded(), "missing-halt", {"without a halt"});
  add("an instruction after halt", loaded().halt().add(isa::dma_ld(1, 0, 0, 0, 1)).halt(), "after-halt", {"instruction 3"});
  add("an accu header count past its 15 bits",
      computed().loop(2047).loop(8).add(isa::mvout(T, 0, 0, W)).end().end().halt(), "header-overflow", {"accu", "15-bit"});
  return c;
}

}  // namespace loom::tinytpu
