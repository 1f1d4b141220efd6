#include "actions/rule.h"

#include <algorithm>
#include <map>
#include <set>

#include "actions/book.h"

namespace loom::actions {

Result<std::vector<Obligation>> check(const Machine& m) {
  Status status;
  Status unused;  // values never taken: refused, but the rates are still worth checking
  std::vector<Obligation> obligations = m.claims;
  for (const Instruction& ins : m.instructions) {
    const std::string at_ins = "instruction '" + ins.name + "'";
    std::set<std::string> made;                   // values produced so far
    std::map<std::string, std::string> arrived;   // value -> channel it came on
    std::set<std::string> operands(ins.operands.begin(), ins.operands.end());
    std::set<std::string> taken;                  // values some action consumes
    std::map<std::string, std::string> made_by;   // value -> the action that first makes it
    for (size_t k = 0; k < ins.actions.size(); ++k) {
      const Action& a = ins.actions[k];
      const std::string where = at_ins + " action " + std::to_string(k) + " (" + a.unit + "." + a.port + ")";
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
      for (const std::string& v : a.takes) {
        taken.insert(v);
        if (made.count(v)) continue;
        bool later = false;
        for (size_t j = k + 1; j < ins.actions.size(); ++j) later = later || ins.actions[j].makes(v);
        if (later) status.add("value-before-produced", where, "takes '" + v + "', which no earlier action produces");
        else status.add("value-never-made", where, "takes '" + v + "', which no action of the instruction makes");
      }
      if (a.op == "fold") {
        // The width comes from the channel the value arrived on.
        for (const std::string& v : a.takes) {
          auto it = arrived.find(v);
          const ModelChannel* c = it == arrived.end() ? nullptr : m.channel(it->second);
          if (c && c->lanes != a.leaves)
            status.add("fold-width", where,
                       "folds " + std::to_string(a.leaves) + " leaves of '" + v + "', which arrived on '" + c->name +
                           "' with " + std::to_string(c->lanes) + " lanes");
        }
      }
      // One per action, however many taps read it: one tree is one reassociation.
      if (a.op == "fold" || a.op == "mac") {
        Obligation o{where, "the " + a.op + " reassociates its sum (a tree, not left to right)",
                     "reassociation changes a result only under rounding", "EXACT numerics",
                     m.numerics == Numerics::rounding};
        obligations.push_back(o);
      }
      if (a.at < 0) status.add("negative-latency", where, "is placed " + std::to_string(a.at) + " cycles after its inputs");
      std::set<std::string> outputs;
      for (const Output& out : a.outputs) {
        if (out.value.empty()) status.add("unnamed-output", where, "makes a value with no name");
        if (!outputs.insert(out.value).second)
          status.add("duplicate-output", where, "makes '" + out.value + "' twice");
        if (out.at < 0)
          status.add("negative-latency", where,
                     "makes '" + out.value + "' " + std::to_string(out.at) + " cycles after its port is used");
        made.insert(out.value);
        made_by.emplace(out.value, where);
        // A value keeps the width of the channel it arrived on through lane-wise
        // work, not through a fold, which narrows it: a fold of a tap is not
        // held to the channel's lanes.
        if (!a.via.empty() && a.op == "receive") arrived[out.value] = a.via;
        else if (a.op != "fold")
          for (const std::string& v : a.takes)
            if (arrived.count(v)) arrived[out.value] = arrived[v];
      }
    }
    // A value no action takes is work the hardware would do for nothing, or
    // a use the model lost (a send dropped, an operand misnamed).
    for (const auto& [value, where] : made_by)
      if (!taken.count(value))
        unused.add("unused-value", where, "makes '" + value + "', which no action of the instruction takes");
    // Nor is a value made under an operand's value no action taking it runs
    // under: an accumulate read left unpredicated reads for nothing when the
    // instruction overwrites. An operand's values are those its `when`s name.
    std::map<std::string, std::set<int64_t>> domain;
    for (const Action& a : ins.actions)
      if (a.when) domain[a.when->operand].insert(a.when->in.begin(), a.when->in.end());
    const auto fires = [&](const Action& a, const std::string& operand) {
      if (!a.when || a.when->operand != operand) return domain[operand];
      return std::set<int64_t>(a.when->in.begin(), a.when->in.end());
    };
    for (const auto& [operand, values] : domain)
      for (size_t k = 0; k < ins.actions.size(); ++k)
        for (const Output& out : ins.actions[k].outputs) {
          if (!taken.count(out.value)) continue;
          std::set<int64_t> takers;
          for (const Action& b : ins.actions)
            if (std::find(b.takes.begin(), b.takes.end(), out.value) != b.takes.end())
              for (int64_t v : fires(b, operand)) takers.insert(v);
          for (int64_t v : fires(ins.actions[k], operand))
            if (!takers.count(v)) {
              unused.add("unused-value", at_ins + " action " + std::to_string(k) + " (" + ins.actions[k].unit + "." + ins.actions[k].port + ")",
                         "makes '" + out.value + "' when " + operand + " is " + std::to_string(v) + ", where no action takes it");
              break;
            }
        }
  }
  // Rates, per instruction and unit, once the names are known good; each
  // combination of the values `when` tells apart is booked on its own, since
  // exclusive alternatives never fire together.
  if (status.ok())
    for (const Instruction& ins : m.instructions)
      for (const Unit& u : m.units) {
        if (u.elastic) continue;
        std::map<std::string, std::set<int64_t>> choices;
        for (const Action& a : ins.actions)
          if (a.unit == u.name && a.when) choices[a.when->operand].insert(a.when->in.begin(), a.when->in.end());
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
  status.merge(unused);
  if (!status.ok()) return status;
  return obligations;
}

}  // namespace loom::actions
