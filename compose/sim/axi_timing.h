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
//     burst_count splits a request there);
//   a burst holds at most burst_beats beats, each axi_beat_bits wide
//     (units/argument.h: the element, or wider where the argument declares
//     widening, UG1399 "Automatic Port Width Resizing"); a longer one is
//     requested in pieces.
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

// What a burst of `bytes` bytes from byte `offset` of its argument takes on
// the bus: `beats` of `beat_bytes` (axi_beat_bits / 8, a power of two of at
// most 128, so 4 KiB pages hold whole beats; the argument is aligned to it,
// so beats start at its multiples and a burst that starts or ends inside one
// still moves all of it), requested in `pieces`: split at every 4 KiB
// boundary, and within a page every `burst_beats` beats.
struct AxiBurstCount {
  int64_t beats = 0, pieces = 0;
  friend bool operator==(const AxiBurstCount&, const AxiBurstCount&) = default;
};
constexpr AxiBurstCount axi_burst_count(int64_t offset, int64_t bytes, int64_t beat_bytes, int64_t burst_beats) {
  if (bytes <= 0) return {};
  const int64_t end = offset + bytes, page = kAxiBurstBoundaryBytes / beat_bytes;  // beats a whole page holds
  const auto pieces = [burst_beats](int64_t beats) { return (beats + burst_beats - 1) / burst_beats; };
  const int64_t first = offset / beat_bytes, last = (end + beat_bytes - 1) / beat_bytes;  // beats [first, last)
  const int64_t first_page = first / page, last_page = (last - 1) / page;
  if (first_page == last_page) return {last - first, pieces(last - first)};
  const int64_t head = page - first % page, tail = last - last_page * page, whole = last_page - first_page - 1;
  return {last - first, pieces(head) + whole * pieces(page) + pieces(tail)};
}

}  // namespace loom
