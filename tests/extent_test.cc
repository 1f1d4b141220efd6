// Extents as expressions over parameters: what a size derived from others
// (a row of C lanes as C/T words) resolves to, and every way one can be wrong.
#include <catch2/catch.hpp>

#include "units/parameter_set.h"
#include "units/shape.h"

namespace loom {
namespace {

ParamValues params() {
  ParamValues p;
  p.set("C", 64);
  p.set("T", 8);
  p.set("N", 5);
  return p;
}

std::string kind_of(const Extent& e) {
  auto v = e.evaluate(params());
  return v.ok() ? "ok" : v.status().errors().front().kind;
}

TEST_CASE("an extent is a literal, a parameter or an expression over parameters", "[extent]") {
  CHECK(Extent(7).evaluate(params()).value() == 7);
  CHECK(Extent("N").evaluate(params()).value() == 5);
  CHECK(Extent("C/T").evaluate(params()).value() == 8);
  CHECK(Extent("2*N+1").evaluate(params()).value() == 11);
  CHECK(Extent(" ( N - 1 ) * C / T ").evaluate(params()).value() == 32);
  CHECK(Extent("C % (N + 1)").evaluate(params()).value() == 64 % 6);
  CHECK(Extent("N - -2").evaluate(params()).value() == 7);
  CHECK(Extent("N*N*N").to_string() == "N*N*N");
}

TEST_CASE("a wrong extent is a named error saying what and where", "[extent]") {
  CHECK(kind_of("M") == "unknown-parameter");
  CHECK(kind_of("C/M") == "unknown-parameter");
  CHECK(kind_of("C/N") == "inexact-extent");
  CHECK(kind_of("C/(N-5)") == "inexact-extent");
  CHECK(kind_of("C%(N-5)") == "inexact-extent");
  CHECK(kind_of("N+") == "extent-syntax");
  CHECK(kind_of("(N") == "extent-syntax");
  CHECK(kind_of("N)") == "extent-syntax");
  CHECK(kind_of("N $ 2") == "extent-syntax");
  CHECK(kind_of("") == "extent-syntax");
  CHECK(kind_of("99999999999999999999") == "extent-overflow");
  CHECK(kind_of("4611686018427387904*4") == "extent-overflow");
  auto v = Extent("C/N").evaluate(params());
  REQUIRE_FALSE(v.ok());
  CHECK(v.status().errors().front().message.find("64 / 5 is not whole") != std::string::npos);
}

}  // namespace
}  // namespace loom
