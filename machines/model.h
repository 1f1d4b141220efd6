// What a machine says of its action model beside its registration, and what
// every machine then gets from it: `project` (any composed region, with or
// without a model), `cost` and `conform`. The model is the machine the
// composition implies (actions::implied_machine: every channel, memory and
// argument endpoint a port, each unit's pipeline its ii, the arithmetic ports
// its units declare) plus the machine's own instructions, and the calls its
// workload makes of them: a non-ISA machine's one invocation is one call.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "actions/estimate.h"
#include "actions/execute.h"
#include "actions/machine.h"
#include "actions/structure.h"
#include "common/status.h"
#include "compose/region.h"
#include "machines/workload.h"

namespace loom {

struct RegionModel {
  actions::Machine machine;
  struct Call {
    std::string instruction;
    std::map<std::string, int64_t> operands = {};
    int64_t rows = 1;
  };
  std::vector<Call> calls;  // what the workload runs, in order
  // Why the executor cannot run it, where it cannot (conform then refuses
  // with exec-not-modelled, naming this); empty: it can.
  std::string not_executable = {};
};

// Given the machine the composition implies, the machine's additions: its
// instructions, its calls and its numerics, in a few lines (docs/tutorial.md).
using ModelOf = std::function<Result<RegionModel>(actions::Machine implied, const Region& region)>;

// The model of `region`, checked: the rule's obligations, and its projection
// onto the structure (every port DERIVED, or ARITHMETIC as its unit declares).
// An empty `model_of` gives the implied machine alone, with no calls.
struct CheckedModel {
  actions::Structure structure;
  RegionModel model;
  std::vector<actions::Obligation> obligations;
  actions::Projection projection;
  int64_t region_done = 0;  // what the region's block protocol adds after its last process (control_timing.h)
};
Result<CheckedModel> checked_model(const Region& region, const ModelOf& model_of);

// The calls run through the executor from the workload's inputs, every other
// state zero. Errors: exec-not-modelled, exec-state (an input the model has
// no state of, or of another size), the executor's.
Result<actions::ExecState> execute_calls(const CheckedModel& checked, const ArgumentContents& inputs);

// Every output the workload expects, three ways: its reference, the executor
// from its inputs, and `simulated` (the bodies' final arguments); with no
// `simulated`, two ways, and no body runs.
Status conform_workload(const CheckedModel& checked, const Workload& work, const ArgumentContents* simulated);

// The static estimate of the calls, one after another.
struct CallsEstimate {
  std::vector<actions::Estimate> calls;
  int64_t cycles = 0;
};
CallsEstimate estimate_calls(const CheckedModel& checked);

}  // namespace loom
