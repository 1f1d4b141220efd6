#include "spec/action_machine.h"

#include <optional>
#include <set>

#include "spec/json_reader.h"

namespace loom::spec {
namespace {

// What one action may repeat or wait, bounded so that booking (a cycle at a
// time) and costing spend little on any spec: no machine needs more.
constexpr int64_t kMaxRepeat = 4096;


// The spec's JSON reader, plus what the machine table needs beyond it: values
// that may be expressions over the build, bounds, and flags.
class Fields {
 public:
  Fields(const json& j, std::string path, Status& status, const std::map<std::string, int64_t>& build)
      : r_(j, std::move(path), kNoSource, status), build_(build) {}

  std::string text(const char* key, bool required = true) { return r_.text(key, required); }
  std::vector<std::string> texts(const char* key) { return r_.texts(key); }
  const json* get(const char* key) { return r_.get(key, false); }
  const std::string& path() const { return r_.path(); }
  // Names every key no one asked for: a typo is refused, not ignored.
  void finish() const { r_.finish(); }

  // value(), which must lie in [lo, hi].
  int64_t bounded(const char* key, int64_t fallback, int64_t lo, int64_t hi) {
    const int64_t v = value(key, fallback);
    if (v < lo || v > hi) {
      r_.error("illegal-value", "is " + std::to_string(v) + ", outside " + std::to_string(lo) + ".." + std::to_string(hi), key);
      return fallback;
    }
    return v;
  }
  bool flag(const char* key, bool fallback) {
    const json* v = get(key);
    if (v == nullptr) return fallback;
    if (!v->is_boolean()) {
      r_.error("wrong-type", "must be true or false", key);
      return fallback;
    }
    return v->get<bool>();
  }
  // A required array of integers.
  std::vector<int64_t> integers(const char* key) {
    const bool present = r_.has(key);
    const json* v = get(key);
    if (v == nullptr || !v->is_array()) {
      r_.error(present ? "wrong-type" : "missing-key", "must be an array of integers", key);
      return {};
    }
    return r_.integers(key);
  }
  // An integer, or an expression over the build's values.
  int64_t value(const char* key, int64_t fallback) {
    const json* v = get(key);
    if (v == nullptr) return fallback;
    if (v->is_number_integer()) return v->get<int64_t>();
    if (!v->is_string()) {
      r_.error("wrong-type", "must be an integer or an expression", key);
      return fallback;
    }
    auto e = r_.expr(key);
    if (!e) return fallback;
    auto result = e->eval(Expr::in(build_));
    if (!result.ok()) {
      for (const Error& err : result.errors()) r_.error(err.kind, err.message, key);
      return fallback;
    }
    return result.value();
  }

 private:
  static inline const std::string kNoSource;  // errors name the JSON path alone
  JsonReader r_;
  const std::map<std::string, int64_t>& build_;
};

Result<json> parse(const std::string& text, const std::string& what) {
  if (text.empty()) return Error{"missing-key", what, "the spec has none"};
  return parse_json(text, what);
}

template <class F>
void each(const json* array, const std::string& path, Status& status, const std::map<std::string, int64_t>& build, F f) {
  if (array == nullptr) return;
  if (!array->is_array()) {
    status.add("wrong-type", path, "must be an array");
    return;
  }
  if (array->size() > kMaxJsonArray) {
    status.add("too-many", path,
               "has " + std::to_string(array->size()) + " entries; a spec array may have " + std::to_string(kMaxJsonArray));
    return;
  }
  for (size_t i = 0; i < array->size(); ++i) {
    if (!(*array)[i].is_object()) {
      status.add("wrong-type", path + "/" + std::to_string(i), "must be an object");
      continue;
    }
    Fields fields((*array)[i], path + "/" + std::to_string(i), status, build);
    f(fields);
    fields.finish();
  }
}

// Each element's `name` once in an array of named things.
void unique_names(const json* array, const std::string& path, const char* what, Status& status) {
  if (array == nullptr || !array->is_array() || array->size() > kMaxJsonArray) return;
  std::set<std::string> seen;
  for (size_t i = 0; i < array->size(); ++i) {
    const json& e = (*array)[i];
    if (!e.is_object() || !e.contains("name") || !e["name"].is_string()) continue;
    if (!seen.insert(e["name"].get<std::string>()).second)
      status.add("duplicate-name", path + "/" + std::to_string(i) + "/name",
                 std::string(what) + " '" + e["name"].get<std::string>() + "' is declared twice");
  }
}

std::optional<actions::Rows> rows(const json* r, const std::string& path, Status& status,
                                  const std::map<std::string, int64_t>& build) {
  if (r == nullptr) return std::nullopt;
  if (!r->is_object()) {
    status.add("wrong-type", path, "must be an object");
    return std::nullopt;
  }
  Fields f(*r, path, status, build);
  actions::Rows out{f.text("state"), f.text("base"), f.bounded("count", 1, 1, kMaxRepeat)};
  out.stride = f.text("stride", false);
  f.finish();
  return out;
}

// The machine's numerics: "exact" (the default) or "rounding".
actions::Numerics read_numerics(Fields& top, Status& status) {
  const std::string numerics = top.text("numerics", false);
  if (numerics == "rounding") return actions::Numerics::rounding;
  if (!numerics.empty() && numerics != "exact") status.add("illegal-value", "/machine/numerics", "is 'exact' or 'rounding'");
  return actions::Numerics::exact;
}

// One unit of /machine/units: its initiation interval, kernels and ports, each
// port a plain one or an alias, arithmetic or counting port with its reason.
actions::Unit read_unit(Fields& u, Status& status, const std::map<std::string, int64_t>& build) {
  actions::Unit unit;
  unit.name = u.text("name");
  unit.ii = u.bounded("ii", 1, 1, 1'000'000);
  unit.kernels = u.texts("kernels");
  unit.elastic = u.flag("elastic", true);
  unique_names(u.get("ports"), u.path() + "/ports", "port", status);
  each(u.get("ports"), u.path() + "/ports", status, build, [&](Fields& p) {
    actions::ActionPort port(p.text("name"), p.bounded("capacity", 1, 1, 1'000'000));
    if (p.get("alias")) {
      port.origin = actions::PortOrigin::alias;
      port.stands_for = p.texts("alias");
      port.reason = p.text("reason");
    } else if (p.get("arithmetic")) {
      port.origin = actions::PortOrigin::arithmetic;
      port.reason = p.text("arithmetic");
    } else if (p.get("counting")) {
      port.origin = actions::PortOrigin::counting;
      port.reason = p.text("counting");
    }
    unit.ports.push_back(std::move(port));
  });
  return unit;
}

// The machine table: its units, states, channels and claims, each name once
// in its array.
void read_tables(Fields& top, actions::Machine& m, Status& status, const std::map<std::string, int64_t>& build) {
  unique_names(top.get("units"), "/machine/units", "unit", status);
  unique_names(top.get("states"), "/machine/states", "state", status);
  unique_names(top.get("channels"), "/machine/channels", "channel", status);
  each(top.get("units"), "/machine/units", status, build, [&](Fields& u) { m.units.push_back(read_unit(u, status, build)); });
  each(top.get("states"), "/machine/states", status, build, [&](Fields& s) {
    m.states.push_back({s.text("name"), s.bounded("rows", 0, 0, int64_t{1} << 40), s.bounded("lanes", 1, 1, 4096),
                        s.bounded("lane_bits", 8, 1, 64)});
  });
  each(top.get("channels"), "/machine/channels", status, build, [&](Fields& c) {
    m.channels.push_back({c.text("name"), c.bounded("lanes", 1, 1, 4096), c.bounded("lane_bits", 8, 1, 64)});
  });
  each(top.get("claims"), "/machine/claims", status, build, [&](Fields& c) {
    m.claims.push_back(
        {c.text("where"), c.text("claim"), c.text("reason"), c.text("discharged_under"), true, c.text("memory", false)});
  });
}

// One action of an opcode: where it runs, what it takes and produces (by
// `produces` or by `outputs`, not both), how often and when, the rows it reads
// and writes, and the operand values it is limited to. Every count is bounded,
// so booking (a cycle at a time) always ends soon.
actions::Action read_action(Fields& a, Status& status, const std::map<std::string, int64_t>& build) {
  actions::Action act;
  act.unit = a.text("unit");
  act.port = a.text("port");
  act.op = a.text("op");
  const std::string per = a.text("per", false);
  if (per == "instruction") act.per = actions::Per::instruction;
  else if (!per.empty() && per != "row") status.add("illegal-value", a.path() + "/per", "is 'row' or 'instruction'");
  act.takes = a.texts("takes");
  if (std::string value = a.text("produces", false); !value.empty()) act.outputs.push_back({value, 0});
  // Several values, each with its own latency: one fold read at two taps.
  if (const json* outputs = a.get("outputs")) {
    if (!act.outputs.empty())
      status.add("conflicting-keys", a.path() + "/outputs", "an action names its values by 'produces' or by 'outputs', not both");
    each(outputs, a.path() + "/outputs", status, build, [&](Fields& o) {
      act.outputs.push_back({o.text("value"), o.bounded("at", 0, 0, kMaxRepeat)});
    });
  }
  act.via = a.text("via", false);
  act.at = a.bounded("at", 0, 0, kMaxRepeat);
  act.times = a.bounded("times", 1, 1, kMaxRepeat);
  act.leaves = a.bounded("leaves", 0, 0, kMaxRepeat);
  act.bits = a.bounded("bits", 0, 0, 64);
  act.reads = rows(a.get("reads"), a.path() + "/reads", status, build);
  act.writes = rows(a.get("writes"), a.path() + "/writes", status, build);
  if (const json* w = a.get("when")) {
    if (!w->is_object()) {
      status.add("wrong-type", a.path() + "/when", "must be an object {operand, in}");
    } else {
      Fields when(*w, a.path() + "/when", status, build);
      act.when = actions::When{when.text("operand"), when.integers("in")};
      when.finish();
    }
  }
  return act;
}

// Opcode `o`'s instruction: its operands and its actions, read from the JSON
// the loader kept; nullopt when the opcode has no actions or they do not parse.
std::optional<actions::Instruction> read_instruction(const IsaSpec& spec, size_t o, Status& status,
                                                     const std::map<std::string, int64_t>& build) {
  const Opcode& op = spec.opcodes[o];
  if (op.actions_json.empty()) return std::nullopt;
  const std::string path = "/opcodes/" + std::to_string(o) + "/actions";
  auto parsed_acts = parse_json(op.actions_json, path);
  if (!parsed_acts.ok()) {
    status.merge(parsed_acts.status());
    return std::nullopt;
  }
  actions::Instruction ins;
  ins.name = op.name;
  for (const Operand& operand : op.operands) ins.operands.push_back(operand.name);
  each(&parsed_acts.value(), path, status, build, [&](Fields& a) { ins.actions.push_back(read_action(a, status, build)); });
  return ins;
}

}  // namespace

Result<actions::Machine> action_machine(const IsaSpec& spec, const std::map<std::string, int64_t>& build) {
  Status status;
  auto machine = parse(spec.machine_json, "spec /machine");
  if (!machine.ok()) return machine.status();
  const json& mj = machine.value();
  if (!mj.is_object()) return Error{"wrong-type", "/machine", "must be an object"};
  actions::Machine m;
  m.name = spec.isa;
  Fields top(mj, "/machine", status, build);
  m.numerics = read_numerics(top, status);
  read_tables(top, m, status, build);
  for (size_t o = 0; o < spec.opcodes.size(); ++o)
    if (auto ins = read_instruction(spec, o, status, build)) m.instructions.push_back(std::move(*ins));
  top.get("unmodelled");  // read by unmodelled()
  top.text("doc", false);
  top.finish();
  if (!status.ok()) return status;
  return m;
}

Result<std::vector<actions::Unmodelled>> unmodelled(const IsaSpec& spec) {
  Status status;
  auto machine = parse(spec.machine_json, "spec /machine");
  if (!machine.ok()) return machine.status();
  if (!machine.value().is_object()) return Error{"wrong-type", "/machine", "must be an object"};
  std::vector<actions::Unmodelled> out;
  const std::map<std::string, int64_t> none;
  each(machine.value().contains("unmodelled") ? &machine.value()["unmodelled"] : nullptr, "/machine/unmodelled", status,
       none, [&](Fields& u) { out.push_back({u.text("unit"), u.text("port"), u.text("reason")}); });
  if (!status.ok()) return status;
  return out;
}

}  // namespace loom::spec
