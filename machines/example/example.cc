#include "machines/example/example.h"

#include <random>

#include "actions/builder.h"
#include "compose/place.h"
#include "compose/wiring.h"
#include "machines/example/fir_tap.h"
#include "machines/example/loader.h"
#include "machines/example/store.h"

namespace loom::example {
namespace {

template <unsigned T>
ParameterSet parameters() {
  ParameterSet p;
  p.param("T", T, T, T, "lanes per word; a template argument, so fixed per build (4, 8, 16 or 32)");
  p.param("N", 8, 1, 4096, "taps: FIR tap units in the chain");
  p.param("K", 32, 1, 1 << 20, "samples filtered per run");
  p.param("QD", 2, 1, 1024, "depth of every FIFO");
  return p;
}

template <unsigned T>
Architecture architecture() {
  Architecture arch("example", parameters<T>());
  // x_chain[i] feeds tap i: from the loader for i = 0, from tap i-1 otherwise.
  Handle x = arch.channel<Sample<T>>("x_chain", vec("N"), "QD", "weights for taps i.., then samples delayed by i");
  // p_chain[i] leaves tap i; the last one goes to the store.
  Handle p = arch.channel<Sum<T>>("p_chain", vec("N"), "QD", "partial sums after tap i, one word per sample");
  Handle weight = arch.memory<Sample<T>>("weight", 1, vec("N"));
  Handle W = arch.argument<Sample<T>>("W", "N", "tap weights, one row of lanes per tap");
  Handle X = arch.argument<Sample<T>>("X", "K", "input samples, one row of lanes per step");
  Handle Y = arch.argument<Sum<T>>("Y", "K", "filtered output, one row of lanes per step");

  place<Loader<T>>(arch, "loader", one())
      .bind(Loader<T>::W, W())
      .bind(Loader<T>::X, X())
      .bind(Loader<T>::out, x(0));

  place<FirTap<T>>(arch, "tap", vec("N"))
      .bind(FirTap<T>::x_in, same(x))
      .bind(FirTap<T>::x_out, next(x))    // unbound on the last tap
      .bind(FirTap<T>::p_in, previous(p))  // unbound on the first
      .bind(FirTap<T>::p_out, same(p))
      .bind(FirTap<T>::weight, same(weight));

  place<Store<T>>(arch, "store", one()).bind(Store<T>::in, last(p)).bind(Store<T>::Y, Y());
  return arch;
}

template <unsigned T>
Workload workload_for(const Region& region, uint64_t seed) {
  std::mt19937_64 rng(seed);
  const int64_t n = region.params["N"], k = region.params["K"];
  const auto w = random_rows<Sample<T>>(n, rng), x = random_rows<Sample<T>>(k, rng);
  std::vector<Sum<T>> expected = reference<T>(w, x);
  Workload work;
  work.description = "FIR, T=" + std::to_string(T) + ": " + std::to_string(n) + " taps, " + std::to_string(k) +
                     " samples, full-range int8, seed " + std::to_string(seed);
  work.inputs = {{"W", Buffer::of(w)}, {"X", Buffer::of(x)}};
  work.expected = {{"Y", Buffer::of(expected)}};
  work.check = [expected](const ArgumentContents& final) {
    return compare_rows("Y", final.at("Y").as<Sum<T>>(), expected);
  };
  return work;
}

}  // namespace

Result<Workload> workload(const Region& region, uint64_t seed) {
  return BuiltLanes::with(region.params, "T", [&](auto t) { return workload_for<t>(region, seed); });
}

Result<RegionModel> model(actions::Machine m, const Region& region) {
  const int64_t n = region.params["N"];
  using actions::rows;
  actions::InstructionBuilder b("fir");
  // The loader sends the N weights, then a sample a row.
  b.load("loader", "W.read", "w", rows("W", 0, n, 0)).times(n).once();
  b.send("loader", "x_chain", "w").times(n).once();
  b.load("loader", "X.read", "x", rows("X"));
  b.send("loader", "x_chain", "x");
  // Tap 0 keeps its weight and passes the rest on; then, a sample a row, it
  // adds its product to the partial sum and passes the sample on.
  b.receive("tap", "x_chain", "weights").times(n).once();
  b.store("tap", "weight.write", {"weights"}, rows("weight", 0, 1, 0)).once();
  if (n > 1) b.send("tap", "x_chain", "weights").times(n - 1).once();
  b.receive("tap", "x_chain", "sample");
  b.receive("tap", "p_chain", "partial");
  b.load("tap", "weight.read", "tap_weight", rows("weight", 0, 1, 0));
  b.compute("tap", "lanes", "mul", {"sample", "tap_weight"}, "product");
  b.compute("tap", "lanes", "add", {"partial", "product"}, "sum");
  b.send("tap", "p_chain", "sum");
  b.send("tap", "x_chain", "sample");
  b.receive("store", "p_chain", "y");
  b.store("store", "Y.write", {"y"}, rows("Y"));
  m.instructions.push_back(b.done());
  return RegionModel{std::move(m), {{"fir", {}, region.params["K"]}},
                     "a tap pairs weight i with the sample i rows back: a delay line one row's actions do not carry"};
}

Result<Architecture> architecture(const Overrides& overrides) {
  return BuiltLanes::with(overrides, "T", kDefaultLanes, [](auto t) { return architecture<t>(); });
}

}  // namespace loom::example
