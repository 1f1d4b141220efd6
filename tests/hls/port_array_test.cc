// Port arrays (LOOM_READS_ARRAY, LOOM_WRITES_ARRAY) through every backend:
// composed with the named checks of single ports and their own, simulated
// bit-exact, refused by name when a body reaches past an array, drawn, and
// emitted as one stream argument an element, which both compilers build and
// whose C simulation passes (and fails when an expected bit is wrong).
#include <catch2/catch.hpp>

#include <cstdlib>
#include <functional>
#include <set>

#include "compose/action_view.h"
#include "compose/dot.h"
#include "compose/sim/fifo_search.h"
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
  // A model with no array is its declaration: a port's only element is 0.
  const UnitModel bump = describe<HlsBump>();
  CHECK(bump.slot(1, 0) == 1);
  CHECK(bump.slot(1, 1) == -1);
  CHECK(bump.declared_ports() == 2);
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
  SECTION("a port bound to an empty function, of either kind") {
    ParameterSet p;
    p.param("N", 2, 1, 4, "");
    p.param("K", 2, 1, 4, "");
    Architecture arch("empty_bindings", p);
    place<HlsFan>(arch, "fan", one()).bind(HlsFan::src, Binder{}).bind(HlsFan::out, Slice{});
    const std::string e = errors_of(arch);
    INFO(e);
    CHECK(e.find("unit placement 'fan' port 'src': is bound to an empty function") != std::string::npos);
    CHECK(e.find("unit placement 'fan' port 'out': is bound to an empty function") != std::string::npos);
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
  SECTION("a single port named as an element is emitted, in_0 and in_1 beside in[0] and in[1]") {
    const auto clash = [](int64_t n) {
      ParameterSet p;
      p.param("N", n, 1, 4, "");
      Architecture arch("clash", p);
      Handle a = arch.channel<FanWord>("a", vec("N"), 2, "");
      Handle c = arch.channel<FanWord>("c", vec(2), 2, "");
      place<HlsClash>(arch, "clash", one())
          .bind(HlsClash::in_0, c(0))
          .bind(HlsClash::in, elements(a))
          .bind(HlsClash::in_1, c(1));
      return arch;
    };
    const std::string e = errors_of(clash(2));
    INFO(e);
    for (const char* k : {"0", "1"})
      CHECK(e.find(std::string("error[duplicate-name] unit placement 'clash' port 'in_") + k +
                   "': is also what emitted code names element in[" + k + "] of port array 'in'; rename one") !=
            std::string::npos);
    // At N = 1 there is no in[1]: only in_0 clashes.
    const std::string one_element = errors_of(clash(1));
    INFO(one_element);
    CHECK(one_element.find("port 'in_0': is also") != std::string::npos);
    CHECK(one_element.find("port 'in_1': is also") == std::string::npos);
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

// A chain per element of Fan's out[N]: fan -> split[v] -> mix[v] -> merge[v]
// -> join, with Split's array last (L+1), Mix's two side by side (in[L+1],
// out[C/T]) and Merge's first. `slices` wires the arrays with row() and
// column() from the end (one chain, N = 1); otherwise each instance's
// lambda picks its own row or column.
Architecture mix_chain(int64_t n, int64_t l, int64_t c, int64_t t, int64_t k, bool slices, bool unbound_last = false,
                       int64_t used = -1) {
  ParameterSet p;
  p.param("N", n, 1, 8, "chains");
  p.param("L", l, 0, 8, "Split's out[L+1], Mix's in[L+1]");
  p.param("U", used >= 0 ? used : unbound_last ? l - 1 : l, 0, 8, "the last element of Split's out[] and Mix's in[] used");
  p.param("C", c, 1, 64, "");
  p.param("T", t, 1, 64, "Mix's out[C/T], Merge's in[C/T]");
  p.param("K", k, 1, 4096, "words");
  p.param("SKEW", 0, 0, 0, "");
  Architecture arch("mix_chain", p);
  Handle x = arch.argument<FanWord>("X", "K", "");
  Handle y = arch.argument<FanWord>("Y", "K", "");
  Handle a = arch.channel<FanWord>("a", vec("N"), 2, "Fan to each Split");
  Handle head = arch.channel<FanWord>("head", vec("N"), 2, "");
  Handle tail = arch.channel<FanWord>("tail", vec("N"), 2, "");
  // With `unbound_last`, Split's out[L] and Mix's in[L] are left unbound.
  Handle wide = arch.channel<FanWord>("wide", grid("N", unbound_last ? "L" : "L+1"), 2, "row v: split[v] to mix[v]");
  Handle narrow = arch.channel<FanWord>("narrow", grid("C/T", "N"), 2, "column v: mix[v] to merge[v]");
  Handle b = arch.channel<FanWord>("b", vec("N"), 2, "each Merge to Join");
  place<HlsFan>(arch, "fan", one()).bind(HlsFan::src, x()).bind(HlsFan::out, elements(a));
  auto split = place<HlsSplit>(arch, "split", vec("N"));
  split.bind(HlsSplit::src, same(a)).bind(HlsSplit::head, same(head));
  auto mix = place<HlsMix>(arch, "mix", vec("N"));
  mix.bind(HlsMix::head, same(head)).bind(HlsMix::tail, same(tail));
  auto merge = place<HlsMerge>(arch, "merge", vec("N"));
  merge.bind(HlsMerge::tail, same(tail)).bind(HlsMerge::dst, same(b));
  if (slices) {
    split.bind(HlsSplit::out, row(wide, -1));
    mix.bind(HlsMix::in, row(wide, -static_cast<int64_t>(n)));
    mix.bind(HlsMix::out, column(narrow, 0));
    merge.bind(HlsMerge::in, column(narrow, -1));
  } else {
    const auto row_of = [wide, l, unbound_last](const Index& i, int64_t e) -> Binding {
      if (unbound_last && e == l) return unbound;
      return wide(i[0], e);
    };
    split.bind(HlsSplit::out, row_of);
    mix.bind(HlsMix::in, row_of);
    mix.bind(HlsMix::out, [narrow](const Index& i, int64_t e) -> Binding { return narrow(e, i[0]); });
    merge.bind(HlsMerge::in, [narrow](const Index& i, int64_t e) -> Binding { return narrow(e, i[0]); });
  }
  place<HlsJoin>(arch, "join", one()).bind(HlsJoin::in, elements(b)).bind(HlsJoin::dst, y());
  return arch;
}

std::vector<FanWord> mixed(int64_t k, int64_t l) {
  std::vector<FanWord> out = words(k);
  for (FanWord& w : out) {
    const int64_t x0 = w.lane_signed(0);
    w.set_lane(0, x0 + l * (l + 1) / 2);
    w.set_lane(1, x0);
  }
  return out;
}

const Process& process_named(const Region& r, const std::string& name) {
  for (const Process& p : r.processes)
    if (p.name() == name) return p;
  FAIL("no process " << name);
  return r.processes.front();
}

// What element `element` of declared port `port` of process `name` is bound to.
std::string bound_to(const Region& r, const std::string& name, int port, int64_t element) {
  const Process& p = process_named(r, name);
  const int slot = p.unit->slot(port, element);
  if (slot < 0) return "no such element";
  const Target& t = p.ports[static_cast<size_t>(slot)];
  if (!t.bound()) return "unbound";
  REQUIRE(t.kind == ObjectKind::channel);
  return r.channels[static_cast<size_t>(t.id)].label();
}

TEST_CASE("row() and column() pick their elements, from the start and from the end", "[port-array][wiring]") {
  ParameterSet p;
  p.param("R", 3, 1, 8, "");
  p.param("C", 4, 1, 8, "");
  Architecture arch("slices", p);
  const Handle g = arch.channel<FanWord>("g", grid("R", "C"), 2, "");
  const Handle v = arch.channel<FanWord>("v", vec("C"), 2, "");
  const ParamValues values = p.resolve().value();
  const auto at = [&](const Slice& s, int64_t k) {
    const Binding b = s.element(Index::one(), k, values);
    REQUIRE(b.has_value());
    return b->to_string();
  };
  CHECK(row(g, 0).size(values) == 4);
  CHECK(column(g, 0).size(values) == 3);
  CHECK(elements(v).size(values) == 4);
  CHECK(at(row(g, 1), 3) == "g[1][3]");
  CHECK(at(row(g, -1), 2) == "g[2][2]");
  CHECK(at(row(g, -3), 0) == "g[0][0]");
  CHECK(at(column(g, 2), 1) == "g[1][2]");
  CHECK(at(column(g, -1), 2) == "g[2][3]");
  CHECK(at(column(g, -4), 0) == "g[0][0]");
  CHECK(at(elements(v), 3) == "v[3]");
  CHECK(row(g, -1).text == "the last row of 'g'");
  CHECK(column(g, -2).text == "column -2 (from the end) of 'g'");
  CHECK(column(g, 1).text == "column 1 of 'g'");
}

TEST_CASE("two port arrays side by side, an array first, last, of an expression's extent and of one element", "[port-array][sim]") {
  struct Case {
    int64_t n, l, c, t;
    bool slices;
  };
  for (const Case& cs : {Case{1, 0, 2, 2, true}, Case{1, 3, 6, 2, true}, Case{3, 2, 6, 2, false}, Case{2, 1, 4, 4, false}}) {
    const int64_t k = 12;
    INFO("N=" << cs.n << " L=" << cs.l << " C/T=" << cs.c << "/" << cs.t << (cs.slices ? " slices" : " lambdas"));
    auto region = mix_chain(cs.n, cs.l, cs.c, cs.t, k, cs.slices).compose();
    INFO(region.status().to_string());
    REQUIRE(region.ok());
    const Region& r = region.value();
    // mix's ports: head, in[0..L], out[0..C/T-1], tail.
    const Process& mix = process_named(r, "mix[0]");
    const int64_t outs = cs.c / cs.t;
    REQUIRE(mix.unit->ports.size() == static_cast<size_t>(cs.l + 1 + outs + 2));
    CHECK(mix.unit->declared_ports() == 4);
    CHECK(mix.unit->slot(0, 0) == 0);
    CHECK(mix.unit->slot(0, 1) == -1);
    for (int64_t e = 0; e <= cs.l; ++e) CHECK(mix.unit->slot(1, e) == 1 + e);
    CHECK(mix.unit->slot(1, cs.l + 1) == -1);
    CHECK(mix.unit->slot(1, -1) == -1);
    for (int64_t e = 0; e < outs; ++e) CHECK(mix.unit->slot(2, e) == cs.l + 2 + e);
    CHECK(mix.unit->slot(2, outs) == -1);
    CHECK(mix.unit->slot(3, 0) == cs.l + 2 + outs);
    CHECK(mix.unit->ports[static_cast<size_t>(cs.l + 2)].label() == "out[0]");
    CHECK(mix.unit->ports[static_cast<size_t>(cs.l + 2)].id() == "out_0");
    CHECK(mix.unit->ports.back().label() == "tail");
    for (int64_t v = 0; v < cs.n; ++v) {
      const std::string i = "[" + std::to_string(v) + "]";
      for (int64_t e = 0; e <= cs.l; ++e) {
        const std::string wide = "wide" + i + "[" + std::to_string(e) + "]";
        CHECK(bound_to(r, "split" + i, 2, e) == wide);
        CHECK(bound_to(r, "mix" + i, 1, e) == wide);
      }
      for (int64_t e = 0; e < outs; ++e) {
        const std::string narrow = "narrow[" + std::to_string(e) + "]" + i;
        CHECK(bound_to(r, "mix" + i, 2, e) == narrow);
        CHECK(bound_to(r, "merge" + i, 0, e) == narrow);
      }
    }
    auto run = simulate(r, inputs_of(k));
    REQUIRE(run.ok());
    INFO(run.value().summary());
    REQUIRE(run.value().ok());
    CHECK(run.value().arguments.at("Y").as<FanWord>() == mixed(k, cs.l));
  }
}

// A hostile slice is one error for the placement's port, in the words the
// user wrote (column -9, not the [-5] it computes to); a hostile lambda is
// refused element by element, each named by its element.
TEST_CASE("hostile slices and lambdas are refused by name", "[port-array][compose]") {
  const auto errors_of = [](const Architecture& arch) {
    auto region = arch.compose();
    REQUIRE_FALSE(region.ok());
    return region.status().to_string();
  };
  const auto has = [](const std::string& errors, const std::string& wanted) {
    INFO(errors);
    CHECK(errors.find(wanted) != std::string::npos);
  };
  const auto lacks = [](const std::string& errors, const std::string& unwanted) {
    INFO(errors);
    CHECK(errors.find(unwanted) == std::string::npos);
  };
  const auto base = [](ParameterSet p) {
    p.param("K", 4, 1, 64, "");
    p.param("SKEW", 0, 0, 0, "");
    return p;
  };
  // The errors of Join's array (N = 4) bound to `slice` of a channel 'g' of `shape`.
  const auto slice_errors = [&](const char* name, Shape shape, const std::function<Slice(const Handle&)>& slice) {
    ParameterSet p;
    p.param("N", 4, 1, 8, "");
    Architecture arch(name, base(p));
    Handle g = arch.channel<FanWord>("g", shape, 2, "");
    place<HlsJoin>(arch, "join", one()).bind(HlsJoin::in, slice(g)).bind(HlsJoin::dst, [](const Index&) -> Binding {
      return unbound;
    });
    return errors_of(arch);
  };
  {
    const std::string e = slice_errors("col9", grid("N", "N"), [](const Handle& g) { return column(g, -9); });
    has(e,
        "error[index-out-of-range] unit placement 'join' port 'in': is bound to column -9 (from the end) of 'g', but "
        "'g' has 4 columns");
    lacks(e, "in[0]");
  }
  {
    const std::string e = slice_errors("row7", grid("N", "N"), [](const Handle& g) { return row(g, 7); });
    has(e, "error[index-out-of-range] unit placement 'join' port 'in': is bound to row 7 of 'g', but 'g' has 4 rows");
    lacks(e, "in[0]");
  }
  {
    const std::string e = slice_errors("row4", grid("N", "N"), [](const Handle& g) { return row(g, 4); });
    has(e, "error[index-out-of-range] unit placement 'join' port 'in': is bound to row 4 of 'g', but 'g' has 4 rows");
    lacks(e, "in[0]");
  }
  {
    const std::string e = slice_errors("elements_of_grid", grid("N", "N"), [](const Handle& g) { return elements(g); });
    has(e,
        "is bound to the elements of 'g', but 'g' is not a vector (its shape is [N][N]; bind a row() or column() of "
        "it)");
    lacks(e, "in[0]");
  }
  {
    const std::string e = slice_errors("row_of_vector", vec("N"), [](const Handle& g) { return row(g, 0); });
    has(e, "is bound to row 0 of 'g', but 'g' is not a grid (its shape is [N])");
    lacks(e, "in[0]");
  }
  {
    const std::string e = slice_errors("column_short", grid(3, 4), [](const Handle& g) { return column(g, 0); });
    has(e, "is a port array of N = 4 elements, but it is bound to column 0 of 'g', which has 3");
    lacks(e, "index-out-of-range");  // in[3], past the slice, is not bound as well
  }
  {
    ParameterSet p;
    p.param("N", 3, 1, 8, "");
    Architecture arch("wrong_width", base(p));
    Handle g = arch.channel<Word<1, 8>>("g", vec("N"), 2, "");
    Handle m = arch.memory<FanWord>("m", 4, vec("N"));
    place<HlsJoin>(arch, "join", one())
        .bind(HlsJoin::in, [g, m](const Index&, int64_t e) -> Binding { return e == 2 ? m(0) : g(e); })
        .bind(HlsJoin::dst, [](const Index&) -> Binding { return unbound; });
    const std::string e = errors_of(arch);
    has(e,
        "error[width-mismatch] unit 'join' port 'in[1]': takes 2x16 words (lanes x lane_bits), but channel 'g[1]' "
        "holds 1x8");
    has(e,
        "error[port-kind-mismatch] unit 'join' port 'in[2]': is a reads port and needs a channel, but 'm' is a memory");
  }
  {
    ParameterSet p;
    p.param("N", 2, 1, 8, "");
    Architecture arch("two_readers", base(p));
    Handle g = arch.channel<FanWord>("g", vec("N"), 2, "");
    place<HlsFan>(arch, "fan", one())
        .bind(HlsFan::src, [](const Index&) -> Binding { return unbound; })
        .bind(HlsFan::out, elements(g));
    place<HlsJoin>(arch, "join", vec(2)).bind(HlsJoin::in, elements(g)).bind(HlsJoin::dst, [](const Index&) -> Binding {
      return unbound;
    });
    const std::string e = errors_of(arch);
    has(e, "error[two-readers] channel 'g[1]': is read by 2 ports: join[0].in[1] and join[1].in[1]");
  }
  {
    ParameterSet p;
    p.param("N", 2, 1, 8, "");
    Architecture arch("single_lambda", base(p));
    Handle g = arch.channel<FanWord>("g", vec("N"), 2, "");
    place<HlsBump>(arch, "bump", one())
        .bind(HlsBump::in, [g](const Index&, int64_t e) -> Binding { return g(e); })
        .bind(HlsBump::out, [](const Index&) -> Binding { return unbound; });
    has(errors_of(arch),
        "error[port-array-binding] unit placement 'bump' port 'in': is a single port, but it is bound to the lambda's "
        "elements");
  }
  {
    ParameterSet p;
    p.param("N", 2, 1, 8, "");
    Architecture arch("array_lambda_of_index", base(p));
    Handle g = arch.channel<FanWord>("g", vec("N"), 2, "");
    place<HlsJoin>(arch, "join", one())
        .bind(HlsJoin::in, [g](const Index&) -> Binding { return g(0); })
        .bind(HlsJoin::dst, [](const Index&) -> Binding { return unbound; });
    has(errors_of(arch), "error[port-array-binding] unit placement 'join' port 'in': is a port array of N elements");
  }
  {
    ParameterSet p;
    p.param("N", 2, 1, 8, "");
    Architecture arch("twice", base(p));
    Handle g = arch.channel<FanWord>("g", vec("N"), 2, "");
    place<HlsJoin>(arch, "join", one())
        .bind(HlsJoin::in, elements(g))
        .bind(HlsJoin::in, elements(g))
        .bind(HlsJoin::dst, [](const Index&) -> Binding { return unbound; });
    has(errors_of(arch), "error[port-bound-twice] unit placement 'join' port 'in': is bound more than once");
  }
  {
    ParameterSet p;
    p.param("N", 2, 1, 8, "");
    Architecture arch("unres", base(p));
    Handle g = arch.channel<FanWord>("g", vec("M"), 2, "");
    place<HlsJoin>(arch, "join", one()).bind(HlsJoin::in, elements(g)).bind(HlsJoin::dst, [](const Index&) -> Binding {
      return unbound;
    });
    const std::string e = errors_of(arch);
    has(e, "error[unknown-parameter] channel 'g' extent 0: names 'M'");
    lacks(e, "port 'in");
  }
}

TEST_CASE("a deadlock, an unbound element, the FIFO search and the action view name a port array's elements",
          "[port-array][sim]") {
  SECTION("a deadlock names the channel of the element it waits on") {
    // K = 8 over N = 3: each Bump passes 2, so Join's 7th read, of in[0], waits forever.
    auto region = fan_join(3, 8).compose();
    REQUIRE(region.ok());
    auto run = simulate(region.value(), inputs_of(8));
    REQUIRE(run.ok());
    REQUIRE(run.value().outcome == SimResult::deadlock);
    REQUIRE(run.value().report);
    const std::string report = run.value().report->to_string();
    INFO(report);
    CHECK(report.find("join (join) at cycle") != std::string::npos);
    CHECK(report.find("on channel 'b[0]' (empty, 0/2), written by bump[0], which has finished") != std::string::npos);
  }
  SECTION("a body that uses an element its instance leaves unbound is stopped by the element's name") {
    auto unused = mix_chain(2, 2, 6, 2, 8, false, /*unbound_last=*/true).compose();
    INFO(unused.status().to_string());
    REQUIRE(unused.ok());
    CHECK(bound_to(unused.value(), "split[1]", 2, 1) == "wide[1][1]");
    CHECK(bound_to(unused.value(), "split[1]", 2, 2) == "unbound");
    CHECK(bound_to(unused.value(), "mix[0]", 1, 2) == "unbound");
    auto passes = simulate(unused.value(), inputs_of(8));
    REQUIRE(passes.ok());
    CHECK(passes.value().ok());
    CHECK(passes.value().arguments.at("Y").as<FanWord>() == mixed(8, 1));
    // U = 2: the bodies reach the unbound out[2].
    auto region = mix_chain(2, 2, 6, 2, 8, false, /*unbound_last=*/true, /*used=*/2).compose();
    REQUIRE(region.ok());
    auto run = simulate(region.value(), inputs_of(8));
    REQUIRE(run.ok());
    const std::string errors = run.value().errors.to_string();
    INFO(errors);
    CHECK(run.value().outcome == SimResult::error);
    CHECK(errors.find("error[unbound-port] unit 'split[0]' port 'out[2]': is used by the body") != std::string::npos);
  }
  SECTION("a body that reaches past an array after other ports is stopped, counting that array's elements") {
    // U = L + 1: Split writes out[3] of its out[3], its third declared port.
    auto region = mix_chain(2, 2, 6, 2, 8, false, false, /*used=*/3).compose();
    REQUIRE(region.ok());
    auto run = simulate(region.value(), inputs_of(8));
    REQUIRE(run.ok());
    const std::string errors = run.value().errors.to_string();
    INFO(errors);
    CHECK(run.value().outcome == SimResult::error);
    CHECK(errors.find("error[element-out-of-range] unit 'split[0]': uses element 3 of port array 'out', outside its 3 "
                      "elements") != std::string::npos);
    ParamValues v;
    for (const auto& [name, value] : std::vector<std::pair<const char*, int64_t>>{{"K", 1}, {"N", 1}, {"L", 2}, {"U", 3}})
      v.set(name, value);
    Standalone split(describe<HlsSplit>(), Index::one(), v);
    split.feed<FanWord>("src", {words(1)[0]});
    const Status refused = split.run();
    INFO(refused.to_string());
    CHECK(refused.to_string().find("error[element-out-of-range] unit 'split': uses element 3 of port array 'out', outside "
                                   "its 3 elements") != std::string::npos);
  }
  SECTION("the FIFO search sizes each element's channel, and what it finds runs") {
    auto region = mix_chain(2, 2, 6, 2, 8, false).compose();
    REQUIRE(region.ok());
    auto found = search_fifo_depths(region.value(), {inputs_of(8)});
    INFO(found.status().to_string());
    REQUIRE(found.ok());
    std::set<std::string> labels;
    for (const ChannelSizing& c : found.value().channels) labels.insert(c.label);
    for (const char* label : {"wide[1][2]", "narrow[2][1]", "narrow[0][0]", "tail[1]"}) CHECK(labels.count(label) == 1);
    Region sized = region.value();
    for (size_t c = 0; c < sized.channels.size(); ++c) sized.channels[c].depth = found.value().depths[c];
    auto run = simulate(sized, inputs_of(8));
    REQUIRE(run.ok());
    CHECK(run.value().ok());
    CHECK(run.value().arguments.at("Y").as<FanWord>() == mixed(8, 2));
  }
  SECTION("the action view binds a kernel to each channel array its port arrays reach, once") {
    auto region = mix_chain(2, 2, 6, 2, 8, false).compose();
    REQUIRE(region.ok());
    std::string out;
    for (const auto& k : RegionView(region.value()).kernels()) {
      out += k.name + " x" + std::to_string(k.instances) + ":";
      for (const auto& b : k.bound) out += " " + b.name + (b.reads ? "<" : "") + (b.writes ? ">" : "");
      out += "\n";
    }
    CHECK(out == "fan x1: X< a>\nsplit x2: a< head> wide>\nmix x2: head< wide< narrow> tail>\nmerge x2: narrow< tail< b>\njoin x1: b< Y>\n");
  }
}

TEST_CASE("a grid placement's port arrays are bound by a lambda of the instance, each element to its own", "[port-array][compose]") {
  ParameterSet p;
  p.param("N", 3, 1, 8, "");
  p.param("K", 3, 1, 8, "");
  p.param("SKEW", 0, 0, 0, "");
  Architecture arch("grid_of_joins", p);
  Handle g = arch.channel<FanWord>("g", grid(4, "N"), 2, "row r*2+c: fan[r*2+c] to join[r][c]");
  const auto none = [](const Index&) -> Binding { return unbound; };
  place<HlsFan>(arch, "fan", vec(4))
      .bind(HlsFan::src, none)
      .bind(HlsFan::out, [g](const Index& i, int64_t e) -> Binding { return g(i[0], e); });
  place<HlsJoin>(arch, "join", grid(2, 2))
      .bind(HlsJoin::in, [g](const Index& i, int64_t e) -> Binding { return g(i[0] * 2 + i[1], e); })
      .bind(HlsJoin::dst, none);
  auto region = arch.compose();
  INFO(region.status().to_string());
  REQUIRE(region.ok());
  for (int64_t r = 0; r < 2; ++r)
    for (int64_t c = 0; c < 2; ++c)
      for (int64_t e = 0; e < 3; ++e) {
        const std::string channel = "g[" + std::to_string(r * 2 + c) + "][" + std::to_string(e) + "]";
        CHECK(bound_to(region.value(), "join[" + std::to_string(r) + "][" + std::to_string(c) + "]", 0, e) == channel);
        CHECK(bound_to(region.value(), "fan[" + std::to_string(r * 2 + c) + "]", 1, e) == channel);
      }
  CHECK(bound_to(region.value(), "join[1][1]", 0, 3) == "no such element");
  CHECK(bound_to(region.value(), "join[1][1]", 1, 0) == "unbound");
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

TEST_CASE("two port arrays in a unit of a vector placement are emitted, C-simulate with both compilers and pass make check", "[port-array][hls]") {
  const int64_t k = 8, l = 2;
  auto region = mix_chain(2, l, 6, 2, k, false).compose();
  REQUIRE(region.ok());
  const std::map<std::string, Buffer> expected = {{"Y", Buffer::of(mixed(k, l))}};
  auto project = hls::emit(region.value(), {}, {}, {hls::TestRun{"mix", inputs_of(k), expected}});
  INFO(project.status().to_string());
  REQUIRE(project.ok());
  const std::string& top = project.value().files.at("top.cpp");
  INFO(top);
  // Mix's context, for each instance: one method an array, each case its own
  // element's stream, the single ports around them as ever.
  CHECK(top.find("read(loom::Element<unit::in_port> e)") != std::string::npos);
  CHECK(top.find("write(loom::Element<unit::out_port> e, const unit::out_port::word& w)") != std::string::npos);
  for (int64_t e = 0; e <= l; ++e)
    CHECK(top.find("case " + std::to_string(e) + ": return unit::in_port::word(in_" + std::to_string(e) + "_.read());") !=
          std::string::npos);
  for (int64_t e = 0; e < 3; ++e)
    CHECK(top.find("case " + std::to_string(e) + ": out_" + std::to_string(e) + "_.write(w.raw()); return;") !=
          std::string::npos);
  CHECK(top.find("unit::head_port::word read(unit::head_port)") != std::string::npos);
  CHECK(top.find("void write(unit::tail_port, const unit::tail_port::word& w)") != std::string::npos);
  const std::string dir = scratch("mix_chain");
  REQUIRE(hls::write_project(project.value(), dir).ok());
  for (const std::string compiler : {"g++", "clang++"}) {
    const std::string log = dir + "/csim-" + compiler + ".log";
    const int status =
        std::system(("make -C '" + dir + "' clean csim CXX=" + compiler + " > '" + log + "' 2>&1").c_str());
    INFO(compiler << ":\n" << read_text(log));
    CHECK(status == 0);
    CHECK(read_text(log).find("LOOM CSIM PASS") != std::string::npos);
  }
  const std::string log = dir + "/check.log";
  const int status = std::system(("make -C '" + dir + "' check > '" + log + "' 2>&1").c_str());
  INFO(read_text(log));
  CHECK(status == 0);
}

TEST_CASE("an element an instance leaves unbound is emitted as its failure, by the element's name", "[port-array][hls]") {
  const int64_t k = 8;
  auto region = mix_chain(2, 2, 6, 2, k, false, /*unbound_last=*/true).compose();
  REQUIRE(region.ok());
  // U = 1: the bodies use only the elements bound, so it simulates.
  auto project = hls::emit(region.value(), {}, {}, {hls::TestRun{"mix", inputs_of(k), {{"Y", Buffer::of(mixed(k, 1))}}}});
  INFO(project.status().to_string());
  REQUIRE(project.ok());
  const std::string& top = project.value().files.at("top.cpp");
  INFO(top);
  CHECK(top.find("case 2: loom::hls_target::unbound<unit::out_port::word>(\"split[0]\", \"out[2]\"); return;") !=
        std::string::npos);
  CHECK(top.find("case 2: return loom::hls_target::unbound<unit::in_port::word>(\"mix[1]\", \"in[2]\");") !=
        std::string::npos);
  // No stream argument for an unbound element.
  const auto signature = [&](const std::string& proc) {
    const size_t at = top.find("static void " + proc + "(");
    REQUIRE(at != std::string::npos);
    return top.substr(at, top.find(')', at) - at);
  };
  CHECK(signature("split_0_proc").find("out_1_") != std::string::npos);
  CHECK(signature("split_0_proc").find("out_2_") == std::string::npos);
  CHECK(signature("mix_1_proc").find("in_1_") != std::string::npos);
  CHECK(signature("mix_1_proc").find("in_2_") == std::string::npos);
  const std::string dir = scratch("mix_unbound");
  REQUIRE(hls::write_project(project.value(), dir).ok());
  for (const std::string compiler : {"g++", "clang++"}) {
    const std::string log = dir + "/csim-" + compiler + ".log";
    const int status =
        std::system(("make -C '" + dir + "' clean csim CXX=" + compiler + " > '" + log + "' 2>&1").c_str());
    INFO(compiler << ":\n" << read_text(log));
    CHECK(status == 0);
    CHECK(read_text(log).find("LOOM CSIM PASS") != std::string::npos);
  }
  // Given U = 2 after emission, split[0] reaches its unbound out[2].
  hls::Project reaching = project.value();
  std::string& code = reaching.files.at("top.cpp");
  const std::string u = "param(unit::u_param) const { return 1; }";
  REQUIRE(code.find(u) != std::string::npos);
  code.replace(code.find(u), u.size(), "param(unit::u_param) const { return 2; }");
  expect_csim_failure(reaching, "mix_unbound_reached",
                      "loom: split[0] uses port 'out[2]', which the architecture binds to nothing for this instance");
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
