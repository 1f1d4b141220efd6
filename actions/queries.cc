#include "actions/queries.h"

#include <algorithm>
#include <map>

namespace loom::actions {

std::vector<std::string> units_reached(const Instruction& ins) {
  std::vector<std::string> out;
  for (const Action& a : ins.actions)
    if (std::find(out.begin(), out.end(), a.unit) == out.end()) out.push_back(a.unit);
  return out;
}

namespace {
std::string rows_text(const Rows& r) {
  std::string at = r.base;
  if (r.offset != 0 || at.empty()) at += (at.empty() ? "" : r.offset < 0 ? " - " : " + ") + std::to_string(r.offset < 0 && !at.empty() ? -r.offset : r.offset);
  return r.state + "[" + at + "]";
}

// Whether `load` reads only rows `store` wrote, in the same row of the instruction.
bool within(const Rows& load, const Rows& store) {
  return load.state == store.state && load.base == store.base && load.stride == store.stride && load.step == store.step &&
         load.offset >= store.offset && load.offset + load.count <= store.offset + store.count;
}
}  // namespace

std::vector<std::string> reads_before_writes(const Instruction& ins) {
  std::vector<std::string> out, written;
  for (const Action& a : ins.actions) {
    if (a.reads) {
      const std::string r = rows_text(*a.reads);
      if (std::find(written.begin(), written.end(), r) == written.end() && std::find(out.begin(), out.end(), r) == out.end())
        out.push_back(r);
    }
    if (a.writes) written.push_back(rows_text(*a.writes));
  }
  return out;
}

std::vector<std::string> values_out(const Instruction& ins) {
  std::map<std::string, std::string> expr;  // value -> expression
  const auto of = [&](const std::string& v) {
    auto it = expr.find(v);
    return it == expr.end() ? v : it->second;
  };
  std::vector<std::string> out;
  std::vector<std::pair<Rows, std::string>> stored;  // what the instruction's stores wrote so far
  for (const Action& a : ins.actions) {
    std::string e;
    if (a.op == "load" && a.reads) {
      e = rows_text(*a.reads) + (a.reads->count > 1 ? "[0.." + std::to_string(a.reads->count) + ")" : "");
      // Rows written earlier in the instruction read back as what was stored:
      // a tap of a fold kept in a node array reads `fold8(red_in)[1..3)`.
      for (auto it = stored.rbegin(); it != stored.rend(); ++it)
        if (within(*a.reads, it->first)) {
          const int64_t lo = a.reads->offset - it->first.offset, hi = lo + a.reads->count;
          e = it->second + (a.reads->count == it->first.count ? ""
                            : a.reads->count == 1                ? "[" + std::to_string(lo) + "]"
                                                                 : "[" + std::to_string(lo) + ".." + std::to_string(hi) + ")");
          break;
        }
    }
    else if (a.op == "receive") e = a.via.empty() ? (a.outputs.empty() ? "" : a.outputs[0].value) : a.via;
    else if (a.op == "add" && a.takes.size() == 2) e = "(" + of(a.takes[0]) + " + " + of(a.takes[1]) + ")";
    else if (a.op == "mul" && a.takes.size() == 2) e = "(" + of(a.takes[0]) + " * " + of(a.takes[1]) + ")";
    else if (a.op == "mac" && a.takes.size() == 2) e = "sum_k(" + of(a.takes[0]) + " * " + of(a.takes[1]) + ")";
    else if (a.op == "rectify" && a.takes.size() == 1) e = "relu(" + of(a.takes[0]) + ")";
    else if (a.op == "clip" && a.takes.size() == 1) e = "clip8(" + of(a.takes[0]) + ")";
    else if (a.op == "fold" && a.takes.size() == 1) e = "fold" + std::to_string(a.leaves) + "(" + of(a.takes[0]) + ")";
    else if (!a.takes.empty()) {
      e = a.op + "(";
      for (size_t k = 0; k < a.takes.size(); ++k) e += (k ? ", " : "") + of(a.takes[k]);
      e += ")";
    }
    const std::string condition = !a.when ? "" : " if " + a.when->operand + " in {" + [&] {
      std::string set;
      for (int64_t v : a.when->in) set += (set.empty() ? "" : ", ") + std::to_string(v);
      return set;
    }() + "}";
    // A condition is said once: a value made under it and stored under it
    // again reads "x if op in {1}", not "x if op in {1} if op in {1}".
    const auto conditioned = [&](const std::string& text) {
      const bool said = text.size() >= condition.size() && text.compare(text.size() - condition.size(), condition.size(), condition) == 0;
      return said ? text : text + condition;
    };
    // A second producer of one value is an alternative (`when` picks it). The
    // taps of one action with several outputs read as `fold8(red_in).root`.
    for (const Output& out : a.outputs) {
      std::string made = e.empty() ? out.value : e;
      if (!e.empty() && a.outputs.size() > 1) made += "." + out.value;
      if (!e.empty()) made = conditioned(made);
      auto it = expr.find(out.value);
      expr[out.value] = it == expr.end() ? made : "(" + it->second + " | " + made + ")";
    }
    if (a.op == "store" && a.writes && !a.takes.empty()) stored.emplace_back(*a.writes, of(a.takes[0]));
    if ((a.op == "store" || a.op == "send") && !a.takes.empty()) {
      const std::string dest = a.writes ? rows_text(*a.writes) : (a.via.empty() ? a.port : a.via);
      out.push_back(dest + " = " + conditioned(of(a.takes[0])));
    }
  }
  return out;
}

}  // namespace loom::actions
