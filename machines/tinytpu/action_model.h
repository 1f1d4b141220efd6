// TinyTPU's behavioural model at work: the machine built from isa_spec.json,
// its projection onto the composed region, the work each unit does for a
// program (which must equal the header counts the assembler sends), and the
// static cost of a program.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "actions/machine.h"
#include "actions/structure.h"
#include "common/status.h"
#include "actions/execute.h"
#include "machines/tinytpu/assembler.h"
#include "machines/tinytpu/reference.h"
#include "spec/isa_spec.h"

namespace loom::tinytpu {

// The machine under one build; the rule is run, and its obligations returned
// beside it. Errors: the spec's machine table's, then the rule's refusals.
struct ActionModel {
  actions::Machine machine;
  std::vector<actions::Obligation> obligations;
};
Result<ActionModel> action_model(const spec::IsaSpec& spec, const isa::Params& build);

// What the composed region at `build` implies.
Result<actions::Structure> composed_structure(const isa::Params& build);

// The machine's ports against the composed region at `build`.
Result<actions::Projection> project(const spec::IsaSpec& spec, const actions::Machine& machine, const isa::Params& build);

// An instruction's operands by the spec's names, for `when`.
std::map<std::string, int64_t> operand_values(const isa::Instruction& ins);

// Steps each unit spends on the program's whole dynamic stream.
std::map<std::string, int64_t> work_counts(const actions::Machine& machine, const Assembled& program);

// Holds the work counts of `program` to its header counts; a difference is a
// named error, work-count, naming the unit.
Status check_work_counts(const actions::Machine& machine, const Assembled& program);

// The program run through the action lists (actions/execute.h) from
// `initial`'s memories and matrices: no unit body, no simulator. Errors: the
// executor's, naming the instruction by its place in the dynamic stream;
// exec-state when `initial` does not hold a state the machine declares, at its
// size.
Result<actions::ExecState> execute_program(const actions::Machine& machine, const Assembled& program,
                                           const IsaState& initial);

// C three ways: the reference model's final state, the executor's, and the
// bodies' (the simulated C; empty: two ways, no body run); spad, vr and ar,
// which the bodies keep on chip, two ways. Errors: the executor's, then
// compare_three's.
// `executed`, if not null, gets the executor's final state (its action_runs
// say what the program covered).
Status conform_program(const actions::Machine& machine, const Assembled& program, const IsaState& initial,
                       const IsaState& reference, const std::vector<int64_t>& simulated_C,
                       actions::ExecState* executed = nullptr);

// The static cost report `loom cost` prints, and its estimate of the cycles.
struct Cost {
  std::string table;
  int64_t estimate = 0;
  int64_t prologue = 0;  // cycles before the first instruction issues: the start, and the sequencer's prefetch of the program
  int64_t landing = 0;   // cycles dma_ld spends landing A and B on chip before it serves a row
  std::string bottleneck, bottleneck_port;  // the unit that works longest, and the port that binds it
  // The table's figures, for --json.
  struct UnitStep {
    std::string unit;
    int64_t steps = 0, span = 0, initiation = 0;
    bool per_instruction = false;  // span and initiation of the whole instruction, not of a row
  };
  struct Row {
    std::string opcode;
    int64_t rows = 0;
    std::vector<UnitStep> units;
  };
  std::vector<Row> instructions;  // the dynamic stream, in order
  struct UnitWork {
    int64_t steps = 0, latency = 0;
  };
  std::map<std::string, UnitWork> work;
};
// The estimate schedules each instruction on the units it reaches, in program
// order (as every unit works): on a unit it starts when the unit is free and
// the unit before it in the instruction's dataflow has started and a row has
// crossed it, and it holds the unit for its work. Unit latencies come from the
// composed structure's pipeline depths, so nothing is declared twice.
Cost cost(const ActionModel& model, const Assembled& program, const actions::Structure& structure);

}  // namespace loom::tinytpu
