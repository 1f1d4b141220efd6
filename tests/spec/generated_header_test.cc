// A generated encoding header is C++ that compiles in a namespace of the
// user's choosing, walking its programs through spec/walk.h; a namespace it
// could not open is refused by name.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "spec/generate.h"
#include "spec/isa_spec.h"

namespace loom::spec {
namespace {

constexpr const char* kSpec = "machines/tinytpu/isa_spec.json";

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

}  // namespace
}  // namespace loom::spec
