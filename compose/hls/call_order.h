// The order an emitted top calls its processes in. C simulation runs the
// dataflow processes one after another, each to its end, over unbounded
// streams, so every channel's writer must be called before its reader.
#pragma once

#include <vector>

#include "common/status.h"
#include "compose/region.h"

namespace loom::hls {

// The region's processes (indices into region.processes) in an order where
// every channel's writer comes before its reader, ties broken by the region's
// own order, so that the same region always gives the same order. Error:
// hls-channel-cycle, naming one cycle of the channel graph process by
// process and channel by channel ("a -(ab)-> b -(ba)-> a").
Result<std::vector<int>> call_order(const Region& region);

}  // namespace loom::hls
