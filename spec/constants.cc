#include "spec/constants.h"

namespace loom::spec {
namespace {

std::string list(const std::vector<int64_t>& v) {
  std::string out;
  for (int64_t x : v) out += (out.empty() ? "" : ",") + std::to_string(x);
  return out;
}

}  // namespace

Constants constants(const IsaSpec& spec, const std::map<std::string, int64_t>& build) {
  Constants c;
  const auto n = [](int64_t v) { return std::to_string(v); };
  const auto slice = [&](const std::string& key, const Slice& s) {
    c[key + ".lo"] = n(s.lo);
    c[key + ".bits"] = n(s.bits);
  };
  const Expr::Lookup lookup = Expr::in(build);
  c["word_bits"] = n(spec.word_bits);
  c["field_limit"] = n(spec.field_limit);
  for (const Slice& f : spec.fields) slice("field." + f.name, f);
  for (const Opcode& op : spec.opcodes) {
    c["opcode." + op.name] = n(op.code);
    for (const Operand& o : op.operands) {
      if (!o.legal.empty()) c["operand." + op.name + "." + o.name + ".legal"] = list(o.legal);
      if (o.min != 0) c["operand." + op.name + "." + o.name + ".min"] = n(o.min);
    }
  }
  c["agu.terms"] = n(spec.agu_terms);
  c["agu.term_bits"] = n(spec.agu_term_bits);
  for (const Slice& s : spec.agu_subfields) slice("agu." + s.name, s);
  c["loops.depth"] = n(spec.loop_depth);
  // A program's first words are the headers, one per unit in this order.
  c["headers.count"] = n(static_cast<int64_t>(spec.headers.size()));
  for (size_t slot = 0; slot < spec.headers.size(); ++slot) c["header." + spec.headers[slot].unit + ".slot"] = n(static_cast<int64_t>(slot));
  for (const Header& h : spec.headers) {
    slice("header." + h.unit, h.slice);
    for (const HeaderTerm& t : h.terms) {
      const std::string key = "header." + h.unit + "." + t.op + (t.when_field ? "." + *t.when_field + "=" + list(t.when_in) : "");
      auto scale = t.scale.eval(lookup);
      c[key] = (scale.ok() ? n(scale.value()) : "?") + (t.per_row ? " per row" : " per instruction");
    }
  }
  for (const ChainHeader& h : spec.chain_headers) {
    slice("chain." + h.name, h.slice);
    c["chain." + h.name + ".carries"] = h.op + "." + h.carries;
  }
  for (const Parameter& p : spec.parameters) {
    c["parameter." + p.name + ".default"] = n(p.value);
    c["parameter." + p.name + ".min"] = n(p.min);
    c["parameter." + p.name + ".max"] = n(p.max);
  }
  for (const Derived& d : spec.derived) {
    auto v = lookup(d.name);
    c["derived." + d.name] = v ? n(*v) : "?";
  }
  for (const DistanceContract& d : spec.distance_contracts) {
    c["distance_contract." + d.name + ".unit"] = d.unit;
    c["distance_contract." + d.name + ".parameter"] = d.parameter;
  }
  for (const Numerics& num : spec.numerics) {
    const std::string key = "numerics." + num.name;
    c[key + ".operand_bits"] = n(num.operand_bits);
    c[key + ".acc_bits"] = n(num.acc_bits);
    c[key + ".clip_lo"] = n(num.clip_lo);
    c[key + ".clip_hi"] = n(num.clip_hi);
    c[key + ".scale"] = n(num.scale);
    c[key + ".shift"] = n(num.shift);
  }
  return c;
}

Status compare_constants(const Constants& spec, const Constants& design, const std::string& design_name,
                         const std::string& context) {
  Status status;
  for (const auto& [key, value] : spec) {
    auto it = design.find(key);
    const std::string where = "constant '" + key + "'" + context;
    if (it == design.end())
      status.add("disagrees", where, "the spec says " + value + ", and " + design_name + " states no value");
    else if (it->second != value)
      status.add("disagrees", where, "the spec says " + value + ", " + design_name + " says " + it->second);
  }
  for (const auto& [key, value] : design)
    if (!spec.count(key))
      status.add("disagrees", "constant '" + key + "'" + context,
                 design_name + " says " + value + ", and the spec has no such constant");
  return status;
}

}  // namespace loom::spec
