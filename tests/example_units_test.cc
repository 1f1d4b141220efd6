// The example machine's bodies, each run alone against scripted words, and then
// chained by hand (each instance run to completion in dataflow order) and checked
// bit-exactly against the plain C++ reference.
#include <catch2/catch.hpp>

#include <random>

#include "machines/example/example.h"
#include "machines/example/fir_tap.h"
#include "machines/example/loader.h"
#include "machines/example/store.h"
#include "units/standalone.h"
#include "units/unit.h"

namespace loom::example {
namespace {

constexpr unsigned kT = 4;

template <unsigned T = kT>
std::vector<Sample<T>> random_samples(size_t n, std::mt19937_64& rng) {
  std::vector<Sample<T>> out(n);
  for (Sample<T>& s : out)
    for (unsigned lane = 0; lane < T; ++lane) s.set_lane(lane, static_cast<int64_t>(rng() % 256) - 128);
  return out;
}

ParamValues values(int64_t n, int64_t k) {
  ParamValues v;
  v.set("N", n);
  v.set("K", k);
  return v;
}

TEST_CASE("the loader streams the weights and then the samples", "[example]") {
  std::mt19937_64 rng(7);
  const auto w = random_samples(3, rng), x = random_samples(5, rng);
  Standalone run(describe<Loader<kT>>(), Index::one(), values(3, 5));
  run.fill("W", w);
  run.fill("X", x);
  REQUIRE(run.run().ok());
  std::vector<Sample<kT>> expect = w;
  expect.insert(expect.end(), x.begin(), x.end());
  CHECK(run.written<Sample<kT>>("out") == expect);
}

TEST_CASE("a tap keeps its weight, forwards the rest, and delays the samples by one", "[example]") {
  std::mt19937_64 rng(8);
  const int64_t n = 4, k = 6, i = 1;
  const auto w = random_samples(static_cast<size_t>(n - i), rng), x = random_samples(k, rng);
  std::vector<Sum<kT>> p_in(k);
  for (Sum<kT>& p : p_in)
    for (unsigned lane = 0; lane < kT; ++lane) p.set_lane(lane, static_cast<int64_t>(rng() % 100000) - 50000);

  Standalone run(describe<FirTap<kT>>(), Index::of(i), values(n, k));
  std::vector<Sample<kT>> x_in = w;
  x_in.insert(x_in.end(), x.begin(), x.end());
  run.feed("x_in", x_in);
  run.feed("p_in", p_in);
  run.allocate("weight", 1);
  REQUIRE(run.run().ok());

  CHECK(run.rows<Sample<kT>>("weight").at(0) == w[0]);
  const auto x_out = run.written<Sample<kT>>("x_out");
  REQUIRE(x_out.size() == static_cast<size_t>(n - i - 1 + k));
  for (size_t t = 0; t + 1 < w.size(); ++t) CHECK(x_out[t] == w[t + 1]);
  CHECK(x_out[w.size() - 1] == Sample<kT>());  // the delay line starts at zero
  for (int64_t s = 1; s < k; ++s) CHECK(x_out[w.size() - 1 + static_cast<size_t>(s)] == x[static_cast<size_t>(s - 1)]);

  const auto p_out = run.written<Sum<kT>>("p_out");
  REQUIRE(p_out.size() == static_cast<size_t>(k));
  for (size_t s = 0; s < p_out.size(); ++s)
    for (unsigned lane = 0; lane < kT; ++lane)
      CHECK(p_out[s].lane_signed(lane) == p_in[s].lane_signed(lane) + w[0].lane_signed(lane) * x[s].lane_signed(lane));
}

TEST_CASE("a body that reads more than it is given stops with a named error", "[example]") {
  Standalone run(describe<Store<kT>>(), Index::one(), values(1, 3));
  run.feed("in", std::vector<Sum<kT>>(2));
  run.allocate("Y", 3);
  CHECK(run.run().to_string() == "error[starved] unit 'store' port 'in': read with no word left to read\n");

  Standalone small(describe<Store<kT>>(), Index::one(), values(1, 3));
  small.feed("in", std::vector<Sum<kT>>(3));
  small.allocate("Y", 2);
  CHECK(small.run().to_string() == "error[row-out-of-range] unit 'store' port 'Y': store to row 2 of 2 rows\n");
}

// Runs each instance to completion in dataflow order (the example has no cycle).
template <unsigned T>
void check_chained(std::mt19937_64& rng) {
  for (int64_t n : {1, 2, 5}) {
    for (int64_t k : {1, 7, 32}) {
      INFO("T=" << T << " N=" << n << " K=" << k);
      auto w = random_samples<T>(static_cast<size_t>(n), rng), x = random_samples<T>(static_cast<size_t>(k), rng);
      w[0].set_lane(0, -128);  // the extremes of int8
      x[0].set_lane(0, -128);
      x.back().set_lane(1, 127);

      Standalone loader(describe<Loader<T>>(), Index::one(), values(n, k));
      loader.fill("W", w);
      loader.fill("X", x);
      REQUIRE(loader.run().ok());
      std::vector<Sample<T>> x_chain = loader.template written<Sample<T>>("out");
      std::vector<Sum<T>> p_chain;
      for (int64_t i = 0; i < n; ++i) {
        Standalone tap(describe<FirTap<T>>(), Index::of(i), values(n, k));
        tap.feed("x_in", x_chain);
        tap.feed("p_in", p_chain);
        tap.allocate("weight", 1);
        REQUIRE(tap.run().ok());
        x_chain = tap.template written<Sample<T>>("x_out");
        p_chain = tap.template written<Sum<T>>("p_out");
      }
      CHECK(x_chain.empty());  // the last tap forwards nothing
      Standalone store(describe<Store<T>>(), Index::one(), values(n, k));
      store.feed("in", p_chain);
      store.allocate("Y", k);
      REQUIRE(store.run().ok());
      CHECK(store.template rows<Sum<T>>("Y") == reference<T>(w, x));
    }
  }
}

TEST_CASE("the bodies chained in dataflow order match the reference bit for bit, at T=4 and T=32", "[example]") {
  std::mt19937_64 rng(9);
  check_chained<4>(rng);
  check_chained<32>(rng);
}

}  // namespace
}  // namespace loom::example
