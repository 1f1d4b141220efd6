#include "machines/tinytpu/parameters.h"

namespace loom::tinytpu {

const ParameterSet& parameters() {
  static const ParameterSet set = [] {
    ParameterSet s;
    s.param("T", 4, 2, 64, "array side and lanes per packed word")
        .param("MAXDIM", 16, 2, 256, "largest matrix side a build holds")
        .param("QD", 16, 1, 4096, "depth of the instruction streams")
        .param("AR_RAW_DIST", 4, 1, 64, "accu iterations between an ar write and a read of it")
        .param("IMEM_WORDS", 1024, 8, 65536, "instruction memory: the header words, then the program")
        .param("DATA_QD", 2, 1, 4096, "depth of the data streams between units");
    const auto operand_rows = [](const ParamValues& v) { return (v["MAXDIM"] / v["T"]) * v["MAXDIM"]; };
    s.derive("OPERAND_ROWS", operand_rows, "packed words in a MAXDIM x MAXDIM operand")
        .derive("SPAD_ROWS", operand_rows, "rows of spad")
        .derive("VR_ROWS", operand_rows, "rows of vr")
        .derive("AR_ROWS", operand_rows, "rows of ar")
        .derive("DRAM_WORDS", operand_rows, "packed words in each of A, B and C")
        .derive("T_LINKS", [](const ParamValues& v) { return v["T"] - 1; }, "links between neighbours along an array row or column");
    s.require("T divides MAXDIM", {"T", "MAXDIM"}, [](const ParamValues& v) { return v["MAXDIM"] % v["T"] == 0; });
    // imem is read a 512-bit beat (8 words) at a time (sequencer.h).
    s.require("IMEM_WORDS % 8 == 0", {"IMEM_WORDS"}, [](const ParamValues& v) { return v["IMEM_WORDS"] % 8 == 0; });
    // An operand row's address must fit the 11 usable bits of a field.
    s.require("(MAXDIM / T) * MAXDIM <= 2048", {"T", "MAXDIM"},
              [](const ParamValues& v) { return (v["MAXDIM"] / v["T"]) * v["MAXDIM"] <= 2048; });
    return s;
  }();
  return set;
}

ParameterSet parameters_for(int64_t t) {
  ParameterSet s;
  for (const ParameterSet::Parameter& p : parameters().parameters()) {
    if (p.name == "T") s.param(p.name, t, t, t, p.doc + "; a template argument, so fixed per build (4, 8, 16, 32 or 64)");
    else s.param(p.name, p.value, p.min, p.max, p.doc);
  }
  for (const ParameterSet::Derived& d : parameters().derived()) s.derive(d.name, d.compute, d.doc, d.min, d.max);
  for (const ParameterSet::Constraint& c : parameters().constraints()) s.require(c.description, c.reads, c.holds);
  return s;
}

}  // namespace loom::tinytpu
