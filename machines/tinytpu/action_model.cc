#include "machines/tinytpu/action_model.h"

#include <algorithm>
#include <cstdio>

#include "actions/book.h"
#include "actions/queries.h"
#include "actions/rule.h"
#include "compose/action_view.h"
#include "machines/tinytpu/isa_dsl.h"
#include "machines/tinytpu/tinytpu.h"
#include "spec/action_machine.h"

namespace loom::tinytpu {
namespace {

std::map<std::string, int64_t> build_values(const isa::Params& p) {
  return {{"T", p.T},
          {"MAXDIM", p.MAXDIM},
          {"QD", p.QD},
          {"AR_RAW_DIST", p.AR_RAW_DIST},
          {"IMEM_WORDS", p.IMEM_WORDS},
          {"DATA_QD", p.DATA_QD},
          {"OPERAND_ROWS", p.OPERAND_ROWS},
          {"SPAD_ROWS", p.SPAD_ROWS},
          {"VR_ROWS", p.VR_ROWS},
          {"AR_ROWS", p.AR_ROWS},
          {"DRAM_WORDS", p.DRAM_WORDS},
          {"T_LINKS", p.T_LINKS}};
}

}  // namespace

Result<ActionModel> action_model(const spec::IsaSpec& spec, const isa::Params& build) {
  auto machine = spec::action_machine(spec, build_values(build));
  if (!machine.ok()) return machine.status();
  auto obligations = actions::check(machine.value());
  if (!obligations.ok()) return obligations.status();
  return ActionModel{std::move(machine).value(), std::move(obligations).value()};
}

Result<actions::Projection> project(const spec::IsaSpec& spec, const actions::Machine& machine, const isa::Params& build) {
  const Overrides overrides = {{"T", build.T}, {"MAXDIM", build.MAXDIM}};
  auto arch = architecture(overrides);
  if (!arch.ok()) return arch.status();
  auto region = arch.value().compose(overrides);
  if (!region.ok()) return region.status();
  auto listed = spec::unmodelled(spec);
  if (!listed.ok()) return listed.status();
  return actions::projection(actions::structure(RegionView(region.value())), machine, listed.value());
}

std::map<std::string, int64_t> operand_values(const isa::Instruction& ins) {
  std::map<std::string, int64_t> values;
  const isa::OpcodeInfo& info = isa::info(ins.op);
  for (size_t f = 0; f < isa::kOperandFields; ++f)
    if (!info.operands[f].empty()) values[std::string(info.operands[f])] = ins.f[f];
  return values;
}

std::map<std::string, int64_t> work_counts(const actions::Machine& machine, const Assembled& program) {
  std::map<std::string, int64_t> work;
  for (const isa::Instruction& ins : dynamic_stream(program.encoded)) {
    const actions::Instruction* model = machine.instruction(isa::info(ins.op).name);
    if (model == nullptr) continue;
    const auto values = operand_values(ins);
    for (const actions::Unit& u : machine.units) work[u.name] += actions::work(machine, *model, u.name, ins.nr, values);
  }
  return work;
}

Status check_work_counts(const actions::Machine& machine, const Assembled& program) {
  Status status;
  const auto work = work_counts(machine, program);
  for (size_t h = 0; h < isa::kHeaderCount; ++h) {
    const std::string unit(isa::kHeaderUnits[h]);
    auto it = work.find(unit);
    const int64_t modelled = it == work.end() ? 0 : it->second;
    if (modelled != program.walk.counts[h])
      status.add("work-count", "unit '" + unit + "'",
                 "the action model counts " + std::to_string(modelled) + " steps, the header promises " +
                     std::to_string(program.walk.counts[h]));
  }
  return status;
}

Cost cost(const ActionModel& model, const Assembled& program) {
  const actions::Machine& m = model.machine;
  Cost c;
  char line[512];
  c.table += "per instruction (steps a unit spends; span/initiation of a row, or of the instruction where marked *):\n";
  std::snprintf(line, sizeof line, "  %-4s %-9s %5s  %s\n", "#", "opcode", "rows", "unit: steps (span/initiation)");
  c.table += line;
  const std::vector<isa::Instruction> stream = dynamic_stream(program.encoded);
  std::map<std::string, int64_t> work;
  // The longest row latency a unit adds, to the pipeline's fill.
  std::map<std::string, int64_t> span;
  for (size_t k = 0; k < stream.size(); ++k) {
    const isa::Instruction& ins = stream[k];
    const actions::Instruction* model_ins = m.instruction(isa::info(ins.op).name);
    if (model_ins == nullptr) continue;
    const auto values = operand_values(ins);
    std::string units;
    for (const std::string& u : actions::units_reached(*model_ins)) {
      const int64_t steps = actions::work(m, *model_ins, u, ins.nr, values);
      const actions::Booking row = actions::book(m, *model_ins, u, actions::Per::row, values);
      const actions::Booking once = actions::book(m, *model_ins, u, actions::Per::instruction, values);
      work[u] += steps;
      span[u] = std::max(span[u], row.span);
      if (steps == 0) continue;
      units += " " + u + ": " + std::to_string(steps) + " (" +
               (row.empty() ? std::to_string(once.span) + "/" + std::to_string(once.initiation) + "*"
                            : std::to_string(row.span) + "/" + std::to_string(row.initiation)) +
               ")";
    }
    std::snprintf(line, sizeof line, "  %-4zu %-9s %5lld %s\n", k, std::string(isa::info(ins.op).name).c_str(),
                  static_cast<long long>(ins.nr), units.c_str());
    c.table += line;
  }
  // The static estimate: the busiest unit's steps, plus the fill of the data
  // path in front of it (one step a unit and a row's span in each, and the
  // array's T + T diagonal), since every unit works in program order.
  int64_t busiest = 0;
  for (const auto& [u, w] : work)
    if (w > busiest) {
      busiest = w;
      c.bottleneck = u;
    }
  int64_t fill = 0;
  for (const auto& [u, s] : span) fill += s;
  c.estimate = busiest + fill;
  c.table += "\nper program (steps each unit works):\n";
  for (const auto& [u, w] : work) {
    std::snprintf(line, sizeof line, "  %-10s %8lld%s\n", u.c_str(), static_cast<long long>(w), u == c.bottleneck ? "  <- bottleneck" : "");
    c.table += line;
  }
  c.table += "static estimate: " + std::to_string(c.estimate) + " cycles (bottleneck " + c.bottleneck + " " +
             std::to_string(busiest) + " steps + fill " + std::to_string(fill) + ")\n";
  c.table += "\nobligations:\n";
  for (const actions::Obligation& o : model.obligations)
    if (o.open) c.table += "  OPEN  " + o.where + ": " + o.claim + "\n        because " + o.reason + "; discharged by " + o.discharged_under + "\n";
  size_t discharged = 0;
  for (const actions::Obligation& o : model.obligations) discharged += !o.open;
  c.table += "  and " + std::to_string(discharged) + " discharged under EXACT numerics (reassociations)\n";
  return c;
}

}  // namespace loom::tinytpu
