// What bounds any simulator's time per step on the FIR workload of
// //bench:sim_vs_systemc, measured on the machine it runs on, so that the
// benchmark can say how far its targets are from what is possible there:
//   - the FIR's own work: the lane arithmetic every tap does, with the words
//     in plain arrays and no simulator at all;
//   - a fiber switch: one process handing the thread to the next in a ring of
//     `fibers`, with nothing else done.
#pragma once

#include <cstdint>
#include <vector>

#include "bench/systemc_fir.h"

namespace loom::bench {

// CPU seconds to compute the filtered output of `samples` through one tap per
// row of `weights`, with the tap bodies' lane operations; `y` receives it.
double fir_work_seconds(const std::vector<PeerSample>& weights, const std::vector<PeerSample>& samples,
                        std::vector<PeerSum>& y);

// CPU nanoseconds per switch, round a ring of `fibers` Loom fibers.
double fiber_switch_ns(int fibers, int64_t switches);

}  // namespace loom::bench
