// Port arrays (LOOM_READS_ARRAY, LOOM_WRITES_ARRAY) through every backend:
// composed with the named checks of single ports and their own, simulated
// bit-exact, refused by name when a body reaches past an array, drawn, and
// emitted as one stream argument an element, which both compilers build and
// whose C simulation passes (and fails when an expected bit is wrong).
#include <catch2/catch.hpp>

#include <cstdlib>

#include "compose/dot.h"
#include "compose/hls/project.h"
#include "compose/place.h"
#include "compose/sim/simulator.h"
#include "compose/wiring.h"
#include "units/standalone.h"
#include "tests/hls/emitted.h"
#include "tests/hls/fan_join.h"

namespace loom::test {
namespace {

// How a test wires Join's port array: the right way, and the mistakes.
enum class JoinBinding { elements, scalar, longer_slice, lambda_missing_one };

Architecture fan_join(int64_t n, int64_t k, int64_t skew = 0, JoinBinding join = JoinBinding::elements) {
  ParameterSet p;
  p.param("N", n, 0, 64, "lanes: elements of each port array");
  p.param("K", k, 1, 4096, "words");
  p.param("SKEW", skew, 0, 4, "how far past its element Join reads");
  Architecture arch("fan_join", p);
  Handle x = arch.argument<FanWord>("X", "K", "words in");
  Handle y = arch.argument<FanWord>("Y", "K", "words out, each one more in lane 0");
  Handle a = arch.channel<FanWord>("a", vec("N"), 2, "Fan's words to each Bump");
  Handle b = arch.channel<FanWord>("b", vec("N"), 2, "each Bump's words to Join");
  place<HlsFan>(arch, "fan", one()).bind(HlsFan::src, x()).bind(HlsFan::out, elements(a));
  place<HlsBump>(arch, "bump", vec("N")).bind(HlsBump::in, same(a)).bind(HlsBump::out, same(b));
  auto join_placed = place<HlsJoin>(arch, "join", one());
  join_placed.bind(HlsJoin::dst, y());
  if (join == JoinBinding::elements) join_placed.bind(HlsJoin::in, elements(b));
  if (join == JoinBinding::scalar) join_placed.bind(HlsJoin::in, b(0));
  if (join == JoinBinding::longer_slice) join_placed.bind(HlsJoin::in, elements(arch.channel<FanWord>("wide", vec("N+1"), 2, "one longer")));
  if (join == JoinBinding::lambda_missing_one)
    join_placed.bind(HlsJoin::in, [b](const Index&, int64_t e) -> Binding {
      if (e == 1) return unbound;
      return b(e);
    });
  return arch;
}

std::vector<FanWord> words(int64_t k) {
  std::vector<FanWord> out(static_cast<size_t>(k));
  for (int64_t i = 0; i < k; ++i) {
    out[static_cast<size_t>(i)].set_lane(0, static_cast<int>(37 * i - 500));
    out[static_cast<size_t>(i)].set_lane(1, static_cast<int>(i));
  }
  return out;
}

std::vector<FanWord> bumped(std::vector<FanWord> in) {
  for (FanWord& w : in) w.set_lane(0, w.lane_signed(0) + 1);
  return in;
}

// Writes `project`, C-simulates it with g++, and requires a failure whose
// log says `wanted`.
void expect_csim_failure(const hls::Project& project, const std::string& name, const std::string& wanted) {
  const std::string dir = scratch(name);
  REQUIRE(hls::write_project(project, dir).ok());
  const std::string log = dir + "/csim.log";
  const int status = std::system(("make -C '" + dir + "' clean csim CXX=g++ > '" + log + "' 2>&1").c_str());
  INFO(read_text(log));
  CHECK(status != 0);
  CHECK(read_text(log).find(wanted) != std::string::npos);
}

Inputs inputs_of(int64_t k) { return {{"X", Buffer::of(words(k))}}; }

ParamValues join_params(int64_t n, int64_t k, int64_t skew) {
  ParamValues v;
  v.set("N", n);
  v.set("K", k);
  v.set("SKEW", skew);
  return v;
}

TEST_CASE("a unit with a port array runs standalone, each element fed by its name", "[port-array][standalone]") {
  Standalone join(describe<HlsJoin>(), Index::one(), join_params(2, 4, 0));
  const std::vector<FanWord> w = words(4);
  join.feed<FanWord>("in[0]", {w[0], w[2]});
  join.feed<FanWord>("in[1]", {w[1], w[3]});
  join.allocate("dst", 4);
  REQUIRE(join.run().ok());
  CHECK(join.rows<FanWord>("dst") == w);

  Standalone skewed(describe<HlsJoin>(), Index::one(), join_params(2, 4, 1));
  skewed.feed<FanWord>("in[1]", {w[0], w[1]});
  skewed.allocate("dst", 4);
  const Status refused = skewed.run();
  INFO(refused.to_string());
  CHECK(refused.has("element-out-of-range"));
  CHECK(refused.to_string().find("uses element 2 of port array 'in', outside its 2 elements") != std::string::npos);

  ParamValues no_extent;
  no_extent.set("K", 4);
  no_extent.set("SKEW", 0);
  Standalone unresolved(describe<HlsJoin>(), Index::one(), no_extent);
  CHECK(unresolved.run().has("unknown-parameter"));
}

TEST_CASE("a port array is one port an element, each bound to its own channel and named by its element", "[port-array]") {
  auto region = fan_join(4, 12).compose();
  REQUIRE(region.ok());
  const Region& r = region.value();
  const Process* join = nullptr;
  for (const Process& p : r.processes)
    if (p.placement == "join") join = &p;
  REQUIRE(join != nullptr);
  // in[0..3] and dst, in declaration order; each element reads b[k].
  REQUIRE(join->unit->ports.size() == 5);
  for (int64_t k = 0; k < 4; ++k) {
    const int slot = join->unit->slot(0, k);
    REQUIRE(slot == static_cast<int>(k));
    const Target& t = join->ports[static_cast<size_t>(slot)];
    REQUIRE(t.kind == ObjectKind::channel);
    CHECK(r.channels[static_cast<size_t>(t.id)].label() == "b[" + std::to_string(k) + "]");
    CHECK(r.describe(r.channels[static_cast<size_t>(t.id)].reader) == "join.in[" + std::to_string(k) + "]");
  }
  CHECK(join->unit->slot(0, 4) == -1);
  CHECK(join->unit->slot(1, 0) == 4);
  CHECK(r.describe({static_cast<int>(join - r.processes.data()), 4}) == "join.dst");
}

TEST_CASE("a region with port arrays simulates bit-exact at every extent", "[port-array][sim]") {
  for (int64_t n : {1, 3, 4, 6}) {
    const int64_t k = 12;
    auto region = fan_join(n, k).compose();
    REQUIRE(region.ok());
    auto run = simulate(region.value(), inputs_of(k));
    REQUIRE(run.ok());
    INFO("N=" << n << "\n" << run.value().summary());
    REQUIRE(run.value().ok());
    CHECK(run.value().arguments.at("Y").as<FanWord>() == bumped(words(k)));
  }
}

TEST_CASE("a body that reaches past its port array is stopped by name", "[port-array][sim]") {
  auto region = fan_join(3, 6, /*skew=*/1).compose();
  REQUIRE(region.ok());
  auto run = simulate(region.value(), inputs_of(6));
  REQUIRE(run.ok());
  REQUIRE(run.value().outcome == SimResult::error);
  const std::string errors = run.value().errors.to_string();
  INFO(errors);
  CHECK(errors.find("element-out-of-range") != std::string::npos);
  CHECK(errors.find("unit 'join'") != std::string::npos);
  CHECK(errors.find("element 3 of port array 'in', outside its 3 elements") != std::string::npos);
}

TEST_CASE("port arrays are composed with named checks", "[port-array][compose]") {
  const auto errors_of = [](const Architecture& arch) {
    auto region = arch.compose();
    REQUIRE_FALSE(region.ok());
    return region.status().to_string();
  };
  SECTION("an array bound to one element") {
    const std::string e = errors_of(fan_join(4, 12, 0, JoinBinding::scalar));
    INFO(e);
    CHECK(e.find("port-array-binding") != std::string::npos);
    CHECK(e.find("unit placement 'join' port 'in'") != std::string::npos);
    CHECK(e.find("is a port array of N elements") != std::string::npos);
  }
  SECTION("a slice longer than the array") {
    const std::string e = errors_of(fan_join(4, 12, 0, JoinBinding::longer_slice));
    INFO(e);
    CHECK(e.find("port-array-extent") != std::string::npos);
    CHECK(e.find("is a port array of N = 4 elements, but it is bound to the elements of 'wide', which has 5") !=
          std::string::npos);
  }
  SECTION("an element left unbound leaves its channel without a reader, named by element") {
    const std::string e = errors_of(fan_join(4, 12, 0, JoinBinding::lambda_missing_one));
    INFO(e);
    CHECK(e.find("no-reader") != std::string::npos);
    CHECK(e.find("channel 'b[1]'") != std::string::npos);
    CHECK(e.find("bump[1].out") != std::string::npos);
  }
  SECTION("an extent of no elements") {
    const std::string e = errors_of(fan_join(0, 12));
    INFO(e);
    CHECK(e.find("invalid-extent") != std::string::npos);
    CHECK(e.find("unit placement 'join' port array 'in': has N = 0 elements; it must have 1 to 4096") !=
          std::string::npos);
  }
  SECTION("an extent past the most a port array may have") {
    ParameterSet p;
    p.param("N", 5000, 1, 1 << 20, "");
    p.param("K", 2, 1, 4, "");
    p.param("SKEW", 0, 0, 0, "");
    Architecture arch("huge", p);
    place<HlsJoin>(arch, "join", one())
        .bind(HlsJoin::in, [](const Index&, int64_t) -> Binding { return unbound; })
        .bind(HlsJoin::dst, [](const Index&) -> Binding { return unbound; });
    const std::string e = errors_of(arch);
    INFO(e);
    CHECK(e.find("has N = 5000 elements; it must have 1 to 4096") != std::string::npos);
  }
  SECTION("a single port bound to a slice") {
    ParameterSet p;
    p.param("N", 2, 1, 4, "");
    p.param("K", 2, 1, 4, "");
    Architecture arch("slice_on_single", p);
    Handle a = arch.channel<FanWord>("a", vec("N"), 2, "");
    place<HlsBump>(arch, "bump", one()).bind(HlsBump::in, elements(a)).bind(HlsBump::out, [](const Index&) -> Binding { return unbound; });
    const std::string e = errors_of(arch);
    INFO(e);
    CHECK(e.find("port-array-binding") != std::string::npos);
    CHECK(e.find("is a single port, but it is bound to the elements of 'a'") != std::string::npos);
  }
  SECTION("an extent naming no parameter") {
    ParameterSet p;
    p.param("K", 2, 1, 4, "");
    Architecture arch("no_extent", p);
    Handle x = arch.argument<FanWord>("X", "K", "");
    Handle a = arch.channel<FanWord>("a", vec(2), 2, "");
    place<HlsFan>(arch, "fan", one()).bind(HlsFan::src, x()).bind(HlsFan::out, elements(a));
    const std::string e = errors_of(arch);
    INFO(e);
    CHECK(e.find("unknown-parameter") != std::string::npos);
    CHECK(e.find("port array 'out'") != std::string::npos);
  }
}

TEST_CASE("a port array's elements are drawn as edges of their own", "[port-array][dot]") {
  auto region = fan_join(3, 6).compose();
  REQUIRE(region.ok());
  const std::string dot = to_dot(region.value());
  for (int k = 0; k < 3; ++k) {
    INFO(dot);
    CHECK(dot.find("b[" + std::to_string(k) + "]") != std::string::npos);
    CHECK(dot.find("a[" + std::to_string(k) + "]") != std::string::npos);
  }
}

TEST_CASE("a port array is emitted as one stream an element, and C-simulates with both compilers", "[port-array][hls]") {
  const int64_t n = 3, k = 9;
  auto region = fan_join(n, k).compose();
  REQUIRE(region.ok());
  const Inputs in = inputs_of(k);
  std::map<std::string, Buffer> expected = {{"Y", Buffer::of(bumped(words(k)))}};
  auto project = hls::emit(region.value(), {}, {}, {hls::TestRun{"fan-join", in, expected}});
  INFO(project.status().to_string());
  REQUIRE(project.ok());
  const std::string& top = project.value().files.at("top.cpp");
  // One method for the array, switching to each element's own stream.
  CHECK(top.find("read(loom::Element<unit::in_port> e)") != std::string::npos);
  CHECK(top.find("write(loom::Element<unit::out_port> e, const unit::out_port::word& w)") != std::string::npos);
  for (int64_t e = 0; e < n; ++e) {
    const std::string s = std::to_string(e);
    CHECK(top.find("case " + s + ": return unit::in_port::word(in_" + s + "_.read());") != std::string::npos);
    CHECK(top.find("hls::stream<ap_uint<32> >& in_" + s + "_") != std::string::npos);
  }
  CHECK(top.find("loom::hls_target::no_element") != std::string::npos);
  const std::string dir = scratch("fan_join");
  REQUIRE(hls::write_project(project.value(), dir).ok());
  for (const std::string compiler : {"g++", "clang++"}) {
    const std::string log = dir + "/csim-" + compiler + ".log";
    const int status =
        std::system(("make -C '" + dir + "' clean csim CXX=" + compiler + " > '" + log + "' 2>&1").c_str());
    INFO(compiler << ":\n" << read_text(log));
    CHECK(status == 0);
    CHECK(read_text(log).find("LOOM CSIM PASS") != std::string::npos);
  }
  // The C simulation checks the words: one wrong expected word (Y[4], a
  // limb a word) fails it, by name.
  hls::Project wrong = project.value();
  std::string& data = wrong.files.at("loom_tb_data.h");
  size_t at = data.find("0x", data.find("_expected[] = {"));
  for (int word = 0; word < 4; ++word) at = data.find("0x", at + 2);
  REQUIRE(at != std::string::npos);
  data[at + 17] = data[at + 17] == '0' ? '1' : '0';
  expect_csim_failure(wrong, "fan_join_wrong", "MISMATCH run 'fan-join' Y[4]");
}

TEST_CASE("an emitted body that reaches past its port array stops its C simulation by name", "[port-array][hls]") {
  // Emitted with SKEW = 0, which the simulator checked, then given SKEW = 1:
  // the emitted context's element switch must refuse in[2] of two.
  auto region = fan_join(2, 4).compose();
  REQUIRE(region.ok());
  auto project = hls::emit(region.value(), {}, {}, {hls::TestRun{"skewed", inputs_of(4), {{"Y", Buffer::of(bumped(words(4)))}}}});
  REQUIRE(project.ok());
  std::string& top = project.value().files.at("top.cpp");
  const std::string skew = "param(unit::skew_param) const { return 0; }";
  REQUIRE(top.find(skew) != std::string::npos);
  top.replace(top.find(skew), skew.size(), "param(unit::skew_param) const { return 1; }");
  expect_csim_failure(project.value(), "fan_join_skew", "join uses element 2 of port array 'in', outside its 2 elements");
}

}  // namespace
}  // namespace loom::test
