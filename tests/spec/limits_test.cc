// Every reader's limit, and every parameter a spec declares, at its boundary
// on both sides: the largest (and smallest) value accepted, and the next one
// refused by name. Each input is built from the limit's own constant, or from
// the spec's own declarations, so a limit that moves moves its test.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include "common/csv.h"
#include "common/files.h"
#include "spec/expr.h"
#include "spec/isa_spec.h"
#include "spec/json_reader.h"

namespace loom::spec {
namespace {

const std::string kSpec = "machines/tinytpu/isa_spec.json";

bool refused_as(const Status& status, const std::string& kind, const std::string& message = "") {
  for (const Error& e : status.errors())
    if (e.kind == kind && e.message.find(message) != std::string::npos) return true;
  return false;
}

TEST_CASE("JSON nests to kMaxJsonDepth levels and no deeper", "[limits]") {
  const auto nested = [](int levels) { return std::string(levels, '[') + std::string(levels, ']'); };
  CHECK(parse_json(nested(kMaxJsonDepth), "deep.json").ok());
  CHECK(refused_as(parse_json(nested(kMaxJsonDepth + 1), "deep.json").status(), "too-deep"));
}

TEST_CASE("a spec array holds kMaxJsonArray entries and no more", "[limits]") {
  const auto array = [](size_t entries) {
    std::string text = "{\"list\": [";
    for (size_t i = 0; i < entries; ++i) text += std::string(i ? "," : "") + "{}";
    return text + "]}";
  };
  for (const auto& [entries, ok] : {std::pair{kMaxJsonArray, true}, std::pair{kMaxJsonArray + 1, false}}) {
    INFO(entries << " entries");
    auto j = parse_json(array(entries), "list.json");
    REQUIRE(j.ok());
    Status status;
    const std::string source = "list.json";  // the reader keeps a reference to it
    JsonReader reader(j.value(), "", source, status);
    size_t seen = 0;
    reader.array("list", [&](JsonReader&) { ++seen; });
    CHECK(status.ok() == ok);
    CHECK(seen == (ok ? entries : 0));
    if (!ok) CHECK(refused_as(status, "too-many", std::to_string(kMaxJsonArray)));
  }
}

TEST_CASE("an expression is kMaxLength characters at most, and nests to its declared depth", "[limits]") {
  // "1+1+...": the longest of odd length at the limit, and one character more.
  const auto sum = [](size_t length) {
    std::string text = "1";
    while (text.size() + 2 <= length) text += "+1";
    return text + std::string(length - text.size(), ' ');
  };
  CHECK(Expr::parse(sum(Expr::kMaxLength), "/e").ok());
  CHECK(refused_as(Expr::parse(sum(Expr::kMaxLength + 1), "/e").status(), "bad-expression", "characters"));
  const auto parens = [](int n) { return std::string(static_cast<size_t>(n), '(') + "1" + std::string(static_cast<size_t>(n), ')'); };
  CHECK(Expr::parse(parens(Expr::kMaxParentheses), "/e").ok());
  CHECK(refused_as(Expr::parse(parens(Expr::kMaxParentheses + 1), "/e").status(), "bad-expression", "nests too deeply"));
  const auto signs = [](int n) { return std::string(static_cast<size_t>(n), '-') + "1"; };
  CHECK(Expr::parse(signs(Expr::kMaxSigns), "/e").ok());
  CHECK(refused_as(Expr::parse(signs(Expr::kMaxSigns + 1), "/e").status(), "bad-expression", "nests too deeply"));
  const auto powers = [](int n) {
    std::string text = "1";
    for (int k = 0; k < n; ++k) text += "^1";
    return text;
  };
  CHECK(Expr::parse(powers(Expr::kMaxSigns), "/e").ok());
  CHECK(refused_as(Expr::parse(powers(Expr::kMaxSigns + 1), "/e").status(), "bad-expression", "nests too deeply"));
}

TEST_CASE("a file is read up to its byte limit, the default one included, and refused one byte past it", "[limits]") {
  const char* tmp = std::getenv("TEST_TMPDIR");
  const std::string path = std::string(tmp ? tmp : "/tmp") + "/limit.bin";
  for (const size_t limit : {size_t{1024}, kMaxFileBytes}) {
    INFO("limit " << limit);
    std::ofstream(path, std::ios::binary) << std::string(limit, 'x');
    auto whole = read_file(path, limit);
    REQUIRE(whole.ok());
    CHECK(whole.value().size() == limit);
    std::ofstream(path, std::ios::binary) << std::string(limit + 1, 'x');
    CHECK(refused_as(read_file(path, limit).status(), "too-large"));
  }
  std::filesystem::remove(path);
}

TEST_CASE("a CSV cell is accepted at both ends of its range and refused one past either", "[limits]") {
  for (const auto& [lo, hi] : {std::pair<int64_t, int64_t>{-128, 127}, {0, 1}, {-5, -5}}) {
    INFO("[" << lo << ", " << hi << "]");
    auto ends = parse_csv(std::to_string(lo) + "," + std::to_string(hi) + "\n", "m.csv", lo, hi);
    REQUIRE(ends.ok());
    CHECK(ends.value() == std::vector<std::vector<int64_t>>{{lo, hi}});
    CHECK(refused_as(parse_csv(std::to_string(lo - 1) + "\n", "m.csv", lo, hi).status(), "csv-value"));
    CHECK(refused_as(parse_csv(std::to_string(hi + 1) + "\n", "m.csv", lo, hi).status(), "csv-value"));
  }
}

TEST_CASE("every parameter the ISA spec declares: its bounds accepted, one past either refused by name", "[limits]") {
  auto spec = load_spec_file(kSpec);
  REQUIRE(spec.ok());
  REQUIRE_FALSE(spec.value().parameters.empty());
  for (const Parameter& p : spec.value().parameters) {
    INFO("parameter " << p.name << " in [" << p.min << ", " << p.max << "]");
    for (const int64_t bound : {p.min, p.max}) {
      auto r = spec.value().resolve({{p.name, bound}});
      for (const Error& e : r.status().errors()) CHECK_FALSE((e.kind == "parameter-out-of-range" && e.where.find(p.name) != std::string::npos));
    }
    for (const int64_t past : {p.min - 1, p.max + 1}) {
      auto r = spec.value().resolve({{p.name, past}});
      bool named = false;
      for (const Error& e : r.status().errors())
        named = named || (e.kind == "parameter-out-of-range" && e.where == "parameter '" + p.name + "'");
      CHECK(named);
    }
  }
}

TEST_CASE("a spec parameter's range lies within kWidestParameter, refused at the end that leaves it", "[limits]") {
  auto text = read_file(kSpec);
  REQUIRE(text.ok());
  // The first parameter's range, widened to the limit and past it.
  const auto with_range = [&](int64_t min, int64_t max) {
    auto j = parse_json(text.value(), kSpec).value();
    j["parameters"][0]["min"] = min;
    j["parameters"][0]["max"] = max;
    return j.dump();
  };
  auto spec = load_spec_file(kSpec);
  REQUIRE(spec.ok());
  const int64_t value = spec.value().parameters[0].value;
  const Status widest = load_spec(with_range(-kWidestParameter, kWidestParameter), kSpec).status();
  for (const Error& e : widest.errors())
    CHECK_FALSE((e.kind == "invalid-range" && e.where.find("/parameters/0/") != std::string::npos));
  for (const auto& [min, max, key] : {std::tuple{-kWidestParameter - 1, value, "/min"}, std::tuple{value, kWidestParameter + 1, "/max"}}) {
    INFO("[" << min << ", " << max << "]");
    const Status s = load_spec(with_range(min, max), kSpec).status();
    bool named = false;
    for (const Error& e : s.errors()) named = named || (e.kind == "invalid-range" && e.where == kSpec + ":/parameters/0" + key);
    CHECK(named);
  }
}

}  // namespace
}  // namespace loom::spec
