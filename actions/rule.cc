// The one-sided rule (rule.h), in the order it refuses: each instruction's
// actions walked once, in order, for the names they use, the values they take
// and make and the widths they fold; then the values made for nothing; then,
// once every name is known good, each non-elastic unit's rate against its ii.
#include "actions/rule.h"

#include <algorithm>
#include <map>
#include <set>

#include "actions/book.h"

namespace loom::actions {
namespace {

// What the walk of one instruction's actions knows of its values so far.
struct Values {
  std::set<std::string> made;                  // produced so far
  std::map<std::string, std::string> arrived;  // value -> the channel it came on
  std::set<std::string> taken;                 // values some action consumes
  std::map<std::string, std::string> made_by;  // value -> the action that first makes it
};

// Where every refusal about ins.actions[k] points: the instruction, the
// action's position and its unit and port.
std::string action_where(const Instruction& ins, size_t k) {
  const Action& a = ins.actions[k];
  return "instruction '" + ins.name + "' action " + std::to_string(k) + " (" + a.unit + "." + a.port + ")";
}

// Refuses each name `a` uses that the machine or the instruction lacks, into
// `status`: its unit and port (unknown-unit, unknown-port), the states its
// rows touch (unknown-state), the operands its rows and `when` read
// (unknown-operand), the channel it goes by (unknown-channel).
void check_names(const Machine& m, const Action& a, const std::set<std::string>& operands, const std::string& where,
                 Status& status) {
  const Unit* u = m.unit(a.unit);
  if (u == nullptr) status.add("unknown-unit", where, "'" + a.unit + "' is not a unit of " + m.name);
  else if (u->port(a.port) == nullptr)
    status.add("unknown-port", where, "unit '" + a.unit + "' has no port '" + a.port + "'");
  for (const std::optional<Rows>* rows : {&a.reads, &a.writes}) {
    if (!*rows) continue;
    if (m.state((*rows)->state) == nullptr)
      status.add("unknown-state", where, "'" + (*rows)->state + "' is not a state of " + m.name);
    if (!(*rows)->base.empty() && !operands.count((*rows)->base))
      status.add("unknown-operand", where, "rows based on '" + (*rows)->base + "', which is not an operand");
    if (!(*rows)->stride.empty() && !operands.count((*rows)->stride))
      status.add("unknown-operand", where, "rows strided by '" + (*rows)->stride + "', which is not an operand");
  }
  if (a.when && !operands.count(a.when->operand))
    status.add("unknown-operand", where, "'when' reads '" + a.when->operand + "', which is not an operand");
  if (!a.via.empty() && m.channel(a.via) == nullptr)
    status.add("unknown-channel", where, "'" + a.via + "' is not a channel of " + m.name);
}

// Records each value ins.actions[k] takes as taken, and refuses one no
// earlier action made: value-before-produced when a later one makes it,
// value-never-made when none does.
void check_takes(const Instruction& ins, size_t k, const std::string& where, Values& values, Status& status) {
  for (const std::string& v : ins.actions[k].takes) {
    values.taken.insert(v);
    if (values.made.count(v)) continue;
    bool later = false;
    for (size_t j = k + 1; j < ins.actions.size(); ++j) later = later || ins.actions[j].makes(v);
    if (later) status.add("value-before-produced", where, "takes '" + v + "', which no earlier action produces");
    else status.add("value-never-made", where, "takes '" + v + "', which no action of the instruction makes");
  }
}

// A fold's leaf count against the lanes of the channel each value it takes
// arrived on (fold-width); a value that arrived on no channel is not held.
void check_fold_width(const Machine& m, const Action& a, const std::string& where, const Values& values,
                      Status& status) {
  if (a.op != "fold") return;
  for (const std::string& v : a.takes) {
    auto it = values.arrived.find(v);
    const ModelChannel* c = it == values.arrived.end() ? nullptr : m.channel(it->second);
    if (c && c->lanes != a.leaves)
      status.add("fold-width", where,
                 "folds " + std::to_string(a.leaves) + " leaves of '" + v + "', which arrived on '" + c->name +
                     "' with " + std::to_string(c->lanes) + " lanes");
  }
}

// Refuses a negative `at` and each unnamed, twice-named or negative-latency
// output of `a`; records each output as made, by whom, and the channel whose
// width it keeps.
void check_outputs(const Action& a, const std::string& where, Values& values, Status& status) {
  if (a.at < 0) status.add("negative-latency", where, "is placed " + std::to_string(a.at) + " cycles after its inputs");
  std::set<std::string> outputs;
  for (const Output& out : a.outputs) {
    if (out.value.empty()) status.add("unnamed-output", where, "makes a value with no name");
    if (!outputs.insert(out.value).second) status.add("duplicate-output", where, "makes '" + out.value + "' twice");
    if (out.at < 0)
      status.add("negative-latency", where,
                 "makes '" + out.value + "' " + std::to_string(out.at) + " cycles after its port is used");
    values.made.insert(out.value);
    values.made_by.emplace(out.value, where);
    // A value keeps the width of the channel it arrived on through lane-wise
    // work, not through a fold, which narrows it: a fold of a tap is not
    // held to the channel's lanes.
    if (!a.via.empty() && a.op == "receive") values.arrived[out.value] = a.via;
    else if (a.op != "fold")
      for (const std::string& v : a.takes)
        if (values.arrived.count(v)) values.arrived[out.value] = values.arrived[v];
  }
}

// Walks `ins`'s actions in order: every refusal of their names, values,
// widths and outputs into `status`, and one reassociation obligation per fold
// or mac action into `obligations`. Returns what the walk learned of the
// instruction's values.
Values check_actions(const Machine& m, const Instruction& ins, Status& status, std::vector<Obligation>& obligations) {
  Values values;
  const std::set<std::string> operands(ins.operands.begin(), ins.operands.end());
  for (size_t k = 0; k < ins.actions.size(); ++k) {
    const Action& a = ins.actions[k];
    const std::string where = action_where(ins, k);
    check_names(m, a, operands, where, status);
    check_takes(ins, k, where, values, status);
    check_fold_width(m, a, where, values, status);
    // One per action, however many taps read it: one tree is one reassociation.
    if (a.op == "fold" || a.op == "mac")
      obligations.push_back({where, "the " + a.op + " reassociates its sum (a tree, not left to right)",
                             "reassociation changes a result only under rounding", "EXACT numerics",
                             m.numerics == Numerics::rounding});
    check_outputs(a, where, values, status);
  }
  return values;
}

// A value no action takes is work the hardware would do for nothing, or a
// use the model lost (a send dropped, an operand misnamed): unused-value,
// into `unused`, in the values' order.
void unused_values(const Values& values, Status& unused) {
  for (const auto& [value, where] : values.made_by)
    if (!values.taken.count(value))
      unused.add("unused-value", where, "makes '" + value + "', which no action of the instruction takes");
}

// Nor is a value made under an operand's value no action taking it runs
// under: an accumulate read left unpredicated reads for nothing when the
// instruction overwrites. An operand's values are those its `when`s name.
// Each output taken at all, but not under one of those values, is
// unused-value once, into `unused`.
void unused_under_operands(const Instruction& ins, const Values& values, Status& unused) {
  std::map<std::string, std::set<int64_t>> domain;
  for (const Action& a : ins.actions)
    if (a.when) domain[a.when->operand].insert(a.when->in.begin(), a.when->in.end());
  // The values of `operand` an action runs under: its `when`'s, or all of them.
  const auto fires = [&](const Action& a, const std::string& operand) {
    if (!a.when || a.when->operand != operand) return domain.at(operand);
    return std::set<int64_t>(a.when->in.begin(), a.when->in.end());
  };
  for (const auto& [operand, all] : domain)
    for (size_t k = 0; k < ins.actions.size(); ++k)
      for (const Output& out : ins.actions[k].outputs) {
        if (!values.taken.count(out.value)) continue;
        std::set<int64_t> takers;
        for (const Action& b : ins.actions)
          if (std::find(b.takes.begin(), b.takes.end(), out.value) != b.takes.end())
            for (int64_t v : fires(b, operand)) takers.insert(v);
        for (int64_t v : fires(ins.actions[k], operand))
          if (!takers.count(v)) {
            unused.add("unused-value", action_where(ins, k),
                       "makes '" + out.value + "' when " + operand + " is " + std::to_string(v) +
                           ", where no action takes it");
            break;
          }
      }
}

// Every combination of the operand values that `unit`'s actions' `when`s in
// `ins` tell apart, each operand's values in order: {{}} when none has one.
// Exclusive alternatives never fire together, so each is booked on its own.
std::vector<std::map<std::string, int64_t>> when_cases(const Instruction& ins, const std::string& unit) {
  std::map<std::string, std::set<int64_t>> choices;
  for (const Action& a : ins.actions)
    if (a.unit == unit && a.when) choices[a.when->operand].insert(a.when->in.begin(), a.when->in.end());
  std::vector<std::map<std::string, int64_t>> cases = {{}};
  for (const auto& [operand, values] : choices) {
    std::vector<std::map<std::string, int64_t>> next;
    for (const auto& c : cases)
      for (int64_t v : values) {
        auto with = c;
        with[operand] = v;
        next.push_back(with);
      }
    cases = next;
  }
  return cases;
}

// Refuses each non-elastic unit that an instruction books more often than its
// ii, per row and per instruction, in its worst case (over-rate). Requires
// every name the actions use to be the machine's (check_names).
void check_rates(const Machine& m, Status& status) {
  for (const Instruction& ins : m.instructions)
    for (const Unit& u : m.units) {
      if (u.elastic) continue;
      const std::vector<std::map<std::string, int64_t>> cases = when_cases(ins, u.name);
      for (Per per : {Per::row, Per::instruction}) {
        Booking b;
        for (const auto& values : cases) {
          const Booking one = book(m, ins, u.name, per, values);
          if (one.initiation > b.initiation) b = one;
        }
        if (b.initiation > u.ii)
          status.add("over-rate", "instruction '" + ins.name + "' on unit '" + u.name + "'",
                     "books a port " + std::to_string(b.initiation) + " times a " +
                         (per == Per::row ? "row" : "instruction") + ", but the unit is not elastic and its ii is " +
                         std::to_string(u.ii) + " (latency is not the limit: its span is " + std::to_string(b.span) + ")");
      }
    }
}

}  // namespace

Result<std::vector<Obligation>> check(const Machine& m) {
  Status status;
  Status unused;  // values never taken: refused, but the rates are still worth checking
  std::vector<Obligation> obligations = m.claims;
  for (const Instruction& ins : m.instructions) {
    const Values values = check_actions(m, ins, status, obligations);
    unused_values(values, unused);
    unused_under_operands(ins, values, unused);
  }
  // Rates once the names are known good.
  if (status.ok()) check_rates(m, status);
  status.merge(unused);
  if (!status.ok()) return status;
  return obligations;
}

}  // namespace loom::actions
