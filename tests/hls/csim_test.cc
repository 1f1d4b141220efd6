// The emitted projects run: each machine and configuration is emitted, its
// kernel and testbench compiled as C++14 by g++ (-Wall -Wextra -Werror) and by
// clang++, and its C-simulation testbench run; it must pass, and fail when one
// expected bit is wrong. Vitis is not installed here: this is the evidence.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <regex>

#include "tests/hls/emitted.h"

namespace loom::test {
namespace {

struct Csim {
  int status;
  std::string log;
};

Csim csim(const std::string& dir, const std::string& compiler) {
  const std::string log = dir + "/csim-" + compiler + ".log";
  const int status = std::system(("make -s -C '" + dir + "' clean csim CXX=" + compiler + " > '" + log + "' 2>&1").c_str());
  return {status, read_text(log)};
}

void passes(const std::string& machine, const Overrides& overrides, const std::string& name) {
  const Emitted e = emit_machine(machine, overrides);
  const std::string dir = scratch(name);
  REQUIRE(hls::write_project(e.project, dir).ok());
  for (const std::string compiler : {"g++", "clang++"}) {
    const Csim run = csim(dir, compiler);
    INFO(compiler << ":\n" << run.log);
    CHECK(run.status == 0);
    CHECK(run.log.find("LOOM CSIM PASS") != std::string::npos);
  }
}

TEST_CASE("the example's project C-simulates and passes at several T and N, with both compilers", "[hls][csim]") {
  passes("example", {{"T", 4}}, "example_t4");
  passes("example", {{"T", 8}, {"N", 5}}, "example_t8_n5");
  passes("example", {{"T", 32}, {"N", 3}, {"K", 100}}, "example_t32_n3");
}

TEST_CASE("TinyTPU's project C-simulates every bench GEMM and vadd_program at T=4, MAXDIM=16", "[hls][csim]") {
  const Emitted e = emit_machine("tinytpu", {{"T", 4}, {"MAXDIM", 16}});
  // Every bench GEMM, looped and flat, with and without ReLU, and vadd_program.
  const std::string& data = e.project.files.at("loom_tb_data.h");
  for (const std::string shape : {"4x4x4", "8x8x8", "12x12x12", "16x16x8", "16x16x16"})
    for (const std::string variant : {"", " relu"})
      for (const std::string form : {" looped", " flat"})
        CHECK(data.find("\"gemm " + shape + variant + form + "\"") != std::string::npos);
  CHECK(data.find("\"vadd_program 8x8x8\"") != std::string::npos);
  passes("tinytpu", {{"T", 4}, {"MAXDIM", 16}}, "tinytpu_t4");
}

TEST_CASE("TinyTPU's project C-simulates its bench sample at T=8, MAXDIM=64", "[hls][csim]") {
  passes("tinytpu", {{"T", 8}, {"MAXDIM", 64}}, "tinytpu_t8");
}

TEST_CASE("a one-bit corruption of one expected word makes the testbench fail", "[hls][csim]") {
  Emitted e = emit_machine("tinytpu", {{"T", 4}, {"MAXDIM", 16}});
  std::string& data = e.project.files.at("loom_tb_data.h");
  const size_t at = data.find("0x", data.find("_C_expected[] = {"));
  REQUIRE(at != std::string::npos);
  const uint64_t word = std::stoull(data.substr(at + 2, 16), nullptr, 16);
  char flipped[19];
  std::snprintf(flipped, sizeof flipped, "0x%016llx", static_cast<unsigned long long>(word ^ (uint64_t{1} << 5)));
  data.replace(at, 18, flipped);
  const std::string dir = scratch("tinytpu_corrupt");
  REQUIRE(hls::write_project(e.project, dir).ok());
  const Csim run = csim(dir, "g++");
  INFO(run.log);
  CHECK(run.status != 0);
  CHECK(run.log.find("LOOM CSIM FAIL: 1 of") != std::string::npos);
  CHECK(run.log.find("MISMATCH run 'gemm 4x4x4 looped' C[0]") != std::string::npos);
}

}  // namespace
}  // namespace loom::test
