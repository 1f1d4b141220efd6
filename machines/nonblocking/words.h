// The non-blocking machines' words: one int32 a value, and a pair of int32
// lanes for what a unit reports (a sum and a count) or a fetch unit moves (a
// pc and a flag).
#pragma once

#include "units/word.h"

namespace loom { namespace nonblocking {

using Value = Word<1, 32>;
using Pair = Word<2, 32>;

}  // namespace nonblocking
}  // namespace loom
