// `loom gen-isa --check` on main, and its teeth: single-point edits to a copy
// of the spec, each of which must fail naming the constant or property that
// disagrees.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "machines/tinytpu/gen_isa.h"
#include "machines/tinytpu/isa_files.h"

namespace loom::tinytpu {
namespace {

// Tests run in the workspace's runfiles, which hold the spec, the header and the doc.
const std::string kRoot = ".";

std::string slurp(const std::string& path) {
  std::stringstream s;
  s << std::ifstream(path).rdbuf();
  return s.str();
}

std::string temp_path(const std::string& name) {
  const char* dir = std::getenv("TEST_TMPDIR");
  return std::string(dir ? dir : "/tmp") + "/" + name;
}

TEST_CASE("the checked-in header and docs are what the spec generates, and the design agrees") {
  const Status status = check_isa(kRoot, kRoot + "/" + std::string(kSpecPath));
  INFO(status.to_string());
  CHECK(status.ok());
}

struct Edit {
  std::string what;     // the teeth list's name for it
  std::string from, to;  // a text replacement in the spec, found exactly once
  std::string named;    // must appear in some error's `where`
};

TEST_CASE("every single-point edit of the spec is named by --check") {
  const std::string spec = slurp(kRoot + "/" + std::string(kSpecPath));
  REQUIRE_FALSE(spec.empty());
  const std::vector<Edit> edits = {
      {"an opcode number", R"("name": "mm", "code": 6)", R"("name": "mm", "code": 12)", "constant 'opcode.mm'"},
      {"a field position", R"("name": "nr", "lo": 48)", R"("name": "nr", "lo": 49)", "constant 'field.nr.lo'"},
      {"a field width", R"("name": "nr", "lo": 48, "bits": 11)", R"("name": "nr", "lo": 48, "bits": 12)",
       "constant 'field.nr.bits'"},
      {"an AGU subfield", R"({"name": "stride", "lo": 5, "bits": 10})", R"({"name": "stride", "lo": 6, "bits": 10})",
       "constant 'agu.stride.lo'"},
      {"a header term's scale", R"({"op": "vadd", "scale": "2", "per": "row"})",
       R"({"op": "vadd", "scale": "3", "per": "row"})", "constant 'header.accu.vadd'"},
      {"the loop depth", R"("loops": {"depth": 3})", R"("loops": {"depth": 2})", "constant 'loops.depth'"},
      {"AR_RAW_DIST", R"({"name": "AR_RAW_DIST", "default": 4)", R"({"name": "AR_RAW_DIST", "default": 3)",
       "constant 'parameter.AR_RAW_DIST.default'"},
      {"the accumulator width", R"("acc_bits": 32)", R"("acc_bits": 24)", "constant 'numerics.datapath.acc_bits'"},
      {"a clip bound", R"("clip_hi": 127)", R"("clip_hi": 126)", "constant 'numerics.datapath.clip_hi'"},
      {"a parameter range", R"({"name": "T", "default": 4, "min": 2, "max": 64)",
       R"({"name": "T", "default": 4, "min": 2, "max": 16)", "constant 'parameter.T.max'"},
      {"the AGU budget", R"("terms": 3,)", R"("terms": 2,)", "derived property 'AGU budget'"},
      {"mm's legal acc values", R"("name": "acc", "legal": [0, 1])", R"("name": "acc", "legal": [0, 1, 2])",
       "derived property 'mm.acc legal-trip frontier'"},
      {"the addressing ceiling", R"("(MAXDIM / T) * MAXDIM <= 2048")", R"("(MAXDIM / T) * MAXDIM <= 2047")",
       "derived property 'addressing ceiling of MAXDIM' at T=8"},
      {"the cubic-header ceiling", R"("MAXDIM ^ 3 / T ^ 2 + 2 * MAXDIM ^ 2 / T <= 32767")", R"("MAXDIM ^ 3 / T ^ 2 <= 32767")",
       "derived property 'cubic_header ceiling of MAXDIM' at T=4"},
      {"a changed default", R"({"name": "MAXDIM", "default": 16)", R"({"name": "MAXDIM", "default": 32)",
       "constant 'parameter.MAXDIM.default'"},
      {"the weight-chain header", R"("carries": "nr", "lo": 0, "bits": 12)", R"("carries": "nr", "lo": 0, "bits": 11)",
       "constant 'chain.weight_chain.bits'"},
      // IMEM's layout: a header more, or one fewer, moves every
      // program word the design places.
      {"a header more", R"({"unit": "dma_ld", "lo": 0, "bits": 15, "terms": [{"op": "dma_ld", "scale": "1", "per": "row"}]},)",
       R"({"unit": "dma_ld", "lo": 0, "bits": 15, "terms": [{"op": "dma_ld", "scale": "1", "per": "row"}]},
    {"unit": "wld", "lo": 0, "bits": 15, "terms": [{"op": "mm", "scale": "1", "per": "row"}]},)",
       "constant 'headers.count'"},
      {"a header fewer", R"({"unit": "dma_ld", "lo": 0, "bits": 15, "terms": [{"op": "dma_ld", "scale": "1", "per": "row"}]},)",
       "", "constant 'header.dma_ld.slot'"},
  };
  CHECK(edits.size() >= 15);
  for (size_t i = 0; i < edits.size(); ++i) {
    const Edit& e = edits[i];
    CAPTURE(e.what);
    const size_t at = spec.find(e.from);
    REQUIRE(at != std::string::npos);
    REQUIRE(spec.find(e.from, at + 1) == std::string::npos);
    std::string edited = spec;
    edited.replace(at, e.from.size(), e.to);
    const std::string path = temp_path("edited_spec_" + std::to_string(i) + ".json");
    std::ofstream(path) << edited;
    const Status status = check_isa(kRoot, path);
    INFO(status.to_string());
    REQUIRE_FALSE(status.ok());
    bool named = false;
    for (const Error& err : status.errors()) named = named || err.where.find(e.named) != std::string::npos;
    CHECK(named);
    // Regenerating alone would not hide it: the design is held by value too.
    bool beyond_drift = false;
    for (const Error& err : status.errors()) beyond_drift = beyond_drift || err.kind != "generated-drift";
    CHECK(beyond_drift);
  }
}

TEST_CASE("a hand edit of a generated file is named with its line") {
  const std::string header_copy = temp_path("root");
  REQUIRE(std::system(("mkdir -p " + header_copy + "/machines/tinytpu " + header_copy + "/docs").c_str()) == 0);
  std::string header = slurp(kRoot + "/" + std::string(kEncodingPath));
  const size_t at = header.find("inline constexpr int kLoopDepth = 3;");
  REQUIRE(at != std::string::npos);
  header.replace(at, 36, "inline constexpr int kLoopDepth = 4;");
  std::ofstream(header_copy + "/" + std::string(kEncodingPath)) << header;
  std::ofstream(header_copy + "/" + std::string(kDocPath)) << slurp(kRoot + "/" + std::string(kDocPath));
  const Status status = check_isa(header_copy, kRoot + "/" + std::string(kSpecPath));
  REQUIRE_FALSE(status.ok());
  CHECK(status.errors()[0].kind == "generated-drift");
  CHECK(status.errors()[0].where.rfind(std::string(kEncodingPath) + ":", 0) == 0);
  CHECK(status.errors()[0].message.find("kLoopDepth = 3") != std::string::npos);
}

}  // namespace
}  // namespace loom::tinytpu
