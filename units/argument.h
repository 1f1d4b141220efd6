// A region argument: a flat array of `size` words, addressed row by row (a
// machine chooses how a matrix lays out in them), by exactly one process,
// through the top's port for it: m_axi to DRAM by default, or an on-chip RAM
// port or a scalar's wires (Protocol).
#pragma once

#include <cstdint>
#include <string>

#include "units/shape.h"
#include "units/storage.h"
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

// The port protocol the top gives an argument (UG1399, "Interfaces of the
// HLS Design" and pragma HLS interface). m_axi is the default: a DRAM array
// behind an AXI4 master. The others are the Vivado IP flow's: an on-chip RAM
// outside the kernel, or one word on wires.
enum class Protocol : char {
  m_axi,      // a pointer to DRAM, timed by AxiTiming
  ap_memory,  // an array in a block RAM outside the kernel, timed by ApMemory
  ap_none,    // a scalar input: a data port, read whenever the body reads it
  ap_vld,     // a scalar output: a data port and a valid pulsed with each write
  ap_ovld,    // a scalar read and written: its input ap_none, its output ap_vld
};
constexpr const char* protocol_name(Protocol p) {
  switch (p) {
    case Protocol::m_axi: return "m_axi";
    case Protocol::ap_memory: return "ap_memory";
    case Protocol::ap_none: return "ap_none";
    case Protocol::ap_vld: return "ap_vld";
    case Protocol::ap_ovld: return "ap_ovld";
  }
  return "?";
}
constexpr bool is_scalar(Protocol p) { return p == Protocol::ap_none || p == Protocol::ap_vld || p == Protocol::ap_ovld; }

// What an ap_memory argument's RAM declares (pragma HLS interface ap_memory
// `latency` and `storage_type`). The body's load data is usable `latency`
// cycles after the load issues: 1 is a block RAM's (UG1399 "Port-Level I/O:
// Memory Interface Protocol": data the cycle after the address; the pragma's
// latency models an off-chip SRAM of 2 or 3). `storage` is the RAM's ports,
// as units/storage.h counts them: ram_1p by default (UG1399 "Arrays on the
// Interface": a single-port RAM unless told otherwise), ram_s2p or ram_t2p;
// never registers.
struct ApMemory {
  int latency = 1;
  Storage storage = Storage::single_port;
};
inline constexpr int kMaxApMemoryLatency = 64;  // beyond any SRAM; a typo

struct Argument {
  std::string name;
  WordShape word;
  Extent size;
  std::string doc;
  AxiTiming axi;
  Protocol protocol = Protocol::m_axi;
  ApMemory ram;  // ap_memory's
};

template <class W>
Argument argument(std::string name, Extent size, std::string doc, AxiTiming axi = {}) {
  return {std::move(name), W::shape(), std::move(size), std::move(doc), axi, Protocol::m_axi, {}};
}
// An ap_memory argument of `size` words.
template <class W>
Argument ap_memory(std::string name, Extent size, std::string doc, ApMemory ram = {}) {
  return {std::move(name), W::shape(), std::move(size), std::move(doc), {}, Protocol::ap_memory, ram};
}
// A scalar argument, one word, by `protocol`: ap_none, ap_vld or ap_ovld.
template <class W>
Argument scalar(std::string name, Protocol protocol, std::string doc) {
  return {std::move(name), W::shape(), Extent{1}, std::move(doc), {}, protocol, {}};
}

// The top's block-level control protocol (UG1399 "Block-Level Control
// Protocols"): ap_ctrl_hs (ap_start, ap_done, ap_idle, ap_ready; the Vivado
// IP flow's default), ap_ctrl_chain (and ap_continue, which holds ap_done
// until the next stage takes the result; the Vitis kernel flow's default),
// or ap_ctrl_none (no handshake: the block runs out of reset).
enum class BlockControl : char { ap_ctrl_hs, ap_ctrl_chain, ap_ctrl_none };
constexpr const char* control_name(BlockControl c) {
  switch (c) {
    case BlockControl::ap_ctrl_hs: return "ap_ctrl_hs";
    case BlockControl::ap_ctrl_chain: return "ap_ctrl_chain";
    case BlockControl::ap_ctrl_none: return "ap_ctrl_none";
  }
  return "?";
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
