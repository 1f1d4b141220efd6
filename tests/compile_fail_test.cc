// A body that breaks its unit's declaration must not compile, and must say which
// rule it broke. Each case is compiled twice by the system compiler: as written it
// must compile (so the failure is not an accident of the file), and with
// LOOM_BREAK it must fail with its static_assert message.
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace {

struct Compiled {
  int status;
  std::string diagnostics;
};

Compiled compile(const std::string& file, bool broken) {
  const char* tmp = std::getenv("TEST_TMPDIR");
  const std::string log = std::string(tmp ? tmp : "/tmp") + "/compile_fail.log";
  // The test runs from its runfiles tree, where the project's headers sit at
  // their workspace paths; the system's (Hana) come from /usr/include.
  const std::string command = "g++ -std=c++20 -fsyntax-only -Wall -Wextra -Werror -iquote . -I . " +
                              std::string(broken ? "-DLOOM_BREAK " : "") + "tests/compile_fail/" + file + " > " + log +
                              " 2>&1";
  const int status = std::system(command.c_str());
  std::stringstream text;
  text << std::ifstream(log).rdbuf();
  return {status, text.str()};
}

// The diagnostics of the broken case, once the clean one has compiled.
std::string refusal(const std::string& file) {
  INFO("case " << file);
  const Compiled clean = compile(file, false);
  INFO(clean.diagnostics);
  REQUIRE(clean.status == 0);
  const Compiled broken = compile(file, true);
  INFO(broken.diagnostics);
  CHECK(broken.status != 0);
  return broken.diagnostics;
}

void expect_refusal(const std::string& file, const std::string& message) {
  const std::string diagnostics = refusal(file);
  INFO(diagnostics);
  CHECK(diagnostics.find(message) != std::string::npos);
}

size_t occurrences(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST_CASE("a body reading a port array whole, not one element, fails to compile", "[compile-fail]") {
  expect_refusal("whole_port_array.cc", "loom: read() of a port array takes one element: read(port[i])");
}

TEST_CASE("a body touching a channel not in its unit's port_list fails to compile", "[compile-fail]") {
  expect_refusal("undeclared_channel.cc", "loom: the body reads a port that is not in its unit's port_list");
}

TEST_CASE("a body touching a memory not in its unit's port_list fails to compile", "[compile-fail]") {
  expect_refusal("undeclared_memory.cc", "loom: the body loads from a port that is not in its unit's port_list");
}

TEST_CASE("a body touching an argument not in its unit's port_list fails to compile", "[compile-fail]") {
  expect_refusal("undeclared_argument.cc", "loom: the body stores to a port that is not in its unit's port_list");
}

TEST_CASE("writing a word of the wrong type to a channel fails to compile", "[compile-fail]") {
  expect_refusal("wrong_word.cc", "loom: write() is given a word whose type differs from the port's declared word");
}

TEST_CASE("storing a word of the wrong type to a memory fails to compile", "[compile-fail]") {
  expect_refusal("wrong_memory_word.cc", "loom: store() is given a word whose type differs from the port's declared word");
}

TEST_CASE("reading from a port the unit writes fails to compile", "[compile-fail]") {
  expect_refusal("wrong_direction.cc", "loom: read() takes a LOOM_READS port, a channel the unit reads");
}

TEST_CASE("a non-blocking access on a port LOOM_NONBLOCKING does not list fails to compile", "[compile-fail]") {
  expect_refusal("undeclared_nonblocking.cc",
                 "loom: a non-blocking access (read_nb, write_nb, empty, full) is on a port the unit lists in LOOM_NONBLOCKING");
}

TEST_CASE("write_nb() on a port the unit reads fails to compile", "[compile-fail]") {
  expect_refusal("nonblocking_direction.cc",
                 "loom: read_nb() and empty() take a LOOM_READS port; write_nb() and full() a LOOM_WRITES port");
}

TEST_CASE("an operation latency on a port the unit reads, or past its depth, fails to compile", "[compile-fail]") {
  expect_refusal("compute_on_read_port.cc",
                 "loom: LOOM_COMPUTE states the latency before a channel write port's value (LOOM_WRITES)");
  expect_refusal("compute_past_depth.cc",
                 "loom: a LOOM_STAGES stage or LOOM_COMPUTE latency lies in the unit's pipeline: 0 <= figure < depth");
}

TEST_CASE("storing to a read-only argument fails to compile", "[compile-fail]") {
  expect_refusal("read_only_argument.cc", "loom: store() to an argument the unit declares read-only");
}

TEST_CASE("reading a parameter the unit does not declare fails to compile", "[compile-fail]") {
  expect_refusal("undeclared_param.cc", "loom: the body reads a parameter that its unit does not declare");
  CHECK(refusal("undeclared_param.cc").find("{\"m\"}") != std::string::npos);  // the tag the body wrote
}

TEST_CASE("declaring two ports with one name fails to compile", "[compile-fail]") {
  expect_refusal("duplicate_port.cc", "loom: a unit declares two ports with the same name");
  CHECK(refusal("duplicate_port.cc").find("{\"out\"}") != std::string::npos);  // the name they share
}

TEST_CASE("binding a port not in the placed unit's port_list fails to compile", "[compile-fail]") {
  expect_refusal("bind_undeclared_port.cc", "loom: bind() names a port that is not in the placed unit's port_list");
}

TEST_CASE("a pipeline with no initiation interval fails to compile", "[compile-fail]") {
  expect_refusal("invalid_pipeline.cc", "loom: a unit's pipeline needs ii >= 1 and depth >= 1 (cycles)");
}

TEST_CASE("an unpipelined loop whose ii is not its latency fails to compile", "[compile-fail]") {
  expect_refusal("unpipelined_ii.cc", "loom: a loop that is not pipelined (off) has ii == depth");
}

TEST_CASE("a mistake is one error at every lane count and backend, naming the unit and the port", "[compile-fail]") {
  const std::string diagnostics = refusal("once_per_mistake.cc");
  INFO(diagnostics);
  // Two lane counts, two backends, and two stores and a load of the memory.
  CHECK(occurrences(diagnostics, "error: static assertion failed: loom: the body stores to a port that is not in its unit's port_list") == 1);
  CHECK(occurrences(diagnostics, "error: static assertion failed: loom: the body loads from a port that is not in its unit's port_list") == 1);
  CHECK(occurrences(diagnostics, "error:") == 2);
  CHECK(diagnostics.find("\"lanewise\"") != std::string::npos);
  CHECK(diagnostics.find("\"scratch\"") != std::string::npos);
}

// One integer semantics (units/ap_int.h): what a body cannot compute the same
// on the host, in C simulation and in Vitis does not compile.
TEST_CASE("a comparison of signed and unsigned lanes that C simulation computes unsigned fails to compile", "[compile-fail][ap]") {
  expect_refusal("mixed_sign_compare.cc", "loom: this comparison of a signed and an unsigned value is refused");
}

TEST_CASE("dividing a lane fails to compile", "[compile-fail][ap]") {
  expect_refusal("lane_division.cc", "loom: / and % on ap_int are refused");
}

TEST_CASE("an Int made from a float fails to compile", "[compile-fail][ap]") {
  expect_refusal("lane_from_float.cc", "loom: an ap_int from a float is refused");
}

TEST_CASE("concatenating lanes with a comma fails to compile", "[compile-fail][ap]") {
  expect_refusal("lane_concat.cc", "loom: (a, b) of ap values is Vitis's concatenation and C++'s comma operator");
}

TEST_CASE("a shift by an amount wider than 32 bits fails to compile", "[compile-fail][ap]") {
  expect_refusal("wide_shift_amount.cc", "loom: a shift amount wider than 32 bits is refused");
}

TEST_CASE("setting a lane from a float fails to compile on the host too", "[compile-fail][ap]") {
  expect_refusal("lane_set_float.cc", "loom: set_lane() of a float is refused");
}

TEST_CASE("an expression wider than 128 bits fails to compile", "[compile-fail][ap]") {
  expect_refusal("wide_product.cc", "Loom's integers stop at 128 bits");
}

}  // namespace
