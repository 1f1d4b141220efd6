// Writing an instruction's actions in C++, a line an action, beside a
// machine's registration (docs/tutorial.md, "An action model"):
//
//   InstructionBuilder b("matvec");
//   b.load("loader", "W.read", "w", rows("W", 0, words, words)).times(words);
//   b.send("loader", "x_down", "w").times(words);
//   ...
//   machine.instructions.push_back(b.done());
//
// Every call appends one action; the modifiers after it (times, at, once,
// when, bits, leaves) change that last action. What the rule and the
// executor make of each field is in docs/actions.md.
#pragma once

#include <cassert>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "actions/machine.h"

namespace loom::actions {

// Rows of `state` a row of the instruction touches: `count` rows from
// `offset` + r x `step` (step 0: the same rows every row).
inline Rows rows(std::string state, int64_t offset = 0, int64_t count = 1, int64_t step = 1) {
  return Rows{std::move(state), "", count, offset, step};
}

class InstructionBuilder {
 public:
  explicit InstructionBuilder(std::string name, std::vector<std::string> operands = {}) {
    ins_.name = std::move(name);
    ins_.operands = std::move(operands);
  }

  // Makes `value` from the rows read; with no value, the reads only book the port.
  InstructionBuilder& load(std::string unit, std::string port, std::string value, Rows from,
                           std::vector<std::string> after = {}) {
    Action& a = add(std::move(unit), std::move(port), "load", std::move(after), std::move(value));
    a.reads = std::move(from);
    return *this;
  }
  // A load that reads nothing a value carries: the reads an op makes of its operands where they live.
  InstructionBuilder& touch(std::string unit, std::string port, std::vector<std::string> after) {
    add(std::move(unit), std::move(port), "load", std::move(after), "");
    return *this;
  }
  InstructionBuilder& store(std::string unit, std::string port, std::vector<std::string> values, Rows into) {
    Action& a = add(std::move(unit), std::move(port), "store", std::move(values), "");
    a.writes = std::move(into);
    return *this;
  }
  // On the channel of the port's name.
  InstructionBuilder& send(std::string unit, std::string channel, std::string value) {
    Action& a = add(std::move(unit), channel, "send", {std::move(value)}, "");
    a.via = std::move(channel);
    return *this;
  }
  InstructionBuilder& receive(std::string unit, std::string channel, std::string value) {
    Action& a = add(std::move(unit), channel, "receive", {}, std::move(value));
    a.via = std::move(channel);
    return *this;
  }
  // Arithmetic: select, mul, add, mac, rectify, clip or fold, on the unit's arithmetic port.
  InstructionBuilder& compute(std::string unit, std::string port, std::string op, std::vector<std::string> takes,
                              std::string value) {
    add(std::move(unit), std::move(port), std::move(op), std::move(takes), std::move(value));
    return *this;
  }

  // Modifiers of the last action.
  InstructionBuilder& times(int64_t n) { return last().times = n, *this; }
  InstructionBuilder& at(int64_t cycles) { return last().at = cycles, *this; }
  InstructionBuilder& once() { return last().per = Per::instruction, *this; }
  InstructionBuilder& bits(int64_t b) { return last().bits = b, *this; }
  InstructionBuilder& leaves(int64_t n) { return last().leaves = n, *this; }
  // Its value is ready `cycles` after its last use of the port.
  InstructionBuilder& ready(int64_t cycles) {
    for (Output& o : last().outputs) o.at = cycles;
    return *this;
  }
  InstructionBuilder& when(std::string operand, std::vector<int64_t> in) {
    return last().when = When{std::move(operand), std::move(in)}, *this;
  }

  Instruction done() { return std::move(ins_); }

 private:
  Action& add(std::string unit, std::string port, std::string op, std::vector<std::string> takes, std::string value) {
    Action a;
    a.unit = std::move(unit);
    a.port = std::move(port);
    a.op = std::move(op);
    a.takes = std::move(takes);
    if (!value.empty()) a.outputs.push_back({std::move(value), 0});
    ins_.actions.push_back(std::move(a));
    return ins_.actions.back();
  }
  Action& last() {
    assert(!ins_.actions.empty() && "a modifier follows the action it changes");
    return ins_.actions.back();
  }

  Instruction ins_;
};

}  // namespace loom::actions
