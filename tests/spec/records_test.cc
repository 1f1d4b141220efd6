// Distance contracts and numerics records, on the toy spec: every field of a
// record is required, every number is checked, each refusal names its JSON
// path, and the names a record makes the generated header declare are held
// against every other.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/files.h"
#include "spec/generate.h"
#include "spec/isa_spec.h"

namespace loom::spec {
namespace {

constexpr const char* kToy = "tests/spec/toy_isa.json";

nlohmann::json toy() {
  auto text = read_file(kToy);
  REQUIRE(text.ok());
  return nlohmann::json::parse(text.value());
}

// The toy spec with j[list][index][key] set to `value`, or erased if `value` is null.
nlohmann::json with(const char* list, size_t index, const char* key, const nlohmann::json& value) {
  nlohmann::json j = toy();
  if (value.is_null()) j[list][index].erase(key);
  else j[list][index][key] = value;
  return j;
}

Result<IsaSpec> load(const nlohmann::json& j) { return load_spec(j.dump(), "toy.json"); }

// Whether loading `j` fails with an error of `kind` at "toy.json:" + `path`.
bool refused(const nlohmann::json& j, const std::string& kind, const std::string& path) {
  auto s = load(j);
  INFO(s.status().to_string());
  if (s.ok()) return false;
  for (const Error& e : s.errors())
    if (e.kind == kind && e.where == "toy.json:" + path) return true;
  return false;
}

bool loads(const nlohmann::json& j) {
  auto s = load(j);
  INFO(s.status().to_string());
  return s.ok();
}

// The first error generating the header gives, or "" when it is generated.
std::string generate_refusal(const nlohmann::json& j) {
  auto s = load(j);
  INFO(s.status().to_string());
  REQUIRE(s.ok());
  auto header = generate_header(s.value(), {"toy::isa", "toy.json"});
  return header.ok() ? "" : header.errors()[0].kind;
}

TEST_CASE("every number and the name of a numerics record are required, each named at its path") {
  REQUIRE(loads(toy()));
  for (const char* key : {"name", "operand_bits", "acc_bits", "clip_lo", "clip_hi", "scale", "shift"}) {
    CAPTURE(key);
    CHECK(refused(with("numerics", 1, key, nullptr), "missing-key", std::string("/numerics/1/") + key));
  }
  CHECK(loads(with("numerics", 1, "doc", nullptr)));
  CHECK(refused(with("numerics", 0, "clip_lo", "-8"), "wrong-type", "/numerics/0/clip_lo"));
  CHECK(refused(with("numerics", 0, "rounding", "nearest"), "unknown-key", "/numerics/0/rounding"));
}

struct Value {
  size_t record;
  std::string key;
  int64_t value;
  std::string refused_at;  // "" when the value is accepted
};

TEST_CASE("a numerics record's numbers are checked at their bounds, each refusal at its path") {
  // int4 is record 0 (4 bits, 16-bit sums, clip [-8, 7]); u8_scaled is record
  // 1 (8 bits, 24-bit sums, clip [0, 255], scale 3, shift 2).
  const std::vector<Value> values = {
      {0, "operand_bits", 0, "operand_bits"},  {0, "operand_bits", 33, "operand_bits"},
      {0, "operand_bits", 3, "clip_lo"},       // [-8, 7] no longer fits 3 bits, signed or not
      {1, "operand_bits", 1, "clip_hi"},       {0, "acc_bits", 3, "acc_bits"},
      {0, "acc_bits", 4, ""},                  {0, "acc_bits", 65, "acc_bits"},
      {0, "clip_lo", 8, "clip_lo"},            {0, "clip_lo", 7, ""},
      {0, "clip_lo", -9, "clip_lo"},           {0, "clip_hi", 8, "clip_hi"},
      {1, "clip_hi", 256, "clip_hi"},          {1, "clip_lo", -1, "clip_hi"},  // [-1, 255] fits neither reading
      {1, "scale", 0, "scale"},                {1, "scale", -3, "scale"},
      {1, "scale", int64_t{1} << 40, ""},      {1, "scale", (int64_t{1} << 40) + 1, "scale"},
      {1, "shift", -1, "shift"},               {1, "shift", 62, ""},
      {1, "shift", 63, "shift"},
  };
  for (const Value& v : values) {
    CAPTURE(v.record, v.key, v.value);
    const nlohmann::json j = with("numerics", v.record, v.key.c_str(), v.value);
    if (v.refused_at.empty()) CHECK(loads(j));
    else CHECK(refused(j, "invalid-range", "/numerics/" + std::to_string(v.record) + "/" + v.refused_at));
  }
  // The widest record there is: 32-bit operands, 64-bit sums, scale 1.
  nlohmann::json widest = toy();
  widest["numerics"][0]["operand_bits"] = 32;
  widest["numerics"][0]["acc_bits"] = 64;
  CHECK(loads(widest));
  widest["numerics"][0]["scale"] = 2;
  CHECK(refused(widest, "invalid-range", "/numerics/0/scale"));
}

TEST_CASE("each contract and each numerics record is named once; the old single objects are refused by name") {
  CHECK(refused(with("numerics", 1, "name", "int4"), "duplicate-name", "/numerics/1/name"));
  CHECK(refused(with("distance_contracts", 1, "name", "mac_raw"), "duplicate-name", "/distance_contracts/1/name"));
  // The format before contracts and numerics were lists.
  nlohmann::json old_numerics = toy();
  old_numerics["numerics"] = old_numerics["numerics"][0];
  old_numerics["numerics"].erase("name");
  CHECK(refused(old_numerics, "wrong-type", "/numerics"));
  nlohmann::json old_contract = toy();
  old_contract["ar_distance"] = {{"unit", "mac"}, {"parameter", "MAC_RAW"}};
  CHECK(refused(old_contract, "unknown-key", "/ar_distance"));
}

TEST_CASE("a spec without contracts or numerics loads, and its header declares neither") {
  nlohmann::json j = toy();
  j.erase("distance_contracts");
  j.erase("numerics");
  auto s = load(j);
  INFO(s.status().to_string());
  REQUIRE(s.ok());
  CHECK(s.value().distance_contracts.empty());
  CHECK(s.value().numerics.empty());
  auto header = generate_header(s.value(), {"toy::isa", "toy.json"});
  REQUIRE(header.ok());
  CHECK(header.value().find("_distance(") == std::string::npos);
  CHECK(header.value().find("---- Numerics ----") == std::string::npos);
  CHECK(header.value().find("to_operand") == std::string::npos);
}

TEST_CASE("a distance contract names a unit whose header counts rows, and a parameter") {
  for (const char* key : {"name", "unit", "parameter"}) {
    CAPTURE(key);
    CHECK(refused(with("distance_contracts", 1, key, nullptr), "missing-key", std::string("/distance_contracts/1/") + key));
  }
  // A unit, but one with no header; one whose header counts each mac per instruction.
  CHECK(refused(with("distance_contracts", 0, "unit", "ctl"), "unknown-unit", "/distance_contracts/0/unit"));
  CHECK(refused(with("distance_contracts", 0, "unit", "loader"), "illegal-value", "/distance_contracts/0/unit"));
  // A derived value, not a parameter.
  CHECK(refused(with("distance_contracts", 1, "parameter", "SUM_ROWS"), "unknown-parameter",
                "/distance_contracts/1/parameter"));
}

TEST_CASE("the names a contract or a numerics record makes the header declare are held against every other") {
  CHECK(generate_refusal(toy()).empty());
  CHECK(generate_refusal(with("distance_contracts", 1, "name", "vec-raw")) == "bad-identifier");
  CHECK(generate_refusal(with("distance_contracts", 1, "name", "macRaw")) == "bad-identifier");  // kMacRawDistanceHeader twice
  CHECK(generate_refusal(with("distance_contracts", 1, "name", "vec_hazard")).empty());
  // A program limit named as a contract's accessor.
  CHECK(generate_refusal(with("program_limits", 0, "name", "mac_raw_distance")) == "bad-identifier");
  for (const char* name : {"mac", "unit_vec", "Slice", "kDefaults", "acc", "int", "mac_raw_distance", "2wide"}) {
    CAPTURE(name);
    CHECK(generate_refusal(with("numerics", 1, "name", name)) == "bad-identifier");
  }
}

}  // namespace
}  // namespace loom::spec
