// The toy spec (tests/spec/toy_isa.json), an ISA that is not TinyTPU's: it
// loads, its checked-in header is byte for byte what the generator writes from
// it, and a changed spec or a hand-edited header is refused naming the file,
// the line and the text that differs, as `loom gen-isa --check` refuses
// TinyTPU's.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "common/files.h"
#include "spec/constants.h"
#include "spec/generate.h"
#include "spec/isa_spec.h"
#include "tests/spec/toy_isa_files.h"

namespace loom::spec {
namespace {

std::string slurp(std::string_view path) {
  auto text = read_file(std::string(path));
  INFO(text.status().to_string());
  REQUIRE(text.ok());
  return text.value();
}

// The toy spec's text with one replacement, which must apply exactly once.
std::string edited(const std::string& from, const std::string& to) {
  std::string text = slurp(toy::kSpecPath);
  const size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  REQUIRE(text.find(from, at + 1) == std::string::npos);
  return text.replace(at, from.size(), to);
}

// What --check would say of the checked-in header against the spec `text`.
Status check_header(const std::string& text, const std::string& header) {
  auto spec = load_spec(text, std::string(toy::kSpecPath));
  INFO(spec.status().to_string());
  REQUIRE(spec.ok());
  auto generated = generate_header(spec.value(), toy::options());
  INFO(generated.status().to_string());
  REQUIRE(generated.ok());
  return compare_generated(std::string(toy::kEncodingPath), generated.value(), header, std::string(toy::kWrittenBy));
}

// The 1-based line of `text` that holds `needle`.
int line_of(const std::string& text, const std::string& needle) {
  const size_t at = text.find(needle);
  REQUIRE(at != std::string::npos);
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
}

TEST_CASE("the toy spec loads: its own word, opcodes, two distance contracts and two numerics records") {
  auto s = load_spec_file(std::string(toy::kSpecPath));
  INFO(s.status().to_string());
  REQUIRE(s.ok());
  const IsaSpec& spec = s.value();
  CHECK(spec.isa == "toy");
  CHECK(spec.word_bits == 32);
  CHECK(spec.field("opcode")->lo == 27);
  CHECK(spec.operand_fields().size() == 2);
  CHECK(spec.opcode("drain")->code == 17);
  CHECK(spec.opcode("drain")->units == std::vector<std::string>{"vec", "writer"});
  REQUIRE(spec.distance_contracts.size() == 2);
  CHECK(spec.distance_contract("mac_raw")->unit == "mac");
  CHECK(spec.distance_contract("mac_raw")->parameter == "MAC_RAW");
  CHECK(spec.distance_contract("vec_raw")->unit == "vec");
  CHECK(spec.distance_contract("vec_raw")->parameter == "VEC_RAW");
  CHECK(spec.distance_contract("ar_raw") == nullptr);
  REQUIRE(spec.numerics.size() == 2);
  const Numerics* int4 = spec.numerics_record("int4");
  REQUIRE(int4 != nullptr);
  CHECK((int4->operand_bits == 4 && int4->acc_bits == 16 && int4->clip_lo == -8 && int4->clip_hi == 7));
  const Numerics* u8 = spec.numerics_record("u8_scaled");
  REQUIRE(u8 != nullptr);
  CHECK((u8->clip_lo == 0 && u8->clip_hi == 255 && u8->scale == 3 && u8->shift == 2));
}

TEST_CASE("the toy's constants and tables name each contract and each numerics record") {
  auto s = load_spec_file(std::string(toy::kSpecPath));
  REQUIRE(s.ok());
  auto build = s.value().resolve();
  REQUIRE(build.ok());
  const Constants c = constants(s.value(), build.value());
  CHECK(c.at("distance_contract.mac_raw.unit") == "mac");
  CHECK(c.at("distance_contract.vec_raw.parameter") == "VEC_RAW");
  CHECK(c.at("numerics.int4.acc_bits") == "16");
  CHECK(c.at("numerics.u8_scaled.scale") == "3");
  CHECK(c.count("numerics.acc_bits") == 0);
  const std::string tables = generate_tables(s.value());
  CHECK(tables.find("### Instruction word (32 bits)") != std::string::npos);
  CHECK(tables.find("Distance contract `mac_raw` (`MAC_RAW` `mac` iterations)") != std::string::npos);
  CHECK(tables.find("Distance contract `vec_raw` (`VEC_RAW` `vec` iterations)") != std::string::npos);
  CHECK(tables.find("| `u8_scaled` | 8 | 24 | [0, 255] | 3 | 2 |") != std::string::npos);
}

TEST_CASE("the checked-in toy header is what the generator writes from the toy spec") {
  const Status status = check_header(slurp(toy::kSpecPath), slurp(toy::kEncodingPath));
  INFO(status.to_string());
  CHECK(status.ok());
}

struct Edit {
  std::string what;
  std::string from, to;  // a replacement in the spec, found exactly once
  std::string found;     // the checked-in line the refusal quotes
};

TEST_CASE("every single-point edit of the toy spec is refused against its header, naming the line") {
  const std::string header = slurp(toy::kEncodingPath);
  const std::vector<Edit> edits = {
      {"an opcode number", R"("name": "mac", "code": 9)", R"("name": "mac", "code": 12)", "  mac = 9,"},
      {"the word width", R"("word_bits": 32)", R"("word_bits": 40)", "inline constexpr int kWordBits = 32;"},
      {"a contract's parameter", R"("unit": "mac", "parameter": "MAC_RAW")", R"("unit": "mac", "parameter": "W")",
       "constexpr int64_t mac_raw_distance(const Params& p) { return p.MAC_RAW; }"},
      {"a contract's unit", R"("unit": "vec", "parameter": "VEC_RAW")", R"("unit": "writer", "parameter": "VEC_RAW")",
       "// The vec_raw distance contract counts vec's iterations: an instruction's share of its header."},
      {"a contract's name", R"("name": "mac_raw")", R"("name": "mac_hazard")",
       "// The mac_raw distance contract counts mac's iterations: an instruction's share of its header."},
      {"a numerics clip bound", R"("clip_lo": -8, "clip_hi": 7)", R"("clip_lo": -8, "clip_hi": 6)",
       "inline constexpr int64_t kClipHi = 7;"},
      {"a numerics scale", R"("scale": 3)", R"("scale": 5)", "inline constexpr int64_t kScale = 3;"},
      {"a numerics record's name", R"("name": "u8_scaled")", R"("name": "u8_wide")",
       "// u8_scaled: uint8 operands, 24-bit sums, scaled by 3/4 and saturated to uint8"},
  };
  for (const Edit& e : edits) {
    CAPTURE(e.what);
    const Status status = check_header(edited(e.from, e.to), header);
    REQUIRE_FALSE(status.ok());
    const Error& err = status.errors()[0];
    CHECK(err.kind == "generated-drift");
    CHECK(err.where == std::string(toy::kEncodingPath) + ":" + std::to_string(line_of(header, e.found)));
    CHECK(err.message.find("found `" + e.found + "`") != std::string::npos);
    CHECK(err.message.find(std::string(toy::kWrittenBy)) != std::string::npos);
  }
}

TEST_CASE("a hand edit of the toy header is refused naming its line") {
  std::string header = slurp(toy::kEncodingPath);
  const std::string from = "inline constexpr int kVecRawDistanceHeader = 2;";
  const int line = line_of(header, from);
  header.replace(header.find(from), from.size(), "inline constexpr int kVecRawDistanceHeader = 3;");
  const Status status = check_header(slurp(toy::kSpecPath), header);
  REQUIRE_FALSE(status.ok());
  CHECK(status.errors()[0].kind == "generated-drift");
  CHECK(status.errors()[0].where == std::string(toy::kEncodingPath) + ":" + std::to_string(line));
  CHECK(status.errors()[0].message.find("expected `" + from + "`") != std::string::npos);
  // A line more at the end is drift too.
  const Status longer = check_header(slurp(toy::kSpecPath), slurp(toy::kEncodingPath) + "// more\n");
  REQUIRE_FALSE(longer.ok());
  CHECK(longer.errors()[0].message.find("expected `<end of file>`") != std::string::npos);
}

}  // namespace
}  // namespace loom::spec
