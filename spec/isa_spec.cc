#include "spec/isa_spec.h"

#include "common/files.h"
#include "spec/json_reader.h"

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

namespace loom::spec {


const Operand* Opcode::operand(std::string_view n) const {
  for (const Operand& o : operands)
    if (o.name == n) return &o;
  return nullptr;
}
const Operand* Opcode::operand_in(std::string_view f) const {
  for (const Operand& o : operands)
    if (o.field == f) return &o;
  return nullptr;
}

template <class T>
static const T* find_named(const std::vector<T>& v, std::string_view name) {
  for (const T& x : v)
    if (x.name == name) return &x;
  return nullptr;
}
const Slice* IsaSpec::field(std::string_view n) const { return find_named(fields, n); }
const Slice* IsaSpec::agu_subfield(std::string_view n) const { return find_named(agu_subfields, n); }
const Opcode* IsaSpec::opcode(std::string_view n) const { return find_named(opcodes, n); }
const Parameter* IsaSpec::parameter(std::string_view n) const { return find_named(parameters, n); }
const Header* IsaSpec::header(std::string_view unit) const {
  for (const Header& h : headers)
    if (h.unit == unit) return &h;
  return nullptr;
}
const DistanceContract* IsaSpec::distance_contract(std::string_view n) const { return find_named(distance_contracts, n); }
const Numerics* IsaSpec::numerics_record(std::string_view n) const { return find_named(numerics, n); }
std::vector<const Slice*> IsaSpec::operand_fields() const {
  std::vector<const Slice*> out;
  for (const Slice& f : fields)
    if (f.name != "opcode" && f.name != "nr") out.push_back(&f);
  return out;
}

Status IsaSpec::derive(std::map<std::string, int64_t>& values) const {
  for (const Derived& d : derived) {
    auto v = d.expr.eval(Expr::in(values));
    if (!v.ok()) return v.status();
    values[d.name] = v.value();
  }
  return {};
}

Result<std::map<std::string, int64_t>> IsaSpec::resolve(const std::map<std::string, int64_t>& overrides) const {
  Status status;
  std::map<std::string, int64_t> values;
  for (const Parameter& p : parameters) values[p.name] = p.value;
  for (const auto& [name, value] : overrides) {
    const Parameter* p = parameter(name);
    if (p == nullptr) {
      status.add("unknown-parameter", "parameter '" + name + "'", "is not a parameter of " + isa);
    } else if (value < p->min || value > p->max) {
      status.add("parameter-out-of-range", "parameter '" + name + "'",
                 std::to_string(value) + " is outside [" + std::to_string(p->min) + ", " + std::to_string(p->max) + "]");
    } else {
      values[name] = value;
    }
  }
  if (!status.ok()) return status;
  if (Status derived_ok = derive(values); !derived_ok.ok()) return derived_ok;
  for (const Predicate& c : constraints) {
    auto v = c.expr.eval(Expr::in(values));
    if (!v.ok()) return v.status();
    if (v.value() == 0) {
      std::string given;
      for (const std::string& n : c.expr.names()) given += (given.empty() ? "" : ", ") + n + "=" + std::to_string(values[n]);
      status.add("constraint-violated", "constraint '" + c.name + "'", "'" + c.expr.text() + "' fails at " + given);
    }
  }
  if (!status.ok()) return status;
  return values;
}

namespace {

using Reader = JsonReader;


// A named bit slice: lo and bits, each in range.
Slice slice(Reader& r, std::string_view name_key = "name") {
  Slice s;
  s.name = r.text(name_key);
  const int64_t lo = r.integer("lo");
  if (lo < 0 || lo > 63) r.error("field-outside-word", "a slice starts at bit 0 to 63, not " + std::to_string(lo), "lo");
  else s.lo = static_cast<int>(lo);
  s.bits = r.bounded("bits", 1, 64, "a slice's width");
  s.doc = r.text("doc", false);
  return s;
}

// Two slices of one word may not share a bit, and each must fit it.
void check_slices(const std::vector<Slice>& slices, int word_bits, const std::string& what, const Reader& r,
                  const std::string& key, Status& status) {
  for (size_t i = 0; i < slices.size(); ++i) {
    const Slice& a = slices[i];
    const std::string at = r.where(key + "/" + std::to_string(i));
    if (a.hi() > word_bits)
      status.add("field-outside-word", at,
                 what + " '" + a.name + "' covers bits " + std::to_string(a.lo) + ".." + std::to_string(a.hi() - 1) +
                     ", past bit " + std::to_string(word_bits - 1));
    // Each slice's first clash of each kind: one error per slice, not per pair.
    bool named = false, overlapped = false;
    for (size_t j = 0; j < i; ++j) {
      const Slice& b = slices[j];
      if (!named && a.name == b.name) {
        status.add("duplicate-name", at, what + " '" + a.name + "' is declared twice");
        named = true;
      }
      if (!overlapped && a.lo < b.hi() && b.lo < a.hi()) {
        status.add("field-overlap", at,
                   what + " '" + a.name + "' (bits " + std::to_string(a.lo) + ".." + std::to_string(a.hi() - 1) +
                       ") overlaps '" + b.name + "' (bits " + std::to_string(b.lo) + ".." + std::to_string(b.hi() - 1) +
                       ")");
        overlapped = true;
      }
    }
  }
}

Opcode::Kind kind_of(const std::string& k, Reader& r) {
  static const std::pair<const char*, Opcode::Kind> kinds[] = {
      {"halt", Opcode::halt},         {"loop_begin", Opcode::loop_begin}, {"loop_end", Opcode::loop_end},
      {"agu_prefix", Opcode::agu_prefix}, {"data", Opcode::data},         {"retired", Opcode::retired}};
  for (const auto& [name, kind] : kinds)
    if (k == name) return kind;
  r.error("illegal-value", "'" + k + "' is not one of halt, loop_begin, loop_end, agu_prefix, data, retired", "kind");
  return Opcode::data;
}

Predicate predicate(Reader& r) {
  Predicate p;
  p.name = r.text("name");
  if (auto e = r.expr("expr")) {
    if (!e->is_comparison()) r.error("bad-expression", "'" + e->text() + "' must be a comparison", "expr");
    p.expr = *e;
  }
  if (r.has("ceiling_of")) p.ceiling_of = r.text("ceiling_of");
  if (r.has("step")) p.step = r.text("step");
  r.text("stage", false);  // documentation only
  p.doc = r.text("doc", false);
  return p;
}

bool is_unit(const IsaSpec& s, const std::string& n) {
  return std::any_of(s.units.begin(), s.units.end(), [&](const auto& u) { return u.first == n; });
}

// The word: its width, the field limit, and the fields that share it.
void read_word(Reader& top, IsaSpec& s, Status& status) {
  s.isa = top.text("isa");
  s.doc = top.text("doc", false);
  s.word_bits = top.bounded("word_bits", 1, 64, "a word's width");
  s.field_limit = top.integer("field_limit", 1);
  if (s.field_limit < 1) top.error("invalid-range", "the field limit must be positive", "field_limit");

  top.array("fields", [&](Reader& r) { s.fields.push_back(slice(r)); });
  check_slices(s.fields, s.word_bits, "field", top, "fields", status);
  for (const char* required : {"opcode", "nr"})
    if (s.field(required) == nullptr) top.error("missing-key", std::string("declares no '") + required + "' field", "fields");
  for (size_t i = 0; i < s.fields.size(); ++i) {
    const Slice& f = s.fields[i];
    if (f.name != "opcode" && f.bits < 63 && s.field_limit > static_cast<int64_t>(f.max()) + 1)
      top.error("invalid-range",
                "field_limit " + std::to_string(s.field_limit) + " does not fit field '" + f.name + "' of " +
                    std::to_string(f.bits) + " bits",
                "fields/" + std::to_string(i));
  }
}

// The units that execute instructions.
void read_units(Reader& top, IsaSpec& s) {
  top.array("units", [&](Reader& r) {
    std::string name = r.text("name");
    for (const auto& u : s.units)
      if (u.first == name) {
        r.error("duplicate-name", "unit '" + name + "' is declared twice", "name");
        break;
      }
    s.units.emplace_back(name, r.text("doc", false));
  });
}

// One opcode and its operands, against the opcodes before it.
Opcode read_opcode(Reader& r, const IsaSpec& s) {
  Opcode op;
  op.name = r.text("name");
  op.code = r.integer("code");
  op.kind = kind_of(r.text("kind"), r);
  op.doc = r.text("doc", false);
  if (const json* actions = r.get("actions", false)) op.actions_json = actions->dump();
  if (const json* units = r.get("units", false)) {
    if (!units->is_array()) r.error("wrong-type", "must be an array of unit names", "units");
    else
      for (size_t i = 0; i < units->size(); ++i) {
        const json& u = (*units)[i];
        if (!u.is_string() || !is_unit(s, u.get<std::string>()))
          r.error("unknown-unit", "names no unit declared under /units", "units/" + std::to_string(i));
        else
          op.units.push_back(u.get<std::string>());
      }
  }
  r.array(
      "operands",
      [&](Reader& o) {
        Operand operand;
        operand.field = o.text("field");
        operand.name = o.text("name");
        operand.legal = o.integers("legal");
        operand.min = o.integer("min", 0, false);
        operand.doc = o.text("doc", false);
        const Slice* f = s.field(operand.field);
        if (f == nullptr || operand.field == "opcode" || operand.field == "nr")
          o.error("unknown-field", "'" + operand.field + "' is not an operand field", "field");
        if (op.operand(operand.name) || op.operand_in(operand.field))
          o.error("duplicate-name", "operand '" + operand.name + "' or field '" + operand.field + "' is used twice");
        for (int64_t v : operand.legal)
          if (v < 0 || v >= s.field_limit)
            o.error("illegal-value", "legal value " + std::to_string(v) + " is outside [0, field_limit)", "legal");
        op.operands.push_back(operand);
      },
      false);
  // Each opcode's first clash of each kind: one error per opcode, not per pair.
  bool named = false, coded = false;
  for (const Opcode& other : s.opcodes) {
    if (!named && other.name == op.name) {
      r.error("duplicate-name", "opcode '" + op.name + "' is declared twice", "name");
      named = true;
    }
    if (!coded && other.code == op.code) {
      r.error("duplicate-opcode", "'" + op.name + "' and '" + other.name + "' share code " + std::to_string(op.code),
              "code");
      coded = true;
    }
  }
  if (const Slice* f = s.field("opcode"); f && (op.code < 0 || static_cast<uint64_t>(op.code) > f->max()))
    r.error("opcode-too-wide", "code " + std::to_string(op.code) + " does not fit the " + std::to_string(f->bits) +
                                   "-bit opcode field", "code");
  return op;
}

// The opcodes, and what their kinds need of them.
void read_opcodes(Reader& top, IsaSpec& s) {
  top.array("opcodes", [&](Reader& r) { s.opcodes.push_back(read_opcode(r, s)); });
  for (size_t i = 0; i < s.opcodes.size(); ++i) {
    const Opcode& op = s.opcodes[i];
    const auto fields = s.operand_fields();
    // The resolver reads a loop's trip count from the first operand field.
    if ((op.kind == Opcode::loop_begin || op.kind == Opcode::loop_end) &&
        (op.operands.size() != 1 || fields.empty() || op.operands[0].field != fields[0]->name))
      top.error("illegal-value", "a loop opcode has one operand, its trip count, in the first operand field",
                "opcodes/" + std::to_string(i) + "/operands");
  }
  if (const Slice* f = s.field("opcode"); f && f->bits > 8)
    top.error("invalid-range", "the opcode field is at most 8 bits wide", "fields");
  if (s.units.size() > 32) top.error("invalid-range", "at most 32 units", "units");
  for (Opcode::Kind k : {Opcode::halt, Opcode::loop_begin, Opcode::loop_end, Opcode::agu_prefix}) {
    const auto n = std::count_if(s.opcodes.begin(), s.opcodes.end(), [&](const Opcode& o) { return o.kind == k; });
    if (n != 1) top.error("illegal-value", "needs exactly one halt, loop_begin, loop_end and agu_prefix opcode", "opcodes");
    if (n != 1) break;
  }
}

// Address terms and the loops they index.
void read_address_terms(Reader& top, IsaSpec& s, Status& status) {
  top.object("agu", [&](Reader& r) {
    s.agu_terms = r.bounded("terms", 1, 64, "the number of address terms");
    s.agu_term_bits = r.bounded("term_bits", 1, 64, "a term's width");
    s.agu_doc = r.text("doc", false);
    r.array("subfields", [&](Reader& f) { s.agu_subfields.push_back(slice(f)); });
    check_slices(s.agu_subfields, s.agu_term_bits, "AGU subfield", r, "subfields", status);
    for (const char* required : {"valid", "field", "level", "stride"})
      if (s.agu_subfield(required) == nullptr)
        r.error("missing-key", std::string("declares no '") + required + "' subfield", "subfields");
    // The terms fill an agu word from bit 0 up; none may reach the opcode.
    const Slice* opcode = s.field("opcode");
    const int64_t span = int64_t{s.agu_terms} * s.agu_term_bits;
    if (span > s.word_bits || (opcode && opcode->lo < span))
      r.error("field-outside-word", std::to_string(s.agu_terms) + " terms of " + std::to_string(s.agu_term_bits) +
                                        " bits cover bits 0.." + std::to_string(span - 1) + ", which must stay below the opcode",
              "terms");
  });
  top.object("loops", [&](Reader& r) {
    s.loop_depth = r.bounded("depth", 1, 64, "the loop depth");
  });
  if (const Slice* level = s.agu_subfield("level"); level && s.loop_depth > static_cast<int64_t>(level->max()) + 1)
    top.error("invalid-range", "loop depth " + std::to_string(s.loop_depth) + " needs more levels than the AGU's " +
                                   std::to_string(level->bits) + "-bit level subfield names", "loops/depth");
  if (const Slice* field = s.agu_subfield("field");
      field && s.operand_fields().size() > static_cast<size_t>(field->max()) + 1)
    top.error("invalid-range", "the AGU's field subfield cannot name every operand field", "agu/subfields");
}

// Each unit's header, and the headers a chain carries.
void read_headers(Reader& top, IsaSpec& s) {
  top.array("headers", [&](Reader& r) {
    Header h;
    h.unit = r.text("unit");
    h.slice.name = h.unit;
    h.slice.lo = r.bounded("lo", 0, 63, "a header slice's first bit");
    h.slice.bits = r.bounded("bits", 1, 64, "a header slice's width");
    if (!is_unit(s, h.unit)) r.error("unknown-unit", "header term names no unit declared under /units", "unit");
    if (s.header(h.unit)) r.error("duplicate-name", "unit '" + h.unit + "' has two headers", "unit");
    if (h.slice.lo < 0 || h.slice.bits < 1 || h.slice.hi() > s.word_bits)
      r.error("field-outside-word", "the header slice must lie within the word", "bits");
    r.array("terms", [&](Reader& t) {
      HeaderTerm term;
      term.op = t.text("op");
      const Opcode* op = s.opcode(term.op);
      if (op == nullptr) t.error("unknown-opcode", "'" + term.op + "' is not an opcode", "op");
      if (auto e = t.expr("scale")) term.scale = *e;
      const std::string per = t.text("per");
      if (per != "row" && per != "instruction") t.error("illegal-value", "is 'row' or 'instruction'", "per");
      term.per_row = per == "row";
      t.object(
          "when",
          [&](Reader& w) {
            term.when_field = w.text("field");
            term.when_in = w.integers("in");
            if (op && !op->operand_in(*term.when_field))
              w.error("unknown-field", "'" + term.op + "' has no operand in field '" + *term.when_field + "'", "field");
          },
          false);
      h.terms.push_back(std::move(term));
    });
    s.headers.push_back(std::move(h));
  });
  top.array(
      "chain_headers",
      [&](Reader& r) {
        ChainHeader c;
        c.name = r.text("name");
        c.op = r.text("op");
        c.carries = r.text("carries");
        c.slice.name = c.name;
        c.slice.lo = r.bounded("lo", 0, 63, "a header slice's first bit");
        c.slice.bits = r.bounded("bits", 1, 64, "a header slice's width");
        c.doc = r.text("doc", false);
        if (!s.opcode(c.op)) r.error("unknown-opcode", "'" + c.op + "' is not an opcode", "op");
        if (!s.field(c.carries) || c.carries == "opcode")
          r.error("unknown-field", "'" + c.carries + "' is neither the row count nor an operand field", "carries");
        if (c.slice.lo < 0 || c.slice.bits < 1 || c.slice.hi() > s.word_bits)
          r.error("field-outside-word", "the header slice must lie within the word", "bits");
        s.chain_headers.push_back(std::move(c));
      },
      false);
}

// Parameters, the values derived from them, and what a build and a program must satisfy.
void read_parameters(Reader& top, IsaSpec& s) {
  top.array("parameters", [&](Reader& r) {
    Parameter p{r.text("name"), r.integer("default"), r.integer("min"), r.integer("max"), r.text("doc", false)};
    // Ceilings are found by walking a parameter's range, so keep it walkable.
    if (p.min < -kWidestParameter) r.error("invalid-range", "a parameter's range lies within +-" + std::to_string(kWidestParameter), "min");
    if (p.max > kWidestParameter) r.error("invalid-range", "a parameter's range lies within +-" + std::to_string(kWidestParameter), "max");
    if (s.parameter(p.name)) r.error("duplicate-name", "parameter '" + p.name + "' is declared twice", "name");
    if (p.min > p.max) r.error("invalid-range", "min " + std::to_string(p.min) + " exceeds max " + std::to_string(p.max), "min");
    else if (p.value < p.min || p.value > p.max)
      r.error("default-out-of-range", "default " + std::to_string(p.value) + " is outside [" + std::to_string(p.min) +
                                          ", " + std::to_string(p.max) + "]", "default");
    s.parameters.push_back(std::move(p));
  });
  top.array("derived", [&](Reader& r) {
    Derived d{r.text("name"), Expr(), r.text("doc", false)};
    if (auto e = r.expr("expr")) d.expr = *e;
    s.derived.push_back(std::move(d));
  });
  top.array("constraints", [&](Reader& r) { s.constraints.push_back(predicate(r)); });
  top.array("program_limits", [&](Reader& r) { s.program_limits.push_back(predicate(r)); }, false);
}

// The distance contracts: each a named unit's header and the parameter that
// bounds the distance, read in that unit's iterations.
void read_distance_contracts(Reader& top, IsaSpec& s) {
  top.array(
      "distance_contracts",
      [&](Reader& r) {
        DistanceContract c{r.text("name"), r.text("unit"), r.text("parameter"), r.text("doc", false)};
        if (s.distance_contract(c.name)) r.error("duplicate-name", "distance contract '" + c.name + "' is declared twice", "name");
        if (const Header* h = s.header(c.unit); h == nullptr) {
          r.error("unknown-unit", "names no unit with a header", "unit");
        } else {
          // The distance is counted in rows' iterations, so every term must be per row.
          for (const HeaderTerm& t : h->terms)
            if (!t.per_row)
              r.error("illegal-value", "the header of '" + c.unit + "' counts '" + t.op +
                                           "' per instruction; a distance contract needs per-row terms", "unit");
        }
        if (!s.parameter(c.parameter)) r.error("unknown-parameter", "names no parameter", "parameter");
        s.distance_contracts.push_back(std::move(c));
      },
      false);
}

// One numerics record, every number required: widths a lane and an int64_t
// hold, a clip range an operand of operand_bits holds (signed or unsigned), a
// scale under which x * scale stays within int64_t for every accumulator value,
// and a shift below 63.
Numerics read_numerics_record(Reader& r) {
  Numerics n;
  n.name = r.text("name");
  n.operand_bits = r.integer("operand_bits");
  n.acc_bits = r.integer("acc_bits");
  n.clip_lo = r.integer("clip_lo");
  n.clip_hi = r.integer("clip_hi");
  n.scale = r.integer("scale");
  n.shift = r.integer("shift");
  n.doc = r.text("doc", false);
  const bool widths_ok = n.operand_bits >= 1 && n.operand_bits <= 32 && n.acc_bits >= n.operand_bits && n.acc_bits <= 64;
  if (n.operand_bits < 1 || n.operand_bits > 32) r.error("invalid-range", "operands are 1 to 32 bits", "operand_bits");
  else if (n.acc_bits < n.operand_bits || n.acc_bits > 64) r.error("invalid-range", "is operand_bits to 64", "acc_bits");
  if (n.clip_lo > n.clip_hi) {
    r.error("invalid-range", "clip_lo " + std::to_string(n.clip_lo) + " exceeds clip_hi " + std::to_string(n.clip_hi), "clip_lo");
  } else if (widths_ok) {
    const int64_t half = int64_t{1} << (n.operand_bits - 1);
    const bool as_signed = n.clip_lo >= -half && n.clip_hi <= half - 1;
    const bool as_unsigned = n.clip_lo >= 0 && n.clip_hi <= 2 * half - 1;
    if (!as_signed && !as_unsigned)
      r.error("invalid-range",
              "[" + std::to_string(n.clip_lo) + ", " + std::to_string(n.clip_hi) + "] is not within a " +
                  std::to_string(n.operand_bits) + "-bit operand, signed [" + std::to_string(-half) + ", " +
                  std::to_string(half - 1) + "] or unsigned [0, " + std::to_string(2 * half - 1) + "]",
              n.clip_lo < -half ? "clip_lo" : "clip_hi");
  }
  if (widths_ok) {
    // |x| <= 2^(acc_bits - 1), so x * scale fits while scale <= 2^(64 - acc_bits).
    const int64_t widest = int64_t{1} << std::min<int64_t>(62, 64 - n.acc_bits);
    if (n.scale < 1 || n.scale > widest)
      r.error("invalid-range", "is 1 to " + std::to_string(widest) + " at acc_bits " + std::to_string(n.acc_bits) +
                                   ", so an accumulator value times it fits 64 bits", "scale");
  }
  if (n.shift < 0 || n.shift > 62) r.error("invalid-range", "is 0 to 62", "shift");
  return n;
}

// The numerics records, each name once.
void read_numerics(Reader& top, IsaSpec& s) {
  top.array(
      "numerics",
      [&](Reader& r) {
        Numerics n = read_numerics_record(r);
        if (s.numerics_record(n.name)) r.error("duplicate-name", "numerics '" + n.name + "' is declared twice", "name");
        s.numerics.push_back(std::move(n));
      },
      false);
}

// Names the expressions read must exist, each defined before it is used.
void check_expression_names(const IsaSpec& s, const std::string& source, Status& status) {
  std::set<std::string> known;
  for (const Parameter& p : s.parameters) known.insert(p.name);
  for (size_t i = 0; i < s.derived.size(); ++i) {
    for (const std::string& n : s.derived[i].expr.names())
      if (!known.count(n))
        status.add("unknown-name", source + ":/derived/" + std::to_string(i) + "/expr", "reads '" + n + "' before it is defined");
    if (known.count(s.derived[i].name))
      status.add("duplicate-name", source + ":/derived/" + std::to_string(i) + "/name", "'" + s.derived[i].name + "' is defined twice");
    known.insert(s.derived[i].name);
  }
  const auto check_predicates = [&](const std::vector<Predicate>& ps, const std::string& key) {
    for (size_t i = 0; i < ps.size(); ++i) {
      for (const std::string& n : ps[i].expr.names())
        if (!known.count(n))
          status.add("unknown-name", source + ":/" + key + "/" + std::to_string(i) + "/expr", "reads '" + n + "', which is not defined");
      if (ps[i].ceiling_of && !s.parameter(*ps[i].ceiling_of))
        status.add("unknown-parameter", source + ":/" + key + "/" + std::to_string(i) + "/ceiling_of", "names no parameter");
      if (ps[i].step && !s.parameter(*ps[i].step))
        status.add("unknown-parameter", source + ":/" + key + "/" + std::to_string(i) + "/step", "names no parameter");
    }
  };
  check_predicates(s.constraints, "constraints");
  check_predicates(s.program_limits, "program_limits");
  for (size_t h = 0; h < s.headers.size(); ++h)
    for (size_t t = 0; t < s.headers[h].terms.size(); ++t)
      for (const std::string& n : s.headers[h].terms[t].scale.names())
        if (!known.count(n))
          status.add("unknown-name", source + ":/headers/" + std::to_string(h) + "/terms/" + std::to_string(t) + "/scale",
                     "reads '" + n + "', which is not defined");
}

// The defaults must make a build, and every formula must evaluate there.
void check_default_build(const IsaSpec& s, const std::string& source, Status& status) {
  auto defaults = s.resolve();
  if (!defaults.ok()) {
    for (const Error& e : defaults.errors()) status.add(e.kind, source + ":/parameters (the defaults): " + e.where, e.message);
    return;
  }
  // Every formula evaluates there: a division by zero or an overflow in a
  // scale or a limit is named where it is written, not found later as drift.
  const auto evaluates = [&](const Expr& e, const std::string& where) -> std::optional<int64_t> {
    auto v = e.eval(Expr::in(defaults.value()));
    if (!v.ok()) {
      for (const Error& err : v.errors()) status.add(err.kind, where, "at the default build: " + err.message);
      return std::nullopt;
    }
    return v.value();
  };
  for (size_t h = 0; h < s.headers.size(); ++h)
    for (size_t t = 0; t < s.headers[h].terms.size(); ++t) {
      const std::string where = source + ":/headers/" + std::to_string(h) + "/terms/" + std::to_string(t) + "/scale";
      if (auto v = evaluates(s.headers[h].terms[t].scale, where); v && *v < 0)
        status.add("illegal-value", where, "is " + std::to_string(*v) + " at the default build; a scale counts rows, so it cannot be negative");
    }
  for (size_t i = 0; i < s.program_limits.size(); ++i)
    evaluates(s.program_limits[i].expr, source + ":/program_limits/" + std::to_string(i) + "/expr");
}

}  // namespace

Result<IsaSpec> load_spec(std::string_view json_text, const std::string& source) {
  auto parsed = parse_json(json_text, source);
  if (!parsed.ok()) return parsed.status();
  const json& j = parsed.value();
  Status status;
  IsaSpec s;
  Reader top(j, "", source, status);
  if (!status.ok()) return status;

  read_word(top, s, status);
  read_units(top, s);
  read_opcodes(top, s);
  read_address_terms(top, s, status);
  read_headers(top, s);
  read_parameters(top, s);
  read_distance_contracts(top, s);
  read_numerics(top, s);
  if (const json* machine = top.get("machine", false)) s.machine_json = machine->dump();
  top.finish();
  if (!status.ok()) return status;

  check_expression_names(s, source, status);
  if (!status.ok()) return status;
  check_default_build(s, source, status);
  if (!status.ok()) return status;
  return s;
}

Result<IsaSpec> load_spec_file(const std::string& path) {
  auto text = read_file(path);
  if (!text.ok()) return text.status();
  return load_spec(text.value(), path);
}

}  // namespace loom::spec
