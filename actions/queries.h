// Queries over an instruction's one list of actions.
#pragma once

#include <string>
#include <vector>

#include "actions/machine.h"

namespace loom::actions {

// The units the instruction reaches, in the order its actions first touch them.
std::vector<std::string> units_reached(const Instruction& ins);

// The state rows it reads before (any action of it) writes them, e.g. "ar[dst]"
// for an accumulating mm.
std::vector<std::string> reads_before_writes(const Instruction& ins);

// The value each store or send puts out, as an expression over what was loaded
// or received, e.g. "relu(ar[a] + ar[b])". One line per output; an output or a
// value that only some operand values produce says so ("if route in {0, 1}"),
// and alternatives read "(A[src] if route in {0, 2} | B[src] if route in {1, 3})".
std::vector<std::string> values_out(const Instruction& ins);

}  // namespace loom::actions
