// A generated encoding header is C++ that compiles in a namespace of the
// user's choosing, walking its programs through spec/walk.h; a namespace it
// could not open is refused by name.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/files.h"
#include "spec/generate.h"
#include "spec/isa_spec.h"

namespace loom::spec {
namespace {

constexpr const char* kSpec = "machines/tinytpu/isa_spec.json";

// g++'s verdict on `header` saved as DIR/NAME.h and included by a file that
// may use it: "" when it compiles, else the diagnostics.
std::string compile_errors(const std::string& header, const std::string& name, const std::string& use = "") {
  const char* tmp = std::getenv("TEST_TMPDIR");
  const std::string dir = tmp ? tmp : "/tmp";
  std::ofstream(dir + "/" + name + ".h") << header;
  std::ofstream(dir + "/" + name + ".cc") << "#include \"" + name + ".h\"\n" + use + "\nint main() {}\n";
  const std::string log = dir + "/" + name + ".log";
  const std::string command = "g++ -std=c++20 -fsyntax-only -Wall -Wextra -Werror -iquote " + dir + " -iquote . " + dir +
                              "/" + name + ".cc > " + log + " 2>&1";
  const int status = std::system(command.c_str());
  std::stringstream diagnostics;
  diagnostics << std::ifstream(log).rdbuf();
  return status == 0 ? "" : diagnostics.str() + "(status " + std::to_string(status) + ")";
}

nlohmann::json tinytpu_json() {
  auto text = read_file(kSpec);
  REQUIRE(text.ok());
  return nlohmann::json::parse(text.value());
}

// Every string value equal to `from`, anywhere in the spec, becomes `to`: a
// rename of an opcode or a unit, its references included.
void rename(nlohmann::json& j, const std::string& from, const std::string& to) {
  if (j.is_string() && j.get<std::string>() == from) j = to;
  if (j.is_structured())
    for (auto& child : j) rename(child, from, to);
}

Result<std::string> generated(const nlohmann::json& j) {
  auto spec = load_spec(j.dump(), "spec.json");
  INFO(spec.status().to_string());
  REQUIRE(spec.ok());
  return generate_header(spec.value(), {"acme::isa", "spec.json"});
}

// The first error's kind, or "compiles" when the header is generated and
// compiles, or "broken" when it is generated and does not.
std::string verdict(const nlohmann::json& j, const std::string& name) {
  auto header = generated(j);
  if (!header.ok()) return header.errors()[0].kind;
  const std::string errors = compile_errors(header.value(), name);
  INFO(errors);
  return errors.empty() ? "compiles" : "broken";
}

TEST_CASE("a generated header compiles in another namespace and walks a program at compile time") {
  auto s = load_spec_file(kSpec);
  REQUIRE(s.ok());
  auto header = generate_header(s.value(), {"acme::isa", "spec.json"});
  REQUIRE(header.ok());
  const char* tmp = std::getenv("TEST_TMPDIR");
  const std::string dir = tmp ? tmp : "/tmp";
  std::ofstream(dir + "/acme_isa.h") << header.value();
  // A loop of two trips around one data instruction, then halt: two steps.
  std::ofstream(dir + "/use.cc") << R"(#include "acme_isa.h"
namespace isa = acme::isa;
constexpr int steps() {
  const uint64_t words[] = {isa::encode(isa::loop(2)), isa::encode(isa::vadd(1, 0, 0, 0)), isa::encode(isa::endloop(2)),
                            isa::encode(isa::halt())};
  int n = 0;
  const isa::Resolution r = isa::resolve(words, 4, [&n](const isa::Step&) { return ++n, true; });
  return r.fault == isa::Fault::none ? n : -1;
}
static_assert(steps() == 2, "the walk runs the loop body twice");
int main() {}
)";
  const std::string log = dir + "/use.log";
  const std::string command = "g++ -std=c++20 -fsyntax-only -Wall -Wextra -Werror -iquote " + dir + " -iquote . " + dir +
                              "/use.cc > " + log + " 2>&1";
  const int status = std::system(command.c_str());
  std::stringstream diagnostics;
  diagnostics << std::ifstream(log).rdbuf();
  INFO(diagnostics.str());
  CHECK(status == 0);
}

TEST_CASE("a namespace the header cannot open is refused by name") {
  auto s = load_spec_file(kSpec);
  REQUIRE(s.ok());
  for (const char* ns : {"", "::acme", "acme::", "acme:::isa", "acme::2isa", "loom::spec", "acme::int"}) {
    INFO("namespace '" << ns << "'");
    auto header = generate_header(s.value(), {ns, "spec.json"});
    REQUIRE_FALSE(header.ok());
    CHECK(header.errors()[0].kind == "bad-namespace");
    CHECK(header.errors()[0].where == "namespace '" + std::string(ns) + "'");
  }
  CHECK(generate_header(s.value(), {"loom::spec::tinytpu", "spec.json"}).ok());
}

TEST_CASE("a spec name the header would declare twice, or could not declare, is refused by name") {
  // Every name the header declares of its own, and names C++ keeps, as a
  // program limit (a function at namespace scope) and as an opcode.
  const std::vector<std::string> taken = {"Encoding", "Slice", "Instruction", "Params", "Kind", "kOpcodeSlice",
                                          "kLoopDepth", "kHeaderCount", "kDefaults", "resolve", "int64_t", "uint64_t",
                                          "size_t", "std", "namespace", "constexpr", "operator", "typename", "_Upper",
                                          "two__underscores", "unit_spm", "weight_chain_header", "mm_operands",
                                          "MmOperands"};
  for (const std::string& name : taken) {
    CAPTURE(name);
    nlohmann::json limit = tinytpu_json();
    limit["program_limits"][0]["name"] = name;
    CHECK(verdict(limit, "limit") == "bad-identifier");
    nlohmann::json opcode = tinytpu_json();
    rename(opcode, "vrelu", name);
    CHECK(verdict(opcode, "opcode") == "bad-identifier");
  }
  // Two opcodes whose operand structs would share a name.
  nlohmann::json camel = tinytpu_json();
  rename(camel, "vld", "dmaLd");
  CHECK(verdict(camel, "camel") == "bad-identifier");
  // A data opcode's operand named as its builder's row count.
  nlohmann::json rows = tinytpu_json();
  rows["opcodes"][7]["operands"][0]["name"] = "nr";  // vadd's first operand
  REQUIRE(rows["opcodes"][7]["name"] == "vadd");
  CHECK(verdict(rows, "rows") == "bad-identifier");
  // A chain header whose slice would be the opcode field's.
  nlohmann::json chain = tinytpu_json();
  chain["chain_headers"][0]["name"] = "opcode";
  CHECK(verdict(chain, "chain") == "bad-identifier");
  // And names that are fine still compile.
  nlohmann::json fine = tinytpu_json();
  rename(fine, "vrelu", "v_relu2");
  CHECK(verdict(fine, "fine") == "compiles");
}

TEST_CASE("a numerics record is read by its name, and unqualified only while it is the spec's only one") {
  auto text = read_file("tests/spec/toy_isa.json");
  REQUIRE(text.ok());
  nlohmann::json two = nlohmann::json::parse(text.value());
  REQUIRE(two["numerics"].size() == 2);
  auto header = generated(two);
  REQUIRE(header.ok());
  CHECK(compile_errors(header.value(), "two_named", "static_assert(acme::isa::int4::acc(1 << 15) < 0);").empty());
  // Unqualified, two records' acc is ambiguous: a use must say which it means.
  CHECK_FALSE(compile_errors(header.value(), "two_bare", "static_assert(acme::isa::acc(1 << 15) < 0);").empty());
  nlohmann::json one = two;
  one["numerics"].erase(0);
  header = generated(one);
  REQUIRE(header.ok());
  CHECK(compile_errors(header.value(), "one_bare", "static_assert(acme::isa::to_operand(1000) == 255);").empty());
  CHECK(compile_errors(header.value(), "one_named", "static_assert(acme::isa::u8_scaled::kScale == 3);").empty());
}

TEST_CASE("spec text reaches the header only as comments and literals it cannot break out of") {
  nlohmann::json j = tinytpu_json();
  j["chain_headers"][0]["doc"] = "line one\n#error injected\\";
  j["constraints"][0]["name"] = "quote\" and \\ backslash";
  j["program_limits"][0]["expr"] = std::string(j["program_limits"][0]["expr"]) + "\n";
  j["constraints"][0]["expr"] = "MAXDIM % T\n== 0";
  auto header = generated(j);
  INFO(header.status().to_string());
  REQUIRE(header.ok());
  // The renamed constraint still names itself exactly, quote and backslash.
  const std::string use = R"(constexpr acme::isa::Params odd_t() {
  acme::isa::Params p = acme::isa::kDefaults;
  p.T = 3;
  return acme::isa::derive(p);
}
static_assert(acme::isa::violated_constraint(odd_t()) == std::string_view("quote\" and \\ backslash"));)";
  const std::string errors = compile_errors(header.value(), "injected", use);
  INFO(errors);
  CHECK(errors.empty());
}

}  // namespace
}  // namespace loom::spec
