// The example machine's words: LANES independent int8 sample lanes, and int32
// partial sums, one lane each.
#pragma once

#include "units/word.h"

namespace loom::example {

inline constexpr unsigned kLanes = 4;
using Sample = Word<kLanes, 8>;
using Sum = Word<kLanes, 32>;

}  // namespace loom::example
