#include "actions/book.h"

#include <algorithm>

namespace loom::actions {

namespace {

bool applies(const Action& a, const std::map<std::string, int64_t>& values) {
  if (!a.when) return true;
  auto it = values.find(a.when->operand);
  if (it == values.end()) return true;  // no instance given: count it
  return std::find(a.when->in.begin(), a.when->in.end(), it->second) != a.when->in.end();
}

}  // namespace

Booking book(const Machine& m, const Instruction& ins, std::string_view unit, Per per,
             const std::map<std::string, int64_t>& values, std::vector<Placement>* placements) {
  const Unit* u = m.unit(unit);
  std::map<std::string, int64_t> ready;                     // value -> cycle it is ready
  std::map<std::string, std::map<int64_t, int64_t>> booked;  // port -> cycle -> uses
  std::map<std::string, int64_t> uses;                      // port -> uses a row
  bool placed = false;
  int64_t first = 0, last = 0;
  for (size_t index = 0; index < ins.actions.size(); ++index) {
    const Action& a = ins.actions[index];
    if (a.unit != unit || a.per != per || !applies(a, values)) continue;
    int64_t t = 0;
    for (const std::string& v : a.takes) {
      auto it = ready.find(v);
      if (it != ready.end()) t = std::max(t, it->second);  // a value made on another unit is ready at 0
    }
    t += a.at;
    const ActionPort* p = u ? u->port(a.port) : nullptr;
    const int64_t capacity = p ? std::max<int64_t>(p->capacity, 1) : 1;
    const std::string key = p ? p->side(a.op) : a.port;
    while (booked[key][t] >= capacity) ++t;
    const int64_t start = t;
    // Each use takes the first cycle with room from here on.
    for (int64_t k = 0; k < std::max<int64_t>(a.times, 1); ++k) {
      while (booked[key][t] >= capacity) ++t;
      ++booked[key][t];
      ++uses[key];
    }
    if (placements) placements->push_back({index, start, t});
    first = placed ? std::min(first, start) : start;
    last = placed ? std::max(last, t) : t;
    // A value of several uses is ready after the last; each output lands on its own.
    for (const Output& out : a.outputs) {
      ready[out.value] = t + out.at;
      last = std::max(last, t + out.at);
    }
    placed = true;
  }
  Booking b;
  if (!placed) return b;
  b.span = last - first + 1;
  for (const auto& [key, n] : uses) {
    const ActionPort* p = u ? u->port(key.substr(0, key.find_first_of("<>"))) : nullptr;
    const int64_t capacity = p ? std::max<int64_t>(p->capacity, 1) : 1;
    b.initiation = std::max(b.initiation, (n + capacity - 1) / capacity);
  }
  return b;
}

int64_t work(const Machine& m, const Instruction& ins, std::string_view unit, int64_t rows,
             const std::map<std::string, int64_t>& values) {
  return rows * book(m, ins, unit, Per::row, values).initiation + book(m, ins, unit, Per::instruction, values).initiation;
}

namespace {

// Each port's (or side's) uses over one instruction of `rows` rows, and the
// cycles they take at its capacity.
struct PortUses {
  int64_t uses = 0, cycles = 0;
};

std::map<std::string, PortUses> port_uses(const Machine& m, const Instruction& ins, std::string_view unit, int64_t rows,
                                          const std::map<std::string, int64_t>& values) {
  const Unit* u = m.unit(unit);
  std::map<std::string, int64_t> row_uses, once_uses, capacity;
  std::map<std::string, PortUses> out;
  for (const Action& a : ins.actions)
    if (a.unit == unit && applies(a, values)) {
      const ActionPort* p = u ? u->port(a.port) : nullptr;
      const std::string key = p ? p->side(a.op) : a.port;
      (a.per == Per::row ? row_uses : once_uses)[key] += std::max<int64_t>(a.times, 1);
      capacity[key] = p ? std::max<int64_t>(p->capacity, 1) : 1;
    }
  for (const auto& entry : capacity) {  // not a structured binding: clang 14 does not capture one in a lambda
    const std::string& key = entry.first;
    const int64_t c = entry.second;
    const auto uses = [&](const std::map<std::string, int64_t>& of, int64_t times) {
      auto it = of.find(key);
      return it == of.end() ? int64_t{0} : it->second * times;
    };
    const auto cycles = [&](int64_t n) { return (n + c - 1) / c; };
    out[key] = {uses(row_uses, rows) + uses(once_uses, 1), cycles(uses(row_uses, rows)) + cycles(uses(once_uses, 1))};
  }
  return out;
}

}  // namespace

std::map<std::string, int64_t> port_cycles(const Machine& m, const Instruction& ins, std::string_view unit, int64_t rows,
                                           const std::map<std::string, int64_t>& values) {
  std::map<std::string, int64_t> out;
  for (const auto& [key, p] : port_uses(m, ins, unit, rows, values)) out[key] = p.cycles;
  return out;
}

std::map<std::string, int64_t> port_cycles(const Machine& m, const Structure& st, const Instruction& ins,
                                           std::string_view unit, int64_t rows,
                                           const std::map<std::string, int64_t>& values) {
  const Unit* u = m.unit(unit);
  std::map<std::string, int64_t> out;
  for (const auto& [key, p] : port_uses(m, ins, unit, rows, values)) {
    const Rate r = u ? rate(st, *u, key) : Rate{};
    out[key] = r.throttles() ? std::max(p.cycles, r.cycles_for(p.uses)) : p.cycles;
  }
  return out;
}

int64_t busy(const Machine& m, const Structure& st, const Instruction& ins, std::string_view unit, int64_t rows,
             const std::map<std::string, int64_t>& values) {
  int64_t out = work(m, ins, unit, rows, values);
  for (const auto& [key, cycles] : port_cycles(m, st, ins, unit, rows, values)) out = std::max(out, cycles);
  return out;
}

int64_t latency(const Machine& m, const Instruction& ins, std::string_view unit, int64_t rows,
                const std::map<std::string, int64_t>& values) {
  const Booking b = book(m, ins, unit, Per::row, values);
  if (b.empty() || rows <= 0) return 0;
  return (rows - 1) * b.initiation + b.span;
}

}  // namespace loom::actions
