// A spec's behavioural model: the machine table (units, ports, states,
// channels, claims, and the composed ports it leaves out) and each opcode's
// actions, built into an actions::Machine under one build, with every
// expression (rows, lanes, how many times an action fires) evaluated there.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "actions/machine.h"
#include "actions/structure.h"
#include "common/status.h"
#include "spec/isa_spec.h"

namespace loom::spec {

// Errors name the JSON path: missing-key, wrong-type, bad-expression, and the
// expression errors. The rule (actions/rule.h) is not run here.
Result<actions::Machine> action_machine(const IsaSpec& spec, const std::map<std::string, int64_t>& build);

// The composed ports the machine leaves out, each with its reason.
Result<std::vector<actions::Unmodelled>> unmodelled(const IsaSpec& spec);

}  // namespace loom::spec
