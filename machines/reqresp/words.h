// The request/response machine's word: one int32 a request, a reply or a sum.
#pragma once

#include "units/word.h"

namespace loom { namespace reqresp {

using Value = Word<1, 32>;

}  // namespace reqresp
}  // namespace loom
