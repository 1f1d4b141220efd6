// The tutorial machine's words: T int8 lanes of the matrix and the vector, and
// one int32 partial sum.
#pragma once

#include "units/word.h"

namespace loom { namespace tutorial {

template <unsigned T>
using Lanes = Word<T, 8>;
using Result32 = Word<1, 32>;

}  // namespace tutorial
}  // namespace loom
