// The example machine: a loader, a chain of N FIR taps and a store, composed from
// units. Small enough to read whole, and shaped like the real machines: weights
// ride the same chain as data, partial sums chain east, no fan-out anywhere.
#pragma once

#include <cstdint>
#include <vector>

#include "common/status.h"
#include "compose/architecture.h"
#include "compose/region.h"
#include "machines/model.h"
#include "machines/workload.h"
#include "machines/example/words.h"
#include "units/built_values.h"

namespace loom::example {

// The lane counts T this build instantiates; `--param T=` picks one.
using BuiltLanes = BuiltValues<4, 8, 16, 32>;
inline constexpr int64_t kDefaultLanes = 4;

// The architecture for the T in `overrides` (default 4), or a named error when
// that T is not built.
Result<Architecture> architecture(const Overrides& overrides);

// Random full-range int8 weights and samples for `region` (any built T), and a
// bit-exact check of Y against reference().
Result<Workload> workload(const Region& region, uint64_t seed);

// The action model beside the composition's: one instruction, fir, over the
// K samples, each row's actions those of tap 0, the busiest of the chain.
// Costed, not executed: a tap pairs weight i with the sample i rows back, a
// delay line one row's actions do not carry.
Result<RegionModel> model(actions::Machine implied, const Region& region);

// y[k] = sum over i of w[i] * x[k - i], lane by lane, with x[k < 0] = 0: what the
// region computes, written as plain C++ to check it against.
template <unsigned T>
std::vector<Sum<T>> reference(const std::vector<Sample<T>>& weights, const std::vector<Sample<T>>& samples) {
  std::vector<Sum<T>> out(samples.size());
  for (size_t k = 0; k < samples.size(); ++k)
    for (unsigned lane = 0; lane < T; ++lane) {
      int32_t acc = 0;
      for (size_t i = 0; i < weights.size() && i <= k; ++i)
        acc += static_cast<int32_t>(weights[i].lane_signed(lane) * samples[k - i].lane_signed(lane));
      out[k].set_lane(lane, acc);
    }
  return out;
}

}  // namespace loom::example
