#include "actions/estimate.h"

#include <algorithm>
#include <map>

#include "actions/book.h"
#include "actions/queries.h"

namespace loom::actions {
namespace {

bool applies(const Action& a, const std::map<std::string, int64_t>& values) {
  if (!a.when) return true;
  auto it = values.find(a.when->operand);
  return it == values.end() || std::find(a.when->in.begin(), a.when->in.end(), it->second) != a.when->in.end();
}

// The port whose uses take `unit` the most cycles over the invocation, as its
// channels pass words.
std::string busiest_port(const Machine& m, const Structure& st, const Invocation& inv, const std::string& unit) {
  std::string best;
  int64_t most = -1;
  for (const auto& [port, cycles] : port_cycles(m, st, *inv.instruction, unit, inv.rows, inv.operands))
    if (cycles > most) most = cycles, best = port;
  return best;
}

}  // namespace

Estimate estimate(const Machine& m, const Structure& st, const Invocation& inv, const ControlCosts& control) {
  Estimate e;
  if (inv.instruction == nullptr) return e;
  const Instruction& ins = *inv.instruction;
  // When a unit's first word leaves its kernel, and its last.
  std::map<std::string, int64_t> first_out, last_out;
  int64_t end = 0, busiest = -1;
  for (const std::string& name : units_reached(ins)) {
    const Unit* u = m.unit(name);
    if (u == nullptr) continue;  // the rule refuses it
    Estimate::UnitTime t{name, work(m, ins, name, inv.rows, inv.operands), crossing(st, *u), 0, 0,
                         busiest_port(m, st, inv, name), busy(m, st, ins, name, inv.rows, inv.operands)};
    int64_t read_wait = 0, response = 0;
    for (const Action& a : ins.actions)
      if (a.unit == name && applies(a, inv.operands)) {
        const OffChip dram = off_chip(st, *u, a.port);
        read_wait = std::max(read_wait, dram.read_latency);
        response = std::max(response, dram.write_response);
      }
    // Fed by a channel: it starts when the first word has crossed the sender,
    // and cannot finish before the last has.
    int64_t first_in = control.start + control.entry, last_in = 0;
    for (const Action& a : ins.actions)
      if (a.unit == name && a.op == "receive")
        for (const Action& s : ins.actions)
          if (s.op == "send" && s.via == a.via && s.unit != name && first_out.count(s.unit)) {
            first_in = std::max(first_in, first_out[s.unit]);
            last_in = std::max(last_in, last_out[s.unit]);
          }
    t.start = first_in + read_wait;
    const int64_t last = std::max(t.start + t.busy, last_in + 1);
    first_out[name] = t.start + t.latency;
    last_out[name] = last + t.latency;
    t.end = last + t.latency + response + control.exit;
    end = std::max(end, t.end);
    if (t.busy > busiest) busiest = t.busy, e.bottleneck = name, e.bottleneck_port = t.port;
    e.units.push_back(std::move(t));
  }
  e.cycles = end + control.done;
  return e;
}

}  // namespace loom::actions
