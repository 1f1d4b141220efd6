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
std::string rows_text(const Rows& r) { return r.state + "[" + r.base + "]"; }
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
  for (const Action& a : ins.actions) {
    std::string e;
    if (a.op == "load" && a.reads) e = rows_text(*a.reads) + (a.reads->count > 1 ? "[0.." + std::to_string(a.reads->count) + ")" : "");
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
    if ((a.op == "store" || a.op == "send") && !a.takes.empty()) {
      const std::string dest = a.writes ? rows_text(*a.writes) : (a.via.empty() ? a.port : a.via);
      out.push_back(dest + " = " + conditioned(of(a.takes[0])));
    }
  }
  return out;
}

}  // namespace loom::actions
