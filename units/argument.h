// A region argument: a flat DRAM-like array of `size` words, addressed row by
// row (a machine chooses how a matrix lays out in them), by exactly one process, through the
// top's m_axi port for it.
#pragma once

#include <cstdint>
#include <string>

#include "units/shape.h"
#include "units/word.h"

namespace loom {

// What an argument's m_axi interface declares about its timing. HLS emission
// writes each field into the argument's `#pragma HLS interface m_axi` (the
// alignment into run_hls.tcl's config_interface), so the simulated interface
// and the synthesised one are the same (docs/timing.md gives the model that
// uses them, compose/sim/axi_timing.h its constants).
struct AxiTiming {
  // The pragma's `latency`: the cycles the schedule expects between a request
  // and its data. 0 is Vitis's Vivado-IP-flow default (UG1399, "Default
  // Settings of Vivado/Vitis Flows": config_interface -m_axi_latency 0; the
  // Vitis kernel flow's is 64) and what the seed's published cosim ran with.
  int latency = 0;
  // The pragma's `num_read_outstanding`: read bursts in flight at once
  // (UG1399 INTERFACE pragma, default 16; LightningSim's MAX_RCTL_DEPTH).
  int read_outstanding = 16;
  // The pragma's `max_read_burst_length` and `max_write_burst_length`: beats
  // in one burst (UG1399 INTERFACE pragma, default 16). AXI4 allows 1 to 256.
  int burst_beats = 16;
  // The pragma's `max_widen_bitwidth` (config_interface
  // -m_axi_max_widen_bitwidth): the widest beat Vitis may widen a burst to,
  // in bits; 0 or a power of two up to 1024 (UG1399 "Automatic Port Width
  // Resizing"; UG1448 214-353). 0, no widening, is the Vivado IP flow's
  // default (UG1399 "Default Settings of Vivado/Vitis Flows"; the Vitis kernel
  // flow's is 512).
  int max_widen_bits = 0;
  // config_interface -m_axi_alignment_byte_size: the bytes the argument's
  // pointer is at least aligned to, a power of two. Widening needs it: a beat
  // is never wider than the alignment (UG1399 "Automatic Port Width
  // Resizing"). 1 is the Vivado IP flow's default (the Vitis kernel flow's is 64).
  int alignment_bytes = 1;
};

inline constexpr int kMaxAxiLatency = 1024;    // beyond any memory system; a typo
inline constexpr int kMaxAxiOutstanding = 512;  // UG1399: num_*_outstanding is at most 512
inline constexpr int kMaxAxiBurstBeats = 256;   // AXI4: 1 to 256 beats a burst
inline constexpr int kMaxAxiWidenBits = 1024;   // UG1399: 0 or a power of two up to 1024
inline constexpr int kMaxAxiAlignmentBytes = 4096;  // a 4 KiB page: no burst crosses one

struct Argument {
  std::string name;
  WordShape word;
  Extent size;
  std::string doc;
  AxiTiming axi;
};

template <class W>
Argument argument(std::string name, Extent size, std::string doc, AxiTiming axi = {}) {
  return {std::move(name), W::shape(), std::move(size), std::move(doc), axi};
}

// The bits an element of a `bits`-wide argument takes on its m_axi port:
// padded to a power of two of at least 8 (UG1448 214-226: an m_axi data port
// is a power of two, 8 to 1024 bits wide), which is also what Vitis infers
// bursts on (UG1448 214-233: "DataType allocated space contains padding is
// unsupported"). Both the emitted top's layout and the simulated bursts' 4 KiB
// boundaries follow it.
constexpr int axi_element_bits(int bits) {
  int padded = 8;
  while (padded < bits) padded *= 2;
  return padded;
}

// The bits a beat of a `bits`-wide argument carries on its m_axi port under
// `axi`: its element (axi_element_bits), widened to the limit and the
// alignment allow where that is wider (UG1399 "Automatic Port Width
// Resizing": up to max_widen_bitwidth, on a pointer aligned to the widened
// width). Both are powers of two, so a beat holds a whole number of elements.
// For a timing the architecture accepted (compose checks the ranges).
constexpr int axi_beat_bits(const AxiTiming& axi, int bits) {
  const int element = axi_element_bits(bits);
  if (axi.max_widen_bits == 0) return element;
  const int64_t aligned = int64_t{8} * axi.alignment_bytes;
  const int widened = aligned < axi.max_widen_bits ? static_cast<int>(aligned) : axi.max_widen_bits;
  return widened > element ? widened : element;
}

// Whether Vitis widens the argument's beats past its element.
constexpr bool axi_widened(const AxiTiming& axi, int bits) { return axi_beat_bits(axi, bits) > axi_element_bits(bits); }

}  // namespace loom
