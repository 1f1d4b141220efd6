// The spec loader: a malformed or inconsistent spec is a named error pointing
// at its JSON path; expressions parse and evaluate; the generator is
// deterministic.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "spec/expr.h"
#include "spec/generate.h"
#include "spec/isa_spec.h"

namespace loom::spec {
namespace {

const std::string kSpec = "machines/tinytpu/isa_spec.json";

std::string slurp(const std::string& path) {
  std::stringstream s;
  s << std::ifstream(path).rdbuf();
  return s.str();
}

// The real spec with one replacement; the replacement must apply once.
std::string edited(const std::string& from, const std::string& to) {
  std::string text = slurp(kSpec);
  const size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), to);
  return text;
}

Error refusal(const std::string& text, const std::string& kind) {
  auto s = load_spec(text, "spec.json");
  REQUIRE_FALSE(s.ok());
  INFO(s.status().to_string());
  for (const Error& e : s.errors())
    if (e.kind == kind) return e;
  FAIL("no " << kind);
  return {};
}

TEST_CASE("the TinyTPU spec loads") {
  auto s = load_spec_file(kSpec);
  INFO((s.ok() ? "" : s.status().to_string()));
  REQUIRE(s.ok());
  CHECK(s.value().opcode("mm")->code == 6);
  CHECK(s.value().field("nr")->bits == 11);
}

TEST_CASE("inconsistent specs are named errors at their JSON paths") {
  Error e = refusal(edited(R"({"name": "f1", "lo": 12)", R"({"name": "f1", "lo": 10)"), "field-overlap");
  CHECK(e.where == "spec.json:/fields/1");
  CHECK(e.message.find("'f0'") != std::string::npos);

  e = refusal(edited(R"({"name": "opcode", "lo": 60, "bits": 4)", R"({"name": "opcode", "lo": 61, "bits": 4)"),
              "field-outside-word");
  CHECK(e.where == "spec.json:/fields/5");
  CHECK(e.message.find("past bit 63") != std::string::npos);

  e = refusal(edited(R"("name": "vld", "code": 5)", R"("name": "vld", "code": 4)"), "duplicate-opcode");
  CHECK(e.where == "spec.json:/opcodes/5/code");

  e = refusal(edited(R"("name": "vld", "code": 5)", R"("name": "vld", "code": 16)"), "opcode-too-wide");

  e = refusal(edited(R"({"name": "QD", "default": 16)", R"({"name": "QD", "default": 0)"), "default-out-of-range");
  CHECK(e.where == "spec.json:/parameters/2/default");

  e = refusal(edited(R"({"unit": "dma_st", "lo": 0)", R"({"unit": "dma_out", "lo": 0)"), "unknown-unit");
  CHECK(e.where == "spec.json:/headers/4/unit");

  e = refusal(edited(R"({"op": "vadd", "scale": "2")", R"({"op": "vsub", "scale": "2")"), "unknown-opcode");
  CHECK(e.where == "spec.json:/headers/3/terms/1/op");

  e = refusal(edited(R"("word_bits": 64)", R"("word_bits": "64")"), "wrong-type");
  CHECK(e.where == "spec.json:/word_bits");

  e = refusal(edited(R"("field_limit": 2048,)", R"("field_limt": 2048,)"), "unknown-key");
  CHECK(e.where == "spec.json:/field_limt");

  e = refusal(edited(R"("expr": "OPERAND_ROWS", "doc": "rows of spad")", R"("expr": "OPERAND_ROWS +", "doc": "rows of spad")"),
              "bad-expression");
  CHECK(e.where == "spec.json:/derived/1/expr");

  e = refusal(edited(R"("expr": "OPERAND_ROWS", "doc": "rows of spad")", R"("expr": "ROWS", "doc": "rows of spad")"),
              "unknown-name");
  CHECK(e.where == "spec.json:/derived/1/expr");

  e = refusal(edited(R"("acc", "legal": [0, 1])", R"("acc", "legal": [0, 4096])"), "illegal-value");

  e = refusal(edited(R"("loops": {"depth": 3})", R"("loops": {"depth": 5})"), "invalid-range");
  CHECK(e.where == "spec.json:/loops/depth");

  e = refusal(edited(R"({"name": "MAXDIM", "default": 16)", R"({"name": "MAXDIM", "default": 18)"), "constraint-violated");
  CHECK(e.message.find("MAXDIM % T == 0") != std::string::npos);

  e = refusal(edited(R"("field": "f0", "name": "route")", R"("field": "f9", "name": "route")"), "unknown-field");
  CHECK(e.where == "spec.json:/opcodes/4/operands/0/field");

  refusal("{\"isa\": ", "bad-json");
  refusal("[1, 2]", "wrong-type");
  e = refusal("{}", "missing-key");
  CHECK(e.where == "spec.json:/isa");
}

TEST_CASE("slice widths the word cannot hold are refused, not shifted past 64") {
  refusal(edited(R"({"name": "nr", "lo": 48, "bits": 11)", R"({"name": "nr", "lo": 48, "bits": 70)"), "invalid-range");
  refusal(edited(R"({"name": "nr", "lo": 48, "bits": 11)", R"({"name": "nr", "lo": 48, "bits": -1)"), "invalid-range");
  refusal(edited(R"({"name": "nr", "lo": 48, "bits": 11)", R"({"name": "nr", "lo": -3, "bits": 11)"), "field-outside-word");
}

TEST_CASE("expressions parse, evaluate and print as C++") {
  auto e = Expr::parse("(MAXDIM / T) * MAXDIM <= 2048", "here");
  REQUIRE(e.ok());
  CHECK(e.value().is_comparison());
  const auto at = [](int64_t t, int64_t m) {
    return [=](std::string_view n) -> std::optional<int64_t> {
      if (n == "T") return t;
      if (n == "MAXDIM") return m;
      return std::nullopt;
    };
  };
  CHECK(e.value().eval(at(4, 88)).value() == 1);
  CHECK(e.value().eval(at(4, 92)).value() == 0);
  CHECK(e.value().names() == std::vector<std::string>{"MAXDIM", "T"});
  CHECK(e.value().to_cpp([](std::string_view n) { return "p." + std::string(n); }) ==
        "(((p.MAXDIM / p.T) * p.MAXDIM) <= 2048)");

  auto pow = Expr::parse("2 ^ 3 ^ 2 - -1", "here");
  REQUIRE(pow.ok());
  CHECK(pow.value().eval([](std::string_view) { return std::nullopt; }).value() == 513);

  const auto fails = [&](const char* text) {
    auto r = Expr::parse(text, "here").value().eval(at(4, 0));
    REQUIRE_FALSE(r.ok());
    return r.errors()[0].kind;
  };
  CHECK(fails("1 / (T - 4)") == "division-by-zero");
  CHECK(fails("T ^ 70") == "overflow");
  CHECK(fails("X + 1") == "unknown-name");
  auto bad = Expr::parse("(T + 1", "spec.json:/derived/0/expr");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.errors()[0].where == "spec.json:/derived/0/expr");
  CHECK_FALSE(Expr::parse("T $ 2", "here").ok());
  CHECK_FALSE(Expr::parse("", "here").ok());
}

TEST_CASE("generation is deterministic and needs its markers") {
  auto s = load_spec_file(kSpec);
  REQUIRE(s.ok());
  const auto a = generate_header(s.value(), {"x::y", "spec.json"});
  const auto b = generate_header(s.value(), {"x::y", "spec.json"});
  REQUIRE(a.ok());
  CHECK(a.value() == b.value());
  CHECK(generate_tables(s.value()) == generate_tables(s.value()));
  auto spliced = splice_tables("before\n" + std::string(kTablesBegin) + "\nold\n" + std::string(kTablesEnd) + "\nafter\n",
                               "NEW\n", "doc.md");
  REQUIRE(spliced.ok());
  CHECK(spliced.value().find("old") == std::string::npos);
  CHECK(spliced.value().find("NEW") != std::string::npos);
  CHECK(spliced.value().find("after") != std::string::npos);
  CHECK(splice_tables("no markers here", "NEW", "doc.md").errors()[0].kind == "missing-markers");
}

}  // namespace
}  // namespace loom::spec

namespace loom::spec {
namespace {

TEST_CASE("hostile specs are named errors, not crashes or hangs") {
  refusal(edited(R"("expr": "OPERAND_ROWS", "doc": "rows of spad")", R"("expr": "", "doc": "rows of spad")"),
          "bad-expression");
  refusal(edited(R"({"op": "vadd", "scale": "2")", R"({"op": "vadd", "scale": " ")"), "bad-expression");
  refusal(edited(R"("expr": "OPERAND_ROWS", "doc": "rows of spad")",
                 R"x("expr": "(-4611686018427387904 * 2) / -1", "doc": "rows of spad")x"),
          "overflow");
  refusal(edited(R"("expr": "OPERAND_ROWS", "doc": "rows of spad")", R"x("expr": "-(-4611686018427387904 * 2)", "doc": "rows of spad")x"),
          "overflow");
  // 1 ^ huge is 1 at once, not a loop of 9e18 multiplications.
  auto one = load_spec(edited(R"("expr": "OPERAND_ROWS", "doc": "rows of spad")",
                              R"("expr": "OPERAND_ROWS * 1 ^ 9000000000000000000", "doc": "rows of spad")"),
                       "spec.json");
  CHECK(one.ok());
  refusal(edited(R"("expr": "OPERAND_ROWS", "doc": "rows of spad")",
                 R"("expr": ")" + std::string(100, '(') + "1" + std::string(100, ')') + R"(", "doc": "rows of spad")"),
          "bad-expression");
  refusal(edited(R"({"name": "f3", "lo": 36)", R"({"name": "f3", "lo": 4294967296)"), "field-outside-word");
  refusal(edited(R"({"name": "f3", "lo": 36, "bits": 12)", R"({"name": "f3", "lo": 36, "bits": 4294967308)"), "invalid-range");
  refusal(edited(R"("name": "vld", "code": 5)", R"("name": "vld", "code": 18446744073709551615)"), "wrong-type");
  refusal(edited(R"("terms": 3,)", R"("terms": 65536,)"), "invalid-range");
  refusal(edited(R"("terms": 3,)", R"("terms": 4,)"), "field-outside-word");  // 64 bits of terms reach the opcode
  refusal(edited(R"({"name": "T", "default": 4, "min": 2, "max": 64)",
                 R"({"name": "T", "default": 4, "min": 2, "max": 9223372036854775807)"),
          "invalid-range");
  refusal(edited(R"("operands": [{"field": "f0", "name": "trips", "min": 1}],
     "doc": "opens)",
                 R"("operands": [{"field": "f1", "name": "trips", "min": 1}],
     "doc": "opens)"),
          "illegal-value");
  refusal(edited(R"("field_limit": 2048)", R"("field_limit": 0)"), "invalid-range");
}

TEST_CASE("names the generated header cannot declare are refused") {
  auto s = load_spec(edited(R"("name": "halt", "code": 0)", R"("name": "switch", "code": 0)"), "spec.json");
  REQUIRE(s.ok());
  auto h = generate_header(s.value(), {"x", "spec.json"});
  REQUIRE_FALSE(h.ok());
  CHECK(h.errors()[0].kind == "bad-identifier");
  auto clash = load_spec(edited(R"("name": "halt", "code": 0)", R"("name": "legal", "code": 0)"), "spec.json");
  REQUIRE(clash.ok());
  CHECK_FALSE(generate_header(clash.value(), {"x", "spec.json"}).ok());
}

}  // namespace
}  // namespace loom::spec
