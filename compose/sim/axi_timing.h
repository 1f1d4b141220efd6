// How a region argument's m_axi interface times its requests, as Vitis builds
// the adapter: the one place these constants live. They are LightningSim's
// (backend/lightningsim-core/src/axi_interface.rs and the edges its simulation
// builder adds for AXI reads and write responses; its authors validated the
// model against Vitis's RTL co-simulation):
//   a read burst's data is readable from its request + max(latency, 1) + 12;
//   a write burst's response arrives at its last write + max(latency, 1) + 7;
//   a read burst's first beat waits for the last beat of the burst
//     `read_outstanding` before it + max(latency, 1) + 12 - 7 (at most that
//     many read bursts in flight);
//   a burst never crosses a 4 KiB boundary (the AXI4 rule; LightningSim's
//     burst_count splits a request there).
// `latency` is the interface's declared latency (units/argument.h AxiTiming).
#pragma once

#include <algorithm>
#include <cstdint>

namespace loom {

inline constexpr int64_t kAxiReadOverhead = 12;
inline constexpr int64_t kAxiWriteOverhead = 7;
inline constexpr int64_t kAxiBurstBoundaryBytes = 4096;

// The delay LightningSim takes from a declared latency: never below 1.
constexpr int64_t axi_delay(int latency) { return std::max<int64_t>(latency, 1); }
// The cycles from a read burst's request to its data.
constexpr int64_t axi_read_latency(int latency) { return axi_delay(latency) + kAxiReadOverhead; }
// The cycles from a write burst's last beat to its response.
constexpr int64_t axi_write_response(int latency) { return axi_delay(latency) + kAxiWriteOverhead; }
// The cycles from the last beat of a read burst to the first beat of the
// burst that had to wait for it to leave the outstanding window.
constexpr int64_t axi_outstanding_gap(int latency) {
  return axi_delay(latency) + kAxiReadOverhead - kAxiWriteOverhead;
}

}  // namespace loom
