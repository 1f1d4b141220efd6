#include "machines/example/example.h"

#include "compose/place.h"
#include "machines/example/fir_tap.h"
#include "machines/example/loader.h"
#include "machines/example/store.h"

namespace loom::example {

ParameterSet parameters() {
  ParameterSet p;
  p.param("N", 8, 1, 4096, "taps: FIR tap units in the chain");
  p.param("K", 32, 1, 1 << 20, "samples filtered per run");
  p.param("QD", 2, 1, 1024, "depth of every FIFO");
  return p;
}

Architecture architecture() {
  Architecture arch("example", parameters());
  // x_chain[i] feeds tap i: from the loader for i = 0, from tap i-1 otherwise.
  Handle x = arch.channel<Sample>("x_chain", vec("N"), "QD", "weights for taps i.., then samples delayed by i");
  // p_chain[i] leaves tap i; the last one goes to the store.
  Handle p = arch.channel<Sum>("p_chain", vec("N"), "QD", "partial sums after tap i, one word per sample");
  Handle weight = arch.memory<Sample>("weight", 1, vec("N"));
  Handle W = arch.argument<Sample>("W", "N", "tap weights, one row of lanes per tap");
  Handle X = arch.argument<Sample>("X", "K", "input samples, one row of lanes per step");
  Handle Y = arch.argument<Sum>("Y", "K", "filtered output, one row of lanes per step");

  place<Loader>(arch, "loader", one())
      .bind(Loader::weights, W())
      .bind(Loader::samples, X())
      .bind(Loader::out, x(0));

  place<FirTap>(arch, "tap", vec("N"))
      .bind(FirTap::x_in, [x](const Index& i) -> Binding { return x(i[0]); })
      .bind(FirTap::x_out, [x](const Index& i, const ParamValues& v) -> Binding {
        if (i[0] == v["N"] - 1) return unbound;
        return x(i[0] + 1);
      })
      .bind(FirTap::p_in, [p](const Index& i) -> Binding {
        if (i[0] == 0) return unbound;
        return p(i[0] - 1);
      })
      .bind(FirTap::p_out, [p](const Index& i) -> Binding { return p(i[0]); })
      .bind(FirTap::weight, [weight](const Index& i) -> Binding { return weight(i[0]); });

  place<Store>(arch, "store", one())
      .bind(Store::in, [p](const Index&, const ParamValues& v) -> Binding { return p(v["N"] - 1); })
      .bind(Store::result, Y());
  return arch;
}

std::vector<Sum> reference(const std::vector<Sample>& weights, const std::vector<Sample>& samples) {
  std::vector<Sum> out(samples.size());
  for (size_t k = 0; k < samples.size(); ++k)
    for (unsigned lane = 0; lane < kLanes; ++lane) {
      int32_t acc = 0;
      for (size_t i = 0; i < weights.size() && i <= k; ++i)
        acc += static_cast<int32_t>(weights[i].lane_signed(lane) * samples[k - i].lane_signed(lane));
      out[k].set_lane(lane, acc);
    }
  return out;
}

}  // namespace loom::example
