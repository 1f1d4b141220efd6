// The example machine: a loader, a chain of N FIR taps and a store, composed from
// units. Small enough to read whole, and shaped like the real machines: weights
// ride the same chain as data, partial sums chain east, no fan-out anywhere.
#pragma once

#include <vector>

#include "compose/architecture.h"
#include "machines/example/words.h"

namespace loom::example {

ParameterSet parameters();
Architecture architecture();

// y[k] = sum over i of w[i] * x[k - i], lane by lane, with x[k < 0] = 0: what the
// region computes, written as plain C++ to check it against.
std::vector<Sum> reference(const std::vector<Sample>& weights, const std::vector<Sample>& samples);

}  // namespace loom::example
