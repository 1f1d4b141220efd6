// Three-way conformance: one output's lanes as the ISA's reference model, the
// action executor (actions/execute.h) and the simulated unit bodies give them.
// Each is an independent description of the same instruction, so where one
// disagrees with the other two, that one is wrong; a difference names the
// row, the lane, the store that wrote it, and which description disagrees.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "actions/execute.h"
#include "common/status.h"
#include "units/buffer.h"

namespace loom {

struct ThreeWay {
  std::string output;  // a state of the action model, e.g. "C"
  int64_t lanes = 1;   // lanes a row
  // bodies empty: compared two ways (a memory the bodies keep on chip, or a
  // check that runs no body).
  std::vector<int64_t> reference, executor, bodies;
  // Lanes holding binary32 bits: every value compares bit for bit, but a NaN
  // matches any NaN, whose sign and payload are the implementation's.
  bool binary32 = false;
};

// Every lane compared three ways. Errors: conform-mismatch, each at "output
// 'NAME' row R lane L" with the store the executor last wrote it by (its
// instruction, action and row), saying which description disagrees and what
// each gives; at most `limit`, then a count; conform-shape when the three
// hold different numbers of lanes.
Status compare_three(const ThreeWay& outputs, const actions::ExecState& executed, int limit = 10);

// A buffer's lanes, each sign-extended from its width: how an argument's
// contents enter and leave the executor.
std::vector<int64_t> lanes_of(const Buffer& buffer);

// The lanes back as a buffer of `word`'s shape, each lane's low bits.
Buffer buffer_of(const std::vector<int64_t>& lanes, WordShape word);

}  // namespace loom
