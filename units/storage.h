// The storage a memory is built in, and the access budget it gives a pipelined
// loop: what the simulator holds every trip to and what `loom hls` binds with
// `#pragma HLS bind_storage` or `array_partition` (docs/hls.md, "Ports").
//
// The port counts are UG1399's (pragma HLS bind_storage, its storage types):
//   ram_1p   single-port RAM: one read or one write a cycle;
//   ram_s2p  simple dual-port RAM: one port reads, the other writes;
//   ram_t2p  true dual-port RAM: both ports read or write;
// and a fully partitioned array (pragma HLS array_partition complete) is one
// register a row, read and written by any number of operations a cycle.
// ram_2p (one read port, one read-write port) is not offered: a block RAM is
// true dual-port, so ram_t2p serves every mix ram_2p does.
#pragma once

#include <cstdint>

namespace loom {

enum class Storage {
  single_port,       // ram_1p
  simple_dual_port,  // ram_s2p
  dual_port,         // ram_t2p, the default
  registers,         // array_partition complete
};

// The stages after a load that its data is there: a RAM gives it the cycle
// after its address (UG1399, "Port-Level I/O: Memory Interface Protocol", as
// an ap_memory argument's default; BIND_STORAGE's default latency for a block
// or LUT RAM), registers at once.
inline constexpr int kRamReadLatency = 1;
constexpr int read_latency(Storage storage) { return storage == Storage::registers ? 0 : kRamReadLatency; }

// Whether `loads` loads and `stores` stores fit in `ii` cycles of `storage`.
constexpr bool fits(Storage storage, int64_t loads, int64_t stores, int64_t ii) {
  switch (storage) {
    case Storage::single_port: return loads + stores <= ii;
    case Storage::simple_dual_port: return loads <= ii && stores <= ii;
    case Storage::dual_port: return loads + stores <= 2 * ii;
    case Storage::registers: return true;
  }
  return false;
}

// The smallest II at which `loads` and `stores` fit `storage` (at least 1).
constexpr int64_t smallest_ii(Storage storage, int64_t loads, int64_t stores) {
  int64_t ii = 1;
  switch (storage) {
    case Storage::single_port: ii = loads + stores; break;
    case Storage::simple_dual_port: ii = loads > stores ? loads : stores; break;
    case Storage::dual_port: ii = (loads + stores + 1) / 2; break;
    case Storage::registers: ii = 1; break;
  }
  return ii < 1 ? 1 : ii;
}

// Its Vitis name ("ram_s2p"), or "registers".
constexpr const char* vitis_kind(Storage storage) {
  switch (storage) {
    case Storage::single_port: return "ram_1p";
    case Storage::simple_dual_port: return "ram_s2p";
    case Storage::dual_port: return "ram_t2p";
    case Storage::registers: return "registers";
  }
  return "?";
}

// What it gives, in words: "simple dual-port RAM (ram_s2p): 1 load and 1 store a cycle".
constexpr const char* storage_ports(Storage storage) {
  switch (storage) {
    case Storage::single_port: return "single-port RAM (ram_1p): 1 load or store a cycle";
    case Storage::simple_dual_port: return "simple dual-port RAM (ram_s2p): 1 load and 1 store a cycle";
    case Storage::dual_port: return "true dual-port RAM (ram_t2p): 2 loads or stores a cycle";
    case Storage::registers: return "registers (array_partition complete): any number a cycle";
  }
  return "?";
}

}  // namespace loom
