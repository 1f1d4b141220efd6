#include <catch2/catch.hpp>

#include "units/parameter_set.h"

namespace loom {
namespace {

// The TinyTPU-shaped set: enough to exercise ranges, derivation and constraints.
ParameterSet tpu_like() {
  ParameterSet p;
  p.param("T", 4, 2, 32, "array size");
  p.param("MAXDIM", 16, 4, 128, "largest matrix dimension");
  p.derive("OPERAND_ROWS", [](const ParamValues& v) { return v["MAXDIM"] / v["T"] * v["MAXDIM"]; },
           "rows of the operand layout", 1, 2048);
  p.require("T divides MAXDIM", {"T", "MAXDIM"}, [](const ParamValues& v) { return v["MAXDIM"] % v["T"] == 0; });
  return p;
}

std::string errors(const Result<ParamValues>& r) { return r.ok() ? "" : r.status().to_string(); }

TEST_CASE("defaults resolve, and derived values follow overrides", "[params]") {
  auto d = tpu_like().resolve();
  REQUIRE(d.ok());
  CHECK(d.value()["T"] == 4);
  CHECK(d.value()["OPERAND_ROWS"] == 64);
  auto o = tpu_like().resolve({{"T", 8}, {"MAXDIM", 64}});
  REQUIRE(o.ok());
  CHECK(o.value()["OPERAND_ROWS"] == 512);
}

TEST_CASE("a value outside its range is a named error", "[params]") {
  CHECK(errors(tpu_like().resolve({{"T", 64}})) ==
        "error[parameter-out-of-range] parameter 'T': 64 is outside its range [2, 32]\n");
}

TEST_CASE("an unknown parameter names the known ones", "[params]") {
  CHECK(errors(tpu_like().resolve({{"TT", 4}})) ==
        "error[unknown-parameter] parameter 'TT': is not declared; the parameters are T, MAXDIM\n");
}

TEST_CASE("a derived value cannot be set, and its own range is checked", "[params]") {
  CHECK(errors(tpu_like().resolve({{"OPERAND_ROWS", 4}})) ==
        "error[derived-parameter] parameter 'OPERAND_ROWS': is derived from other parameters and cannot be set\n");
  CHECK(errors(tpu_like().resolve({{"T", 2}, {"MAXDIM", 128}})) ==
        "error[parameter-out-of-range] derived parameter 'OPERAND_ROWS': 8192 is outside its range [1, 2048]\n");
}

TEST_CASE("a violated cross-constraint names itself and the values it read", "[params]") {
  CHECK(errors(tpu_like().resolve({{"T", 3}})) ==
        "error[constraint-violated] constraint 'T divides MAXDIM': does not hold for T=3, MAXDIM=16\n");
}

TEST_CASE("every error in one resolution is reported, not just the first", "[params]") {
  auto r = tpu_like().resolve({{"T", 1}, {"MAXDIM", 1000}, {"T", 4}});
  REQUIRE(!r.ok());
  CHECK(r.errors().size() == 3);
  CHECK(r.status().has("duplicate-override"));
}

TEST_CASE("a constraint whose parameters are in range is checked, alongside the range errors", "[params]") {
  ParameterSet p;
  p.param("R", 4, 1, 64, "rows");
  p.param("K", 8, 1, 64, "taps");
  p.param("C", 16, 1, 64, "columns");
  p.derive("RK", [](const ParamValues& v) { return 64 / v["R"] * v["K"]; }, "words of the table", 1, 1024);
  p.require("K is a multiple of 4", {"K"}, [](const ParamValues& v) { return v["K"] % 4 == 0; });
  p.require("R divides C", {"R", "C"}, [](const ParamValues& v) { return v["C"] % v["R"] == 0; });
  p.require("RK fits", {"RK"}, [](const ParamValues& v) { return v["RK"] <= 256; });
  // R and C are out of range, so neither the derived RK nor a constraint on
  // R, C or RK can be evaluated; the one on K can, and fails.
  CHECK(errors(p.resolve({{"R", 0}, {"K", 6}, {"C", 100}})) ==
        "error[parameter-out-of-range] parameter 'R': 0 is outside its range [1, 64]\n"
        "error[parameter-out-of-range] parameter 'C': 100 is outside its range [1, 64]\n"
        "error[constraint-violated] constraint 'K is a multiple of 4': does not hold for K=6\n");
  // A derived value out of its range skips only the constraints on it.
  CHECK(errors(p.resolve({{"R", 1}, {"K", 63}, {"C", 3}})) ==
        "error[parameter-out-of-range] derived parameter 'RK': 4032 is outside its range [1, 1024]\n"
        "error[constraint-violated] constraint 'K is a multiple of 4': does not hold for K=63\n");
  // Nor does an unknown name stop the constraints being checked.
  CHECK(errors(p.resolve({{"R", 2}, {"K", 12}, {"X", 1}})) ==
        "error[unknown-parameter] parameter 'X': is not declared; the parameters are R, K, C\n"
        "error[constraint-violated] constraint 'RK fits': does not hold for RK=384\n");
}

TEST_CASE("a broken declaration is refused before any value is used", "[params]") {
  ParameterSet p;
  p.param("QD", 0, 1, 1024, "fifo depth");
  p.param("QD", 2, 1, 4, "again");
  p.param("R", 1, 5, 2, "empty range");
  p.require("uses X", {"X"}, [](const ParamValues&) { return true; });
  CHECK(errors(p.resolve()) ==
        "error[parameter-out-of-range] parameter 'QD' default: 0 is outside its range [1, 1024]\n"
        "error[duplicate-name] parameter 'QD': is declared twice\n"
        "error[invalid-range] parameter 'R': its range [5, 2] is empty\n"
        "error[unknown-parameter] constraint 'uses X': reads 'X', which is not a parameter\n");
}

TEST_CASE("overrides parse from NAME=VALUE and nothing else", "[params]") {
  auto ok = parse_override("T=8");
  REQUIRE(ok.ok());
  CHECK(ok.value() == std::pair<std::string, int64_t>{"T", 8});
  CHECK(parse_override("T=-3").value().second == -3);
  CHECK(parse_override("T").status().to_string() == "error[bad-override] 'T': expected NAME=VALUE, e.g. T=8\n");
  CHECK(parse_override("=4").status().has("bad-override"));
  CHECK(parse_override("T=8x").status().to_string() ==
        "error[bad-override] 'T=8x': the value '8x' is not a 64-bit integer\n");
  CHECK(parse_override("T=").status().has("bad-override"));
  CHECK(parse_override("T=99999999999999999999").status().has("bad-override"));
}

}  // namespace
}  // namespace loom
