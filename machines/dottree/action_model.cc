#include "machines/dottree/action_model.h"

#include <utility>

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
// both taps leave two cycles after that. check_calendar() holds each unit's
// span to its composed pipeline depth.
constexpr int64_t kProductsLeave = 1, kFoldLands = 2, kTapsLeave = 2;

}  // namespace

Result<RegionModel> model_of(actions::Machine m, const Region& region) {
  Status status;
  for (const char* unit : {"multiply", "tree", "store"})
    if (m.unit(unit) == nullptr) status.add("unit-not-composed", std::string("unit '") + unit + "'", "DotTree's reduce reaches it");
  const actions::ModelChannel* red_in = m.channel("red_in");
  if (red_in == nullptr) status.add("channel-not-composed", "channel 'red_in'", "the tree's input: its lanes are the fold's width");
  if (!status.ok()) return status;

  m.numerics = region.params["NUMERICS"] == kRounding ? actions::Numerics::rounding : actions::Numerics::exact;
  for (actions::Unit& u : m.units) u.elastic = false;  // each stage is an II=1 pipeline that must keep up, not a queue
  const int64_t lanes = red_in->lanes;
  const auto rows = [](const char* state, int64_t offset = 0, int64_t count = 1, int64_t step = 1) {
    return actions::Rows{state, "", count, offset, step};
  };

  actions::Instruction ins{kInstruction, {}, {}};
  auto& a = ins.actions;
  // The multiply stage keeps W, then multiplies each row by it.
  a.push_back(act("multiply", "W.read", "load", {}, {{"w_row"}}, Per::instruction));
  a.back().reads = rows("W", 0, 1, 0);
  a.push_back(act("multiply", "weights.write", "store", {"w_row"}, {}, Per::instruction));
  a.back().writes = rows("weights", 0, 1, 0);
  a.push_back(act("multiply", "X.read", "load", {}, {{"x"}}));
  a.back().reads = rows("X");
  a.push_back(act("multiply", "weights.read", "load", {}, {{"w"}}));
  a.back().reads = rows("weights", 0, 1, 0);
  a.push_back(act("multiply", "mul", "mul", {"x", "w"}, {{"p"}}));
  a.push_back(act("multiply", "red_in", "send", {"p"}, {}));
  a.back().via = "red_in";
  a.back().at = kProductsLeave;
  // The tree, over its node array in heap order (numerics.h): the leaves in
  // at nodes lanes - 1.., each adder reading its two children (the loads that
  // make no value) and writing its sum, then the root and nodes 1 and 2 out.
  a.push_back(act("tree", "red_in", "receive", {}, {{"leaves"}}));
  a.back().via = "red_in";
  a.push_back(act("tree", "node.write", "store", {"leaves"}, {}));
  a.back().times = lanes;
  a.back().writes = rows("node", lanes - 1, lanes, 0);
  a.push_back(act("tree", "node.read", "load", {"leaves"}, {}));
  a.back().times = 2 * (lanes - 1);
  a.push_back(act("tree", "adder", "fold", {"leaves"}, {{"sums", kFoldLands}}));
  a.back().leaves = lanes;
  a.push_back(act("tree", "node.write", "store", {"sums"}, {}));
  a.back().times = lanes - 1;
  a.back().writes = rows("node", 0, lanes - 1, 0);
  a.push_back(act("tree", "node.read", "load", {"sums"}, {{"root"}}));
  a.back().reads = rows("node", 0, 1, 0);
  a.push_back(act("tree", "node.read", "load", {"sums"}, {{"half"}}));
  a.back().times = 2;
  a.back().reads = rows("node", 1, 2, 0);
  for (const char* tap : {"root", "half"}) {
    const std::string channel = std::string("tap_") + tap;
    a.push_back(act("tree", channel, "send", {tap}, {}));
    a.back().via = channel;
    a.back().at = kTapsLeave;
  }
  // The store writes both taps.
  for (const auto& [channel, value] : {std::pair{"tap_root", "s"}, std::pair{"tap_half", "h"}}) {
    a.push_back(act("store", channel, "receive", {}, {{value}}));
    a.back().via = channel;
  }
  a.push_back(act("store", "S.write", "store", {"s"}, {}));
  a.back().writes = rows("S");
  a.push_back(act("store", "H.write", "store", {"h"}, {}));
  a.back().writes = rows("H");
  m.instructions.push_back(std::move(ins));
  return RegionModel{std::move(m), {{kInstruction, {}, region.params["ROWS"]}}};
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
  auto checked = checked_model(region, model_of);
  if (!checked.ok()) return checked.status();
  CheckedModel& c = checked.value();
  if (Status calendar = check_calendar(c.model.machine, c.structure); !calendar.ok()) return calendar;
  return ActionModel{std::move(c.structure), std::move(c.model.machine), std::move(c.obligations)};
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
