// The DotTree configurations this build instantiates. NUMERICS, RED_LANES and
// RED_IN_BITS set word types, so each combination is its own instantiation of
// the three units; `--param` picks one, and a combination that was not built is
// a named error listing those that were.
#pragma once

#include <cstdint>
#include <string>

#include "common/status.h"
#include "units/built_values.h"
#include "units/library/dottree/numerics.h"
#include "units/parameter_set.h"

namespace loom::dottree {

// NUMERICS: 0 EXACT (int8 operands, integer sums), 1 ROUNDING (float32 lanes).
inline constexpr int64_t kExact = 0, kRounding = 1;

struct BuildKey {
  int64_t numerics, lanes, in_bits;
  friend bool operator==(const BuildKey&, const BuildKey&) = default;
  std::string to_string() const;  // "NUMERICS=0 RED_LANES=8 RED_IN_BITS=16"
};

template <class N>
constexpr BuildKey key_of() {
  return {N::exact ? kExact : kRounding, N::lanes, N::leaf_bits};
}
template <class N>
struct KeyOf {
  static constexpr BuildKey value = key_of<N>();
};

using Built = BuiltSet<BuildKey, KeyOf, Exact<2, 16>, Exact<4, 16>, Exact<8, 16>, Exact<16, 16>, Exact<32, 16>,
                       Exact<8, 24>, Rounding<2>, Rounding<4>, Rounding<8>, Rounding<16>, Rounding<32>>;

// Defaults: EXACT, 8 lanes, 16-bit products; ROUNDING's lanes are 32 bits.
inline constexpr int64_t kDefaultLanes = 8, kDefaultExactBits = 16;

// The configuration `overrides` names, or not-built listing the built ones.
Result<BuildKey> choose(const Overrides& overrides);

}  // namespace loom::dottree
