// A composed region as a human reads it: counts, parameters, and one line per
// channel, memory and argument array and per unit placement.
#pragma once

#include <string>

#include "compose/region.h"

namespace loom {

std::string describe(const Region& region);

}  // namespace loom
