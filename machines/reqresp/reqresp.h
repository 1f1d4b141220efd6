// The request/response machine: an asker that loads K requests from an
// on-chip RAM (ap_memory) and sends each to an answerer over a FIFO, reading
// the reply back over a second FIFO (a feedback loop), and returns the
// replies' sum on a scalar output (ap_vld); the answerer adds a scalar input
// (ap_none) to twice each request. A Vivado IP block under ap_ctrl_hs: every
// interface Loom offers beyond m_axi, in one region (docs/timing.md, "On-chip
// and scalar arguments").
#pragma once

#include <cstdint>
#include <vector>

#include "compose/architecture.h"
#include "units/argument.h"

namespace loom::reqresp {

// The architecture: parameters K (requests), QD (both FIFOs' depth) and L
// (the RAM's read latency), the RAM's storage and the block protocol as given.
Architecture architecture(int latency = 1, BlockControl control = BlockControl::ap_ctrl_hs);

// What SUM holds after the requests with `bias`: the sum of 2 r + bias, in
// int32 as the asker adds it.
int32_t expected_sum(const std::vector<int32_t>& requests, int32_t bias);

}  // namespace loom::reqresp
