#include "machines/dottree/action_model.h"

#include "actions/book.h"
#include "actions/rule.h"
#include "compose/action_view.h"
#include "machines/dottree/builds.h"

namespace loom::dottree {
namespace {

using actions::Action;
using actions::Output;
using actions::Per;
using actions::Rows;

Action act(std::string unit, std::string port, std::string op, std::vector<std::string> takes,
           std::vector<Output> outputs, Per per = Per::row) {
  Action a;
  a.unit = std::move(unit);
  a.port = std::move(port);
  a.op = std::move(op);
  a.takes = std::move(takes);
  a.outputs = std::move(outputs);
  a.per = per;
  return a;
}

// The calendar the pipelines are built to: the products leave a cycle after
// the operands are read; the fold lands two cycles after the word arrives, and
// both taps leave two cycles after that. derive_machine() holds each unit's
// span to its composed pipeline depth.
constexpr int64_t kProductsLeave = 1, kFoldLands = 2, kTapsLeave = 2;

}  // namespace

Result<actions::Machine> derive_machine(const actions::Structure& st, int64_t numerics) {
  Status status;
  for (const char* unit : {"multiply", "tree", "store"})
    if (st.unit(unit) == nullptr) status.add("unit-not-composed", std::string("unit '") + unit + "'", "DotTree's reduce reaches it");
  const actions::ModelChannel* red_in = nullptr;
  for (const actions::ModelChannel& c : st.channels)
    if (c.name == "red_in") red_in = &c;
  if (red_in == nullptr) status.add("channel-not-composed", "channel 'red_in'", "the tree's input: its lanes are the fold's width");
  const actions::State* node = nullptr;
  for (const actions::State& s : st.states)
    if (s.name == "node") node = &s;
  if (node == nullptr) status.add("state-not-composed", "state 'node'", "the tree's node array");
  if (!status.ok()) return status;

  actions::Machine m = actions::implied_machine(st, "dottree");
  m.numerics = numerics == kRounding ? actions::Numerics::rounding : actions::Numerics::exact;
  for (actions::Unit& u : m.units) {
    u.elastic = false;  // each stage is an II=1 pipeline that must keep up, not a queue
    if (u.name == "multiply")
      u.ports.emplace_back("mul", 1, actions::PortOrigin::arithmetic, std::vector<std::string>{},
                           "the lane multipliers: one packed word of products a cycle");
    if (u.name == "tree")
      u.ports.emplace_back("adder", 1, actions::PortOrigin::arithmetic, std::vector<std::string>{},
                           "the adder tree: RED_LANES - 1 adders, one fold a cycle");
  }
  const int64_t lanes = red_in->lanes;

  actions::Instruction ins{kInstruction, {}, {}};
  auto& a = ins.actions;
  // The multiply stage keeps W, then multiplies each row by it.
  a.push_back(act("multiply", "W.read", "load", {}, {{"w_row"}}, Per::instruction));
  a.back().reads = Rows{"W", "", 1};
  a.push_back(act("multiply", "weights.write", "store", {"w_row"}, {}, Per::instruction));
  a.back().writes = Rows{"weights", "", 1};
  a.push_back(act("multiply", "X.read", "load", {}, {{"x"}}));
  a.back().reads = Rows{"X", ""};
  a.push_back(act("multiply", "weights.read", "load", {}, {{"w"}}));
  a.push_back(act("multiply", "mul", "mul", {"x", "w"}, {{"p"}}));
  a.push_back(act("multiply", "red_in", "send", {"p"}, {}));
  a.back().via = "red_in";
  a.back().at = kProductsLeave;
  // The tree: one fold, read at two taps.
  a.push_back(act("tree", "red_in", "receive", {}, {{"leaves"}}));
  a.back().via = "red_in";
  // Every access the body makes to its node array, a register each: the
  // leaves in, each adder's two children read and its sum written, and the
  // three tap nodes (0, then 1 and 2) read out.
  a.push_back(act("tree", "node.write", "store", {"leaves"}, {}));
  a.back().times = lanes;
  a.back().writes = Rows{"node", "", lanes};
  a.push_back(act("tree", "node.read", "load", {"leaves"}, {}));
  a.back().times = 2 * (lanes - 1);
  a.back().reads = Rows{"node", "", 2 * (lanes - 1)};
  a.push_back(act("tree", "adder", "fold", {"leaves"}, {{"root", kFoldLands}, {"half", kFoldLands}}));
  a.back().leaves = lanes;
  a.push_back(act("tree", "node.write", "store", {"root", "half"}, {}));
  a.back().times = lanes - 1;
  a.back().writes = Rows{"node", "", lanes - 1};
  a.push_back(act("tree", "node.read", "load", {"root", "half"}, {}));
  a.back().times = 3;
  a.back().reads = Rows{"node", "", 3};
  a.push_back(act("tree", "tap_root", "send", {"root"}, {}));
  a.back().via = "tap_root";
  a.back().at = kTapsLeave;
  a.push_back(act("tree", "tap_half", "send", {"half"}, {}));
  a.back().via = "tap_half";
  a.back().at = kTapsLeave;
  // The store writes both taps.
  a.push_back(act("store", "tap_root", "receive", {}, {{"s"}}));
  a.back().via = "tap_root";
  a.push_back(act("store", "tap_half", "receive", {}, {{"h"}}));
  a.back().via = "tap_half";
  a.push_back(act("store", "S.write", "store", {"s"}, {}));
  a.back().writes = Rows{"S", ""};
  a.push_back(act("store", "H.write", "store", {"h"}, {}));
  a.back().writes = Rows{"H", ""};
  m.instructions.push_back(std::move(ins));
  return m;
}

Status check_calendar(const actions::Machine& m, const actions::Structure& st) {
  // The calendar is declared in the actions and the depth in the unit: they must agree.
  Status status;
  for (const actions::Unit& u : m.units) {
    const actions::Booking b = actions::book(m, *m.instruction(kInstruction), u.name, Per::row);
    const actions::DerivedUnit* d = st.unit(u.name);
    if (d != nullptr && b.span != d->depth)
      status.add("span-not-depth", "unit '" + u.name + "'",
                 std::string(kInstruction) + "'s actions span " + std::to_string(b.span) +
                     " cycles a row on it, but its composed pipeline is " + std::to_string(d->depth) + " deep");
  }
  return status;
}

Result<ActionModel> action_model(const Region& region) {
  ActionModel model;
  model.structure = actions::structure(RegionView(region));
  auto machine = derive_machine(model.structure, region.params["NUMERICS"]);
  if (!machine.ok()) return machine.status();
  model.machine = std::move(machine).value();
  if (Status calendar = check_calendar(model.machine, model.structure); !calendar.ok()) return calendar;
  auto obligations = actions::check(model.machine);
  if (!obligations.ok()) return obligations.status();
  model.obligations = std::move(obligations).value();
  return model;
}

Result<actions::Projection> project(const ActionModel& model) {
  return actions::projection(model.structure, model.machine, {});
}

Cost cost(const ActionModel& model, int64_t rows) {
  Cost c;
  const actions::Machine& m = model.machine;
  const actions::Instruction& ins = *m.instruction(kInstruction);
  for (const actions::Unit& u : m.units)
    c.units.push_back({u.name, actions::work(m, ins, u.name, rows), actions::latency(m, ins, u.name, rows),
                       actions::book(m, ins, u.name, Per::row), actions::book(m, ins, u.name, Per::instruction)});
  // The rule at both numerics: a reassociation is discharged by EXACT sums only.
  actions::Machine exact = m, rounding = m;
  exact.numerics = actions::Numerics::exact;
  rounding.numerics = actions::Numerics::rounding;
  const auto under_exact = actions::check(exact), under_rounding = actions::check(rounding);
  if (under_exact.ok() && under_rounding.ok()) {
    for (size_t k = 0; k < under_exact.value().size(); ++k) {
      const actions::Obligation& o = under_exact.value()[k];
      if (k < m.claims.size()) continue;
      c.reassociations.push_back({o.where, o.claim, o.open, under_rounding.value()[k].open});
    }
  }
  for (size_t k = 0; k < m.claims.size(); ++k) c.others.push_back(model.obligations[k]);
  return c;
}

}  // namespace loom::dottree
