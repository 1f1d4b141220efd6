// Hostile input to the spec machinery and the file reader: each is a named
// error saying what and where, never a crash, a hang or a silent acceptance.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "common/files.h"
#include "spec/action_machine.h"
#include "spec/expr.h"
#include "spec/isa_spec.h"
#include "spec/json_reader.h"

namespace loom::spec {
namespace {

std::string slurp(const std::string& path) {
  std::stringstream s;
  s << std::ifstream(path).rdbuf();
  return s.str();
}

const Error& first(const Status& s) {
  REQUIRE(!s.ok());
  return s.errors().front();
}

TEST_CASE("numbers past a double's range are bad JSON, not an abort", "[hostile]") {
  for (const std::string& text : {std::string("1e400"), std::string("[-1e999]"), "{\"a\": " + std::string(400, '9') + "}"}) {
    INFO(text.substr(0, 40));
    const auto j = parse_json(text, "x.json");
    CHECK(first(j.status()).kind == "bad-json");
    CHECK(first(j.status()).where == "x.json");
  }
  const std::string spec = slurp("machines/tinytpu/isa_spec.json");
  std::string edited = spec;
  edited.replace(edited.find("\"word_bits\": 64"), 15, "\"word_bits\": 1e400");
  CHECK(first(load_spec(edited, "spec.json").status()).kind == "bad-json");
}

TEST_CASE("JSON nested past 64 levels is refused at its path", "[hostile]") {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  const auto j = parse_json(deep, "deep.json");
  CHECK(first(j.status()).kind == "too-deep");
  CHECK(first(j.status()).where.rfind("deep.json:/0/0/0", 0) == 0);
  const std::string objects = "{\"machine\": " + std::string(200, '[') + std::string(200, ']') + "}";
  const auto o = parse_json(objects, "m.json");
  CHECK(first(o.status()).kind == "too-deep");
  CHECK(first(o.status()).where.rfind("m.json:/machine/0/0", 0) == 0);
  CHECK(parse_json(std::string(60, '[') + std::string(60, ']'), "ok.json").ok());
}

TEST_CASE("a key twice in one object is refused, naming it and its path", "[hostile]") {
  const auto j = parse_json(R"({"fields": [{"lo": 1}, {"lo": 2, "lo": 3}], "word_bits": 32, "word_bits": 64})", "d.json");
  REQUIRE(!j.ok());
  REQUIRE(j.errors().size() == 2);
  CHECK(j.errors()[0].kind == "duplicate-key");
  CHECK(j.errors()[0].where == "d.json:/fields/1/lo");
  CHECK(j.errors()[1].where == "d.json:/word_bits");
  CHECK(j.errors()[1].message.find("'word_bits' appears twice") != std::string::npos);
  // Thousands of duplicates give a bounded report.
  std::string many = "{";
  for (int i = 0; i < 3000; ++i) many += std::string(i ? "," : "") + "\"k\": 1";
  const auto m = parse_json(many + "}", "many.json");
  REQUIRE(!m.ok());
  CHECK(m.errors().size() == 20);
  // In a spec, the duplicate is named before anything reads the keys.
  std::string spec = slurp("machines/tinytpu/isa_spec.json");
  spec.replace(spec.find("\"word_bits\": 64"), 15, "\"word_bits\": 32, \"word_bits\": 64");
  CHECK(first(load_spec(spec, "spec.json").status()).kind == "duplicate-key");
}

TEST_CASE("expressions too deep or too long are named, not a stack overflow", "[hostile]") {
  const auto minus = Expr::parse(std::string(200000, '-') + "1", "/x");
  CHECK(first(minus.status()).kind == "bad-expression");
  CHECK(first(minus.status()).message.find("characters long") != std::string::npos);
  const auto nested = Expr::parse(std::string(200, '-') + "1", "/y");
  CHECK(first(nested.status()).message.find("nests too deeply") != std::string::npos);
  std::string powers = "2";
  for (int i = 0; i < 200; ++i) powers += "^2";
  CHECK(first(Expr::parse(powers, "/z").status()).message.find("nests too deeply") != std::string::npos);
  CHECK(first(Expr::parse(std::string(65, '(') + "1" + std::string(65, ')'), "/p").status()).message.find(
            "nests too deeply") != std::string::npos);
  std::string sum = "1";
  for (int i = 0; i < 500000; ++i) sum += "+1";
  CHECK(first(Expr::parse(sum, "/s").status()).message.find("characters long") != std::string::npos);
  // What a formula does need still parses and evaluates.
  const auto fine = Expr::parse(std::string(63, '(') + "1+2" + std::string(63, ')'), "/f");
  REQUIRE(fine.ok());
  CHECK(fine.value().eval(Expr::in({})).value() == 3);
}

TEST_CASE("a file that is not a small regular file is refused by name", "[hostile]") {
  CHECK(first(read_file("/dev/zero").status()).message == "is not a regular file");
  const char* tmp = std::getenv("TEST_TMPDIR");
  const std::string dir = std::string(tmp ? tmp : "/tmp");
  CHECK(first(read_file(dir).status()).message == "is a directory, not a file");
  CHECK(first(read_file(dir + "/nothing-here").status()).message == "does not exist");
  std::ofstream(dir + "/big.txt") << std::string(2048, 'x');
  const auto big = read_file(dir + "/big.txt", 1024);
  CHECK(first(big.status()).kind == "too-large");
  CHECK(read_file(dir + "/big.txt", 4096).value().size() == 2048);
  CHECK(first(load_spec_file("/dev/zero").status()).kind == "unreadable");
}

// The real spec with one replacement, which must apply.
std::string spec_with(const std::string& from, const std::string& to) {
  std::string text = slurp("machines/tinytpu/isa_spec.json");
  const size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

// The machine table of `text` at the spec's default build.
Status machine_status(const std::string& text) {
  auto spec = load_spec(text, "spec.json");
  if (!spec.ok()) return spec.status();
  auto build = spec.value().resolve();
  REQUIRE(build.ok());
  auto machine = action_machine(spec.value(), build.value());
  return machine.ok() ? Status() : machine.status();
}

bool names(const Status& s, const std::string& kind, const std::string& where) {
  for (const Error& e : s.errors())
    if (e.kind == kind && e.where.find(where) != std::string::npos) return true;
  return false;
}

TEST_CASE("a thousand identical fields give a report of bounded size, three thousand are too many", "[hostile]") {
  const auto fields = [](int n) {
    std::string out;
    for (int i = 0; i < n; ++i) out += R"({"name": "f", "lo": 0, "bits": 4},)";
    return spec_with(R"("fields": [)", R"("fields": [)" + out);
  };
  const auto some = load_spec(fields(1000), "spec.json");
  REQUIRE(!some.ok());
  CHECK(some.errors().size() == Status::kMaxErrors + 1);
  CHECK(some.errors().back().kind == "more-errors");
  CHECK(some.errors().back().message.find(" more, not listed") != std::string::npos);
  const auto many = load_spec(fields(3000), "spec.json");
  REQUIRE(!many.ok());
  CHECK(many.errors()[0].kind == "too-many");
  CHECK(many.errors()[0].where == "spec.json:/fields");
}

TEST_CASE("ten thousand units, opcodes or machine units are too many, not minutes of work", "[hostile]") {
  std::string units, opcodes, machine_units;
  for (int i = 0; i < 10000; ++i) {
    units += R"({"name": "u"},)";
    opcodes += R"({"name": "op", "code": 1, "kind": "data", "operands": []},)";
    machine_units += R"({"name": "u", "ports": []},)";
  }
  const auto u = load_spec(spec_with(R"("units": [)", R"("units": [)" + units), "spec.json");
  REQUIRE(!u.ok());
  CHECK(u.errors()[0].kind == "too-many");
  CHECK(u.errors()[0].where == "spec.json:/units");
  const auto o = load_spec(spec_with(R"("opcodes": [)", R"("opcodes": [)" + opcodes), "spec.json");
  REQUIRE(!o.ok());
  CHECK(o.errors()[0].where == "spec.json:/opcodes");
  const std::string text = slurp("machines/tinytpu/isa_spec.json");
  const size_t at = text.find(R"("units": [)", text.find("\"machine\""));
  REQUIRE(at != std::string::npos);
  std::string table = text;
  table.insert(at + 10, machine_units);
  const Status m = machine_status(table);
  REQUIRE(!m.ok());
  CHECK(m.errors()[0].kind == "too-many");
  CHECK(m.errors()[0].where == "/machine/units");
}

TEST_CASE("every header scale and program limit evaluates when the spec loads", "[hostile]") {
  const std::string scale = R"({"op": "vld", "scale": "1", "per": "row"})";
  for (const auto& [to, kind] : std::vector<std::pair<std::string, std::string>>{
           {"T / 0", ""}, {"T ^ 70", ""}, {"0 - 1", "illegal-value"}}) {
    INFO(to);
    std::string text = spec_with(scale, R"({"op": "vld", "scale": ")" + to + R"(", "per": "row"})");
    auto spec = load_spec(text, "spec.json");
    REQUIRE(!spec.ok());
    CHECK(spec.errors()[0].where.find("spec.json:/headers/") == 0);
    CHECK(spec.errors()[0].where.find("/scale") != std::string::npos);
    if (!kind.empty()) CHECK(spec.errors()[0].kind == kind);
  }
  const auto limit = load_spec(spec_with("MAXDIM ^ 3 / T ^ 2 + 2 * MAXDIM ^ 2 / T <= 32767", "MAXDIM / (T - T) <= 1"),
                               "spec.json");
  REQUIRE(!limit.ok());
  CHECK(limit.errors()[0].where == "spec.json:/program_limits/0/expr");
}

TEST_CASE("the machine table refuses unknown keys, repeated names and unbounded work", "[hostile]") {
  CHECK(machine_status(slurp("machines/tinytpu/isa_spec.json")).ok());
  const std::string action = R"("produces": "w", "times": "T"},)";
  const Status typo = machine_status(spec_with(action, R"("produces": "w", "tmies": "T"},)"));
  CHECK(names(typo, "unknown-key", "/actions/"));
  CHECK(names(typo, "unknown-key", "/tmies"));
  const Status unknown_top = machine_status(spec_with(R"("claims": [)", R"("chanels": [], "claims": [)"));
  CHECK(names(unknown_top, "unknown-key", "/machine/chanels"));
  const Status rows = machine_status(spec_with(R"("count": "T"})", R"("count": "T", "strides": 2})"));
  CHECK(names(rows, "unknown-key", "/reads/strides"));
  const Status times = machine_status(spec_with(action, R"("produces": "w", "times": 1000000},)"));
  CHECK(names(times, "illegal-value", "/times"));
  const Status count = machine_status(spec_with(R"("count": "T"})", R"("count": 1099511627776})"));
  CHECK(names(count, "illegal-value", "/reads/count"));
  const Status twice = machine_status(spec_with(R"({"name": "sequencer", "ports")", R"({"name": "spm", "ports")"));
  CHECK(names(twice, "duplicate-name", "/machine/units/"));
}

TEST_CASE("an action's values are named by produces or by outputs, each with its own latency", "[hostile]") {
  const std::string action = R"("produces": "w", "times": "T"},)";
  const std::string two = R"("outputs": [{"value": "w"}, {"value": "w_late", "at": 3}], "times": "T"},)";
  auto spec = load_spec(spec_with(action, two), "spec.json");
  REQUIRE(spec.ok());
  auto build = spec.value().resolve();
  REQUIRE(build.ok());
  auto machine = action_machine(spec.value(), build.value());
  INFO(machine.status().to_string());
  REQUIRE(machine.ok());
  bool found = false;
  for (const actions::Instruction& ins : machine.value().instructions)
    for (const actions::Action& a : ins.actions)
      if (a.outputs.size() == 2 && a.outputs[1].value == "w_late" && a.outputs[1].at == 3) found = true;
  CHECK(found);
  const Status both = machine_status(spec_with(action, R"("produces": "w", "outputs": [{"value": "v"}], "times": "T"},)"));
  CHECK(names(both, "conflicting-keys", "/outputs"));
  const Status late = machine_status(spec_with(action, R"("outputs": [{"value": "w", "at": -1}], "times": "T"},)"));
  CHECK(names(late, "illegal-value", "/outputs/0/at"));
  const Status typo = machine_status(spec_with(action, R"("outputs": [{"valeu": "w"}], "times": "T"},)"));
  CHECK(names(typo, "unknown-key", "/outputs/0/valeu"));
  const Status shape = machine_status(spec_with(action, R"("outputs": {"value": "w"}, "times": "T"},)"));
  CHECK(names(shape, "wrong-type", "/outputs"));
}
}  // namespace
}  // namespace loom::spec
