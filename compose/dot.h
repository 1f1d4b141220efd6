// The channel graph of a composed region as Graphviz DOT: one node per process
// (with the memories it owns), one per region argument, one edge per channel.
// Arrays stay readable: a [R][C] placement is laid out as its grid, a long
// vector wraps into rows, and `per_placement` draws one node per placement and
// one edge per channel array instead.
#pragma once

#include <string>

#include "compose/region.h"

namespace loom {

struct DotOptions {
  bool per_placement = false;  // one node per placement, one edge per channel array
  int wrap = 8;                // a vector of more instances wraps every `wrap`; 0 never wraps
};

std::string to_dot(const Region& region, const DotOptions& options = {});

}  // namespace loom
