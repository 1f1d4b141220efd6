#include "machines/dottree/action_model.h"

#include "actions/book.h"
#include "actions/builder.h"
#include "actions/rule.h"
#include "compose/action_view.h"
#include "machines/dottree/builds.h"

namespace loom::dottree {
namespace {

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
  using actions::rows;
  actions::InstructionBuilder b(kInstruction);
  // The multiply stage keeps W, then multiplies each row by it.
  b.load("multiply", "W.read", "w_row", rows("W", 0, 1, 0)).once();
  b.store("multiply", "weights.write", {"w_row"}, rows("weights", 0, 1, 0)).once();
  b.load("multiply", "X.read", "x", rows("X"));
  b.load("multiply", "weights.read", "w", rows("weights", 0, 1, 0));
  b.compute("multiply", "mul", "mul", {"x", "w"}, "p");
  b.send("multiply", "red_in", "p").at(kProductsLeave);
  // The tree, over its node array in heap order (numerics.h): the leaves in
  // at nodes lanes - 1.., each adder reading its two children and writing its
  // sum, then the root and nodes 1 and 2 out to the taps.
  b.receive("tree", "red_in", "leaves");
  b.store("tree", "node.write", {"leaves"}, rows("node", lanes - 1, lanes, 0)).times(lanes);
  b.touch("tree", "node.read", {"leaves"}).times(2 * (lanes - 1));
  b.compute("tree", "adder", "fold", {"leaves"}, "sums").leaves(lanes).ready(kFoldLands);
  b.store("tree", "node.write", {"sums"}, rows("node", 0, lanes - 1, 0)).times(lanes - 1);
  b.load("tree", "node.read", "root", rows("node", 0, 1, 0), {"sums"});
  b.load("tree", "node.read", "half", rows("node", 1, 2, 0), {"sums"}).times(2);
  b.send("tree", "tap_root", "root").at(kTapsLeave);
  b.send("tree", "tap_half", "half").at(kTapsLeave);
  // The store writes both taps.
  b.receive("store", "tap_root", "s");
  b.receive("store", "tap_half", "h");
  b.store("store", "S.write", {"s"}, rows("S"));
  b.store("store", "H.write", {"h"}, rows("H"));
  m.instructions.push_back(b.done());
  return RegionModel{std::move(m), {{kInstruction, {}, region.params["ROWS"]}}};
}

Status check_calendar(const actions::Machine& m, const actions::Structure& st) {
  // The calendar is declared in the actions and the depth in the unit: they must agree.
  Status status;
  for (const actions::Unit& u : m.units) {
    const actions::Booking b = actions::book(m, *m.instruction(kInstruction), u.name, actions::Per::row);
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
                       actions::book(m, ins, u.name, actions::Per::row), actions::book(m, ins, u.name, actions::Per::instruction)});
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
