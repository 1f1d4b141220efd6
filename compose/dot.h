// The channel graph of a composed region as Graphviz DOT: one node per process
// (with the memories it owns), one per region argument, one edge per channel.
#pragma once

#include <string>

#include "compose/region.h"

namespace loom {

std::string to_dot(const Region& region);

}  // namespace loom
