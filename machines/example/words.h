// The example machine's words: T independent int8 sample lanes, and int32
// partial sums, one per lane. T sets the word types, so it is a template
// argument; the registry builds the configurations the command line offers.
#pragma once

#include "units/word.h"

namespace loom { namespace example {

template <unsigned T>
using Sample = Word<T, 8>;
template <unsigned T>
using Sum = Word<T, 32>;

}  // namespace example
}  // namespace loom
