// A memory or region argument port's storage in the coupled simulator: where
// its rows are, how its accesses are held to its ports, and the stores still
// in flight.
// Internal to compose/sim: what the simulator's process (process.h) is built
// from, which no user of the simulator names. BUILD lets only compose/sim see it.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "compose/sim/internal/sim_axi.h"
#include "units/buffer.h"
#include "units/storage.h"

namespace loom::detail {

// A memory port's storage, with the stores still in flight when it declares a
// write latency.
struct SimStorage {
  // What every access needs, first. Unbound, a port has no rows: every access
  // is out of range, and the cold path names it unbound.
  uint64_t* base = nullptr;  // row r is at base + r * stride
  int64_t rows = 0;
  bool bound = false;
  bool timed = false;  // a write latency, registers or an argument: the accesses take the cold path
  bool memory = false;  // on chip; else a region argument
  bool shared = false;  // another port of the process is bound to the same buffer
  // Every access is held to the budget, not only a side's second in a trip:
  // a single-port memory, whose load and store share a port, or a shared one.
  bool check_each = false;
  // A true dual-port memory's loads and stores share its two ports: a side's
  // first access is checked too once the other side has been used.
  bool two_sided = false;
  Storage storage = Storage::dual_port;  // a memory's ports
  Buffer* buffer = nullptr;
  int write_latency = 0;
  bool registers() const { return storage == Storage::registers; }
  std::vector<int64_t> written_in;  // registers: the clock iteration each row was last written in
  std::unique_ptr<SimAxi> axi;  // an argument's interface; out of line, so a memory port's stays small
  struct Pending {
    int64_t row, visible_at;
    std::vector<uint64_t> limbs;
  };
  std::vector<Pending> in_flight;  // in issue order; at most write_latency long
  size_t first = 0;                // in_flight[first..] have not landed

  // Applies every store visible by `iteration`.
  void land(int64_t iteration) {
    while (first < in_flight.size() && in_flight[first].visible_at <= iteration) {
      const Pending& p = in_flight[first++];
      uint64_t* row = buffer->row(p.row);
      for (size_t l = 0; l < p.limbs.size(); ++l) row[l] = p.limbs[l];
    }
    if (first == in_flight.size()) in_flight.clear(), first = 0;
  }
};

}  // namespace loom::detail
