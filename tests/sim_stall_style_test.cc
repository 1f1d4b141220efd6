// The stalled pipeline (SimOptions::PipelineStyle::stp), in closed form: when
// a trip cannot proceed, every trip in flight waits with it (UG1399, `pragma
// HLS pipeline style=stp`: the pipeline runs only when its input is
// available), so a word a trip ahead would have written during the stall
// leaves after it. A pipeline of depth D fed slower than it runs writes word
// n in the cycle trip n + D - 1 reads its input, where the flushable style
// writes it D - 1 cycles after its own read; and a loop whose next request
// waits for its own reply deadlocks, as UG1448 warns a stalled pipeline may
// in dataflow ("Cause more deadlocks").
#include <catch2/catch.hpp>

#include <algorithm>

#include "compose/place.h"
#include "compose/sim/simulator.h"
#include "compose/sim/timeline.h"
#include "tests/compose_and_simulate.h"
#include "tests/test_units.h"

namespace loom {
namespace {

using test::Token;
using Style = SimOptions::PipelineStyle;

// Passes each word on D - 1 stages after it reads it (LOOM_COMPUTE).
template <int D>
struct Deep {
  LOOM_UNIT("deep");
  LOOM_READS(in, Token);
  LOOM_WRITES(out, Token);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(in, out);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/D};
  LOOM_COMPUTE(computed(out, D - 1));
  template <class IO> static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) {
      LOOM_PIPELINE(io);
      io.write(out, io.read(in));
    }
  }
};

constexpr int64_t K = 10;

struct Words {
  std::vector<std::pair<int64_t, int64_t>> in, out;
};

template <int G, int D>
Words deep_run(Style style) {
  Architecture arch("deep", test::sim_params(K, 2));
  Handle in = arch.channel<Token>("in", one(), "QD", "a word every G cycles");
  // Deep enough that no write waits for a slot: a write that does releases
  // the words held in its FIFO (docs/timing.md, "Pipeline styles").
  Handle out = arch.channel<Token>("out", one(), 16, "passed on");
  Handle all = arch.argument<Token>("OUT", "K", "what passed");
  using E = test::Emit<G, 1>;
  using A = test::Absorb<1, 1>;
  place<E>(arch, "emit", one()).bind(E::out, in());
  place<Deep<D>>(arch, "deep", one()).bind(Deep<D>::in, in()).bind(Deep<D>::out, out());
  place<A>(arch, "absorb", one()).bind(A::in, out()).bind(A::OUT, all());
  Timeline timeline;
  SimOptions options;
  options.pipeline_style = style;
  options.listeners = {&timeline};
  auto r = test::compose_and_simulate(arch, {}, options);
  REQUIRE(r.ok());
  INFO(r.value().summary());
  REQUIRE(r.value().ok());
  for (int64_t n = 0; n < K; ++n) CHECK(r.value().arguments.at("OUT").as<Token>()[static_cast<size_t>(n)].lane_signed(0) == n);
  return {timeline.words(0), timeline.words(1)};
}

template <int G, int D>
void held_back() {
  INFO("a word every " << G << " cycles into depth " << D);
  const Words flushable = deep_run<G, D>(Style::flushable);
  const Words stp = deep_run<G, D>(Style::stp);
  REQUIRE(static_cast<int64_t>(stp.out.size()) == K);
  // The reads are the same: each trip reads at its issue, after every stall before it.
  for (int64_t n = 0; n < K; ++n) CHECK(stp.in[static_cast<size_t>(n)].second == flushable.in[static_cast<size_t>(n)].second);
  const auto read = [&](int64_t n) { return flushable.in[static_cast<size_t>(n)].second; };
  for (int64_t n = 0; n < K; ++n) {
    INFO("word " << n);
    // Flushable: the trip's write leaves D - 1 cycles after its read, whatever the trips behind it do.
    CHECK(flushable.out[static_cast<size_t>(n)].first == read(n) + D - 1);
    // stp: the pipeline moves a stage only when its first stage has a word,
    // so trip n reaches stage D - 1 as trip n + D - 1 reads; once the reads
    // end, the trips in flight drain a stage a cycle.
    const int64_t ahead = n + D - 1;
    const int64_t expected = ahead <= K - 1 ? read(ahead) : read(K - 1) + (ahead - (K - 1));
    CHECK(stp.out[static_cast<size_t>(n)].first == (G == 1 ? read(n) + D - 1 : expected));
  }
}

TEST_CASE("under stp a blocked trip holds back the trips ahead of it: word n leaves as trip n + D - 1 reads",
          "[timing][stp]") {
  held_back<1, 3>();  // nothing stalls: the styles agree
  held_back<2, 2>();
  held_back<3, 2>();
  held_back<3, 3>();
  held_back<5, 4>();
}

// Asks, then, a clock boundary on, waits for the reply before the next request.
using Asker = test::Controller<3, 1>;

Result<SimResult> ask(Style style, SimOptions::Engine engine = SimOptions::Engine::coupled) {
  Architecture arch("ask", test::sim_params(K, 2));
  Handle req = arch.channel<Token>("req", one(), "QD", "requests");
  Handle resp = arch.channel<Token>("resp", one(), "QD", "replies");
  Handle sum = arch.argument<Token>("SUM", "1", "the replies' sum");
  place<Asker>(arch, "asker", one()).bind(Asker::req, req()).bind(Asker::resp, resp()).bind(Asker::SUM, sum());
  // Answers a stage after it reads: its reply sits in stage 1 while its next trip waits in stage 0.
  place<Deep<2>>(arch, "answerer", one()).bind(Deep<2>::in, req()).bind(Deep<2>::out, resp());
  SimOptions options;
  options.pipeline_style = style;
  options.engine = engine;
  return test::compose_and_simulate(arch, {}, options);
}

TEST_CASE("under stp a reply held in a stalled pipeline deadlocks the loop that waits for it; flushable completes",
          "[timing][stp]") {
  auto flushable = ask(Style::flushable);
  REQUIRE(flushable.ok());
  INFO(flushable.value().summary());
  REQUIRE(flushable.value().ok());
  CHECK(flushable.value().arguments.at("SUM").as<Token>()[0].lane_signed(0) == K * (K - 1) / 2);

  auto stp = ask(Style::stp);
  REQUIRE(stp.ok());
  const std::string summary = stp.value().summary();
  INFO(summary);
  REQUIRE(stp.value().outcome == SimResult::deadlock);
  CHECK(summary.find("its words held back by the writer's stalled pipeline") != std::string::npos);
  CHECK(summary.find("answerer") != std::string::npos);
}

TEST_CASE("stp on the trace engine is refused by name before anything runs", "[timing][stp]") {
  auto r = ask(Style::stp, SimOptions::Engine::trace);
  REQUIRE(!r.ok());
  INFO(r.status().to_string());
  CHECK(r.status().errors().at(0).kind == "pipeline-style-engine");
}

}  // namespace
}  // namespace loom
