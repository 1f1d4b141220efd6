#include "spec/derived_properties.h"

#include <algorithm>

namespace loom::spec {

std::optional<int64_t> legal_trip_frontier(const Operand& operand, int64_t base, int64_t stride) {
  if (operand.legal.empty()) return std::nullopt;
  const auto legal = [&](int64_t v) { return std::find(operand.legal.begin(), operand.legal.end(), v) != operand.legal.end(); };
  if (!legal(base)) return 0;
  if (stride == 0) return std::nullopt;
  int64_t trips = 1;
  while (legal(base + trips * stride)) ++trips;
  return trips;
}

std::optional<int64_t> ceiling(const IsaSpec& spec, const Predicate& predicate,
                               const std::map<std::string, int64_t>& fixed) {
  if (!predicate.ceiling_of) return std::nullopt;
  const Parameter* p = spec.parameter(*predicate.ceiling_of);
  if (p == nullptr) return std::nullopt;
  std::map<std::string, int64_t> values;
  for (const Parameter& q : spec.parameters) values[q.name] = q.value;
  for (const auto& [k, v] : fixed) values[k] = v;
  const int64_t step = predicate.step ? values[*predicate.step] : 1;
  if (step <= 0) return std::nullopt;
  for (int64_t v = p->max / step * step; v >= p->min && v > 0; v -= step) {
    values[p->name] = v;
    // Derived values may feed the predicate.
    std::map<std::string, int64_t> all = values;
    if (!spec.derive(all).ok()) continue;
    auto holds = predicate.expr.eval(Expr::in(all));
    if (holds.ok() && holds.value() != 0) return v;
  }
  return std::nullopt;
}

std::vector<int64_t> step_values(const IsaSpec& spec, const Predicate& predicate) {
  std::vector<int64_t> out;
  const Parameter* p = predicate.step ? spec.parameter(*predicate.step) : nullptr;
  if (p == nullptr) return {1};
  for (int64_t v = 1; v <= p->max; v *= 2) {
    if (v >= p->min) out.push_back(v);
    if (v > p->max / 2) break;
  }
  return out;
}

std::vector<std::string> describe_derived_properties(const IsaSpec& spec) {
  std::vector<std::string> out;
  for (const Opcode& op : spec.opcodes)
    for (const Operand& o : op.operands) {
      if (o.legal.empty()) continue;
      auto f = legal_trip_frontier(o, 0, 1);
      out.push_back("`" + op.name + "." + o.name + "` driven by a loop at base 0, stride 1: legal for " +
                    (f ? std::to_string(*f) + " iterations, rejected at iteration " + std::to_string(*f + 1) : "any trip count"));
    }
  for (const std::vector<Predicate>* group : {&spec.constraints, &spec.program_limits})
    for (const Predicate& p : *group) {
      if (!p.ceiling_of) continue;
      std::string line = "ceiling of " + *p.ceiling_of + " from `" + p.name + "` (" + p.expr.text() + "):";
      for (int64_t t : step_values(spec, p)) {
        std::map<std::string, int64_t> fixed;
        if (p.step) fixed[*p.step] = t;
        auto c = ceiling(spec, p, fixed);
        line += " " + (p.step ? *p.step + "=" + std::to_string(t) + ": " : "") + (c ? std::to_string(*c) : "none") + ";";
      }
      line.pop_back();
      out.push_back(line);
    }
  return out;
}

}  // namespace loom::spec
