// Running an instruction through its action list: the third description of
// what it does, beside the ISA's reference model and the unit bodies, and
// built from neither. State rows are words of the lanes and widths the
// machine declares; values flow from the action that makes them to those that
// take them; each op has one semantics over lanes (docs/actions.md, "The
// executor"). No unit body and no simulator is involved, so a disagreement
// between the three says which description is wrong.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "actions/machine.h"
#include "common/status.h"

namespace loom::actions {

// Every state's rows, flat: row r of a state of L lanes is lanes r*L ..
// r*L + L - 1. Under EXACT numerics a lane holds its integer, sign-extended
// from the state's lane width; under ROUNDING, the bits of a binary32.
struct ExecState {
  std::map<std::string, std::vector<int64_t>> states;
  // Which store last wrote each lane, as an index into `writes` (-1: none
  // yet): what a disagreement names. An entry points into the machine's
  // instructions, so it is read while the machine lives.
  struct Write {
    size_t invocation;  // into `invocations`
    size_t action;
    int64_t row;  // -1: a per-instruction action
  };
  struct Invoked {
    std::string where;
    const Instruction* instruction;
  };
  std::map<std::string, std::vector<int32_t>> written_by;
  std::vector<Write> writes;
  std::vector<Invoked> invocations;
  // How often each instruction's each action ran (an action under `when`
  // runs only where its operand says): what a conformance run covered.
  std::map<std::string, std::vector<int64_t>> action_runs;
  // The store that last wrote lane `lane` of `state`, e.g. "instruction 3
  // (mvout) action 6 (dma_st.C.write) row 0", or "" if none did.
  std::string writer(const std::string& state, size_t lane) const;
  // The rows of `state` (zeros) for each of the machine's states not yet held.
  void fill(const Machine& m);
};

// One instruction's instance: its operands by name and its row count.
struct Invocation {
  const Instruction* instruction = nullptr;
  std::map<std::string, int64_t> operands;
  int64_t rows = 1;
  std::string where;  // how errors name it, e.g. "instruction 7 (mm)"
};

// Runs the invocation on `state`: the per-instruction actions once, in list
// order, then each row's per-row actions in list order, skipping an action
// whose `when` its operands fail. Values an action sends on a channel are
// received in the order they were sent. Errors, each naming the instruction,
// the action (its index, unit and port) and the row: exec-no-semantics (an op
// the executor does not define), exec-value-missing (a value taken that no
// action taken so far made), exec-out-of-range (a row outside its state),
// exec-width (lanes that do not fit the op, the rows or the channel),
// exec-nothing-sent (a receive with nothing on its channel), exec-left-on-channel
// (a value sent that no action received).
Status execute(const Machine& m, const Invocation& invocation, ExecState& state);

// The low `bits` of v, sign-extended: a lane narrowed to a declared width
// (ap_int's conversion rule, docs/hls.md "One integer semantics").
int64_t narrow(int64_t v, int64_t bits);

}  // namespace loom::actions
