#include "machines/model.h"

#include "actions/rule.h"
#include "compose/action_view.h"
#include "compose/sim/control_timing.h"
#include "machines/conform.h"

namespace loom {

Result<CheckedModel> checked_model(const Region& region, const ModelOf& model_of) {
  CheckedModel c;
  c.region_done = region_done(region.control);
  c.structure = actions::structure(RegionView(region));
  actions::Machine implied = actions::implied_machine(c.structure, region.name);
  if (model_of) {
    auto model = model_of(std::move(implied), region);
    if (!model.ok()) return model.status();
    c.model = std::move(model).value();
  } else {
    c.model.machine = std::move(implied);
    c.model.not_executable = "the machine declares no instructions (machines/model.h)";
  }
  Status status;
  for (size_t k = 0; k < c.model.calls.size(); ++k)
    if (c.model.machine.instruction(c.model.calls[k].instruction) == nullptr)
      status.add("unknown-instruction", "call " + std::to_string(k),
                 "names '" + c.model.calls[k].instruction + "', which is not an instruction of " + c.model.machine.name);
  if (!status.ok()) return status;
  auto obligations = actions::check(c.model.machine);
  if (!obligations.ok()) return obligations.status();
  c.obligations = std::move(obligations).value();
  auto projected = actions::projection(c.structure, c.model.machine, {});
  if (!projected.ok()) return projected.status();
  c.projection = std::move(projected).value();
  return c;
}

namespace {
actions::Invocation invocation(const CheckedModel& c, size_t k) {
  const RegionModel::Call& call = c.model.calls[k];
  return {c.model.machine.instruction(call.instruction), call.operands, call.rows,
          "call " + std::to_string(k) + " (" + call.instruction + ")"};
}
}  // namespace

Result<actions::ExecState> execute_calls(const CheckedModel& c, const ArgumentContents& inputs) {
  if (!c.model.not_executable.empty())
    return Error{"exec-not-modelled", "machine '" + c.model.machine.name + "'", c.model.not_executable};
  actions::ExecState state;
  for (const auto& [name, buffer] : inputs) {
    const actions::State* st = c.model.machine.state(name);
    std::vector<int64_t> lanes = lanes_of(buffer);
    if (st == nullptr || st->lanes != buffer.word().lanes || st->lane_bits != buffer.word().lane_bits ||
        static_cast<int64_t>(lanes.size()) != st->rows * st->lanes)
      return Error{"exec-state", "input '" + name + "'",
                   st == nullptr ? "the model has no state of that name"
                                 : "holds " + std::to_string(buffer.rows()) + " rows of " + buffer.word().to_string() +
                                       ", the model's state " + std::to_string(st->rows) + " of " +
                                       std::to_string(st->lanes) + "x" + std::to_string(st->lane_bits)};
    state.states[name] = std::move(lanes);
  }
  state.fill(c.model.machine);
  for (size_t k = 0; k < c.model.calls.size(); ++k)
    if (Status s = actions::execute(c.model.machine, invocation(c, k), state); !s.ok()) return s;
  return state;
}

Status conform_workload(const CheckedModel& c, const Workload& work, const ArgumentContents* simulated) {
  auto executed = execute_calls(c, work.inputs);
  if (!executed.ok()) return executed.status();
  Status status;
  for (const auto& [name, expected] : work.expected) {
    auto exec = executed.value().states.find(name);
    const bool missing = simulated != nullptr && !simulated->count(name);
    if (missing || exec == executed.value().states.end()) {
      status.add("conform-shape", "output '" + name + "'",
                 missing ? "the simulation left no argument of that name" : "the model has no state of that name");
      continue;
    }
    const bool binary32 = c.model.machine.numerics == actions::Numerics::rounding && expected.word().lane_bits == 32;
    status.merge(compare_three({name, expected.word().lanes, lanes_of(expected), exec->second,
                                simulated ? lanes_of(simulated->at(name)) : std::vector<int64_t>{}, binary32},
                               executed.value()));
  }
  return status;
}

CallsEstimate estimate_calls(const CheckedModel& c) {
  CallsEstimate out;
  const actions::ControlCosts control{kProcessStart, kLoopEntry, kLoopExit, c.region_done};
  for (size_t k = 0; k < c.model.calls.size(); ++k) {
    out.calls.push_back(actions::estimate(c.model.machine, c.structure, invocation(c, k), control));
    out.cycles += out.calls.back().cycles;
  }
  return out;
}

}  // namespace loom
