// The channel graph of a composed region as Graphviz DOT: one node per process
// (with the memories it owns), one per region argument, one edge per channel.
// Drawn top to bottom, feeders above what they feed: an array of instances has
// rows of its own, a [R][C] placement its grid (row r's nodes level, column c's
// aligned), a vector one row in index order, wrapping into rows when long; no
// other node sits among an array's rows. `per_placement` draws one node per
// placement and one edge per channel array instead, left to right.
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
