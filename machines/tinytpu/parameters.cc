#include "machines/tinytpu/parameters.h"

namespace loom::tinytpu {

const ParameterSet& parameters() {
  static const ParameterSet set = [] {
    ParameterSet s;
    s.param("T", 4, 2, 32, "array side and lanes per packed word")
        .param("MAXDIM", 16, 2, 256, "largest matrix side a build holds")
        .param("QD", 16, 1, 4096, "depth of the instruction streams")
        .param("AR_RAW_DIST", 4, 1, 64, "accu iterations between an ar write and a read of it");
    const auto operand_rows = [](const ParamValues& v) { return (v["MAXDIM"] / v["T"]) * v["MAXDIM"]; };
    s.derive("OPERAND_ROWS", operand_rows, "packed words in a MAXDIM x MAXDIM operand")
        .derive("SPAD_ROWS", operand_rows, "rows of spad")
        .derive("VR_ROWS", operand_rows, "rows of vr")
        .derive("AR_ROWS", operand_rows, "rows of ar")
        .derive("DRAM_WORDS", operand_rows, "packed words in each of A, B and C");
    s.require("T divides MAXDIM", {"T", "MAXDIM"}, [](const ParamValues& v) { return v["MAXDIM"] % v["T"] == 0; });
    // An operand row's address must fit the 11 usable bits of a field.
    s.require("(MAXDIM / T) * MAXDIM <= 2048", {"T", "MAXDIM"},
              [](const ParamValues& v) { return (v["MAXDIM"] / v["T"]) * v["MAXDIM"] <= 2048; });
    return s;
  }();
  return set;
}

}  // namespace loom::tinytpu
