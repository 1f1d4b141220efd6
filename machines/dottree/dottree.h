// DotTree: a multiply stage, an adder tree and a store of both of its taps,
// each instantiated once, so the composition's grain (a kernel) and the Action
// layer's (a dispatch domain) agree and the behavioural model derives whole.
// For each row r of X: S[r] = sum over lanes of X[r] * W, summed as the tree
// does, and H[r] = the sums of the two halves of the lanes.
#pragma once

#include <cstdint>
#include <vector>

#include "common/status.h"
#include "compose/architecture.h"
#include "compose/region.h"
#include "machines/dottree/builds.h"
#include "machines/workload.h"

namespace loom::dottree {

// The architecture of the configuration `overrides` names; errors: not-built.
Result<Architecture> architecture(const Overrides& overrides);

// The configuration a region composed by architecture() was built at.
BuildKey key_of(const Region& region);

// Operands for `region`: full-range int8 (at odd seeds W and the first rows of
// X forced to -128 and 127, which reach the widest sums), or float32 of mixed
// signs and magnitudes (at seeds 2, 5, 8 ... with infinities, NaNs, subnormals
// and overflowing values mixed in); and a bit-exact check of S and H against
// reference(), in which any NaN matches any NaN. Errors: not-built.
Result<Workload> workload(const Region& region, uint64_t seed);

}  // namespace loom::dottree
