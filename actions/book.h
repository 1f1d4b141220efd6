// Booking an instruction's actions on a unit: two numbers, kept apart as LLVM's
// scheduling model keeps latency apart from reciprocal throughput.
//   span:       the latency, the cycles from a row's first effect to its last;
//               a declared `at` lengthens it.
//   initiation: the rate, the cycles before the same actions can be placed
//               again, set by the busiest port they book.
// Each action is placed at the latest ready time of its inputs plus its `at`,
// on the first cycle its port has room; each of its outputs is ready its own
// `at` after the action's last use of the port, and lands inside the span.
// With no declared latency a value is ready in the cycle it is made, so a row
// that books each port once has span == initiation. Charging
// the span as occupancy was the seed's headline defect: 80 steps where the
// hardware does 16.
#pragma once

#include <cstdint>
#include <map>
#include <string_view>
#include <vector>

#include "actions/machine.h"
#include "actions/structure.h"

namespace loom::actions {

struct Booking {
  int64_t span = 0, initiation = 0;
  bool empty() const { return initiation == 0; }
};

// Where one action landed: the cycles of its first and last use of its port.
struct Placement {
  size_t action;  // its index in the instruction's actions
  int64_t first, last;
};

// The instruction's actions on `unit` that fire `per` row or per instruction,
// for an instance whose operands have `values` (for `when`); with `placements`,
// where each landed: the calendar a row follows.
Booking book(const Machine& m, const Instruction& ins, std::string_view unit, Per per,
             const std::map<std::string, int64_t>& values = {}, std::vector<Placement>* placements = nullptr);

// The steps `unit` spends on one instruction of `rows` rows: rows x the
// per-row initiation, plus the per-instruction initiation.
int64_t work(const Machine& m, const Instruction& ins, std::string_view unit, int64_t rows,
             const std::map<std::string, int64_t>& values = {});

// The cycles each port of `unit` is busy over one instruction of `rows` rows:
// its uses (rows x those a row, plus those per instruction) over its
// capacity. A chain's channel port counts its two sides apart ("w_chain<"
// receives, "w_chain>" sends). The busiest is what binds the unit's work.
std::map<std::string, int64_t> port_cycles(const Machine& m, const Instruction& ins, std::string_view unit, int64_t rows,
                                           const std::map<std::string, int64_t>& values = {});

// The same, as the composed channels pass words (structure.h, Rate): a port
// whose channel passes under a word a cycle is busy ceil(n x cycles / words)
// for its n words, when that is longer than n over its capacity. Each word
// costs the port 1 / rate cycles: a channel of depth D, rw its read after
// write, passes D words every rw + 1 cycles (W(k + D) >= W(k) + rw + 1), so a
// depth-1 FIFO takes 2n cycles and a depth-2 RAM FIFO ceil(3n / 2).
std::map<std::string, int64_t> port_cycles(const Machine& m, const Structure& structure, const Instruction& ins,
                                           std::string_view unit, int64_t rows,
                                           const std::map<std::string, int64_t>& values = {});

// The cycles `unit` is busy with one instruction of `rows` rows: its work, or
// its busiest port's rated cycles where a channel holds it back. The pipeline
// keeps its ii, and stalls on the FIFO: the rate is no ii (it need not be a
// whole number of cycles a row), so it bounds the rows together, not each.
int64_t busy(const Machine& m, const Structure& structure, const Instruction& ins, std::string_view unit, int64_t rows,
             const std::map<std::string, int64_t>& values = {});

// The cycles from the first row's first effect to the last row's last:
// (rows - 1) x initiation + span, for the per-row actions.
int64_t latency(const Machine& m, const Instruction& ins, std::string_view unit, int64_t rows,
                const std::map<std::string, int64_t>& values = {});

}  // namespace loom::actions
