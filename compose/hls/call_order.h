// The order an emitted top calls its processes in. Vitis's sequential C
// simulation runs the dataflow processes one after another, each to its end,
// over unbounded streams, so an acyclic region's calls put every channel's
// writer before its reader. A region with feedback channels has no such
// order; its C simulation runs the processes concurrently instead
// (docs/hls.md, "Feedback channels"), and the order is only the listing's.
#pragma once

#include <string>
#include <vector>

#include "compose/region.h"

namespace loom::hls {

struct CallOrder {
  // The region's processes (indices into region.processes): every channel's
  // writer before its reader where the channel graph allows it, ties broken
  // by the region's own order, so that the same region always gives the
  // same order; the processes on or after a cycle follow in region order.
  std::vector<int> processes;
  // Empty for an acyclic region; else one cycle of the channel graph,
  // process by process and channel by channel ("a -(ab)-> b -(ba)-> a").
  std::string cycle;
};

// Contract: every channel's endpoints, where bound, index region.processes.
CallOrder call_order(const Region& region);

}  // namespace loom::hls
