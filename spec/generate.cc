#include "spec/generate.h"

#include <cassert>
#include <cctype>
#include <functional>
#include <map>
#include <sstream>

#include "common/cpp_keywords.h"
#include "common/cpp_text.h"
#include "spec/derived_properties.h"

namespace loom::spec {
namespace {

// What the generated header declares at namespace scope whatever the spec
// says: a name the spec gives a function, a struct or a constant (an opcode,
// a program limit, a chain header) may not be one of these.
constexpr std::string_view kHeaderNames[] = {
    // types
    "Encoding", "Fault", "Instruction", "Kind", "Opcode", "OpcodeInfo", "ParameterInfo", "Params", "Resolution", "Slice",
    "Step", "Term", "Terms", "Unit",
    // functions
    "acc", "decode", "decode_agu", "derive", "encode", "encode_agu", "find_opcode", "find_value",
    "header_counts", "header_word", "info", "ipow", "legal", "out_of_range", "resolve", "set_parameter", "to_operand",
    "violated_constraint",
    // constants
    "kAccBits", "kAguField", "kAguLevel", "kAguStride", "kAguTermBits", "kAguTerms", "kAguValid",
    "kClipHi", "kClipLo", "kDefaults", "kFieldLimit", "kFieldNames", "kFieldSlices", "kHeaderCount", "kHeaderSlices",
    "kHeaderUnits", "kLoopDepth", "kOpcodeCount", "kOpcodeSlice", "kOpcodes", "kOperandBits", "kOperandFields",
    "kParameterCount", "kParameters", "kRowsSlice", "kScale", "kShift", "kUnitCount", "kUnits", "kValueNames",
    "kWordBits"};

// The names the header spells that a spec name would hide: the fixed-width
// integers and std. C++20's keywords are common/cpp_keywords.h's.
constexpr std::string_view kReserved[] = {"int8_t",  "int16_t",  "int32_t",  "int64_t", "uint8_t",
                                          "uint16_t", "uint32_t", "uint64_t", "size_t",  "std"};

// An identifier C++ leaves to the user: no keyword, no name the header
// spells, and none of the implementation's (a leading underscore, or "__").
bool is_identifier(std::string_view s) {
  if (s.empty() || !std::isalpha(static_cast<unsigned char>(s[0])) || s.find("__") != std::string_view::npos) return false;
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
  if (is_cpp_keyword(s)) return false;
  for (std::string_view r : kReserved)
    if (s == r) return false;
  return true;
}

// dma_ld -> DmaLd
std::string camel(std::string_view snake) {
  std::string out;
  bool upper = true;
  for (char c : snake) {
    if (c == '_') {
      upper = true;
      continue;
    }
    out += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    upper = false;
  }
  return out;
}

std::string slice(const Slice& s) { return "{" + std::to_string(s.lo) + ", " + std::to_string(s.bits) + "}"; }
// A string literal holding `s` exactly, and spec text kept within one comment line.
std::string quoted(std::string_view s) { return cpp_string_literal(s); }
std::string comment(std::string_view s) { return cpp_comment_text(s); }
std::string num(int64_t v) { return std::to_string(v); }

const char* kind_name(Opcode::Kind k) {
  switch (k) {
    case Opcode::halt: return "halt";
    case Opcode::loop_begin: return "loop_begin";
    case Opcode::loop_end: return "loop_end";
    case Opcode::agu_prefix: return "agu_prefix";
    case Opcode::data: return "data";
    case Opcode::retired: return "retired";
  }
  return "";
}

int field_index(const IsaSpec& spec, std::string_view name) {
  const auto fields = spec.operand_fields();
  for (size_t i = 0; i < fields.size(); ++i)
    if (fields[i]->name == name) return static_cast<int>(i);
  return -1;
}

// The index of `unit`'s header; the loader has checked that it has one.
int header_index(const IsaSpec& spec, std::string_view unit) {
  for (size_t i = 0; i < spec.headers.size(); ++i)
    if (spec.headers[i].unit == unit) return static_cast<int>(i);
  assert(false && "a distance contract names a unit with a header");
  return -1;
}

// The cases of a switch over opcodes, one per opcode with a body, and its end.
void emit_cases(std::string& o, const IsaSpec& spec, const std::function<std::string(const Opcode&)>& body_of) {
  for (const Opcode& op : spec.opcodes) {
    const std::string body = body_of(op);
    if (body.empty()) continue;
    o += "    case Opcode::" + op.name + ":\n" + body + "      break;\n";
  }
  o += "    default:\n      break;\n  }\n";
}

// Every name the spec makes the header declare must be a C++ identifier, and
// no two may be one: each namespace-scope name is held against the header's
// own and every other the spec makes (an opcode's builder, its operand struct
// and view, a unit's bit, a program limit, a chain header's slice and builder).
Status check_names(const IsaSpec& spec) {
  Status status;
  const auto identifier = [&](std::string_view name, const std::string& what) {
    if (is_identifier(name)) return true;
    status.add("bad-identifier", what + " '" + std::string(name) + "'",
               "cannot be a C++ name in the generated header (not an identifier, a keyword, or a name the header "
               "spells, such as int64_t)");
    return false;
  };
  std::map<std::string, std::string> declared;  // namespace scope: name -> what declares it
  for (std::string_view n : kHeaderNames) declared.emplace(n, "a name the generated header declares");
  const auto declare = [&](const std::string& name, const std::string& what, const std::string& as) {
    auto [at, fresh] = declared.emplace(name, as);
    if (!fresh) status.add("bad-identifier", what, "makes the header declare '" + name + "', which is already " + at->second);
  };
  for (const Opcode& op : spec.opcodes) {
    const std::string what = "opcode '" + op.name + "'";
    if (!identifier(op.name, "opcode")) continue;
    declare(op.name, what, "opcode '" + op.name + "''s builder");
    for (const Operand& o : op.operands) {
      identifier(o.name, "operand of '" + op.name + "'");
      if (op.kind == Opcode::data && o.name == "nr")
        status.add("bad-identifier", "operand of '" + op.name + "' 'nr'", "is the row count's name in the opcode's builder");
    }
    if (op.kind == Opcode::agu_prefix || op.kind == Opcode::retired || op.operands.empty()) continue;
    declare(camel(op.name) + "Operands", what, "opcode '" + op.name + "''s operand struct");
    declare(op.name + "_operands", what, "opcode '" + op.name + "''s operand view");
  }
  for (const Parameter& p : spec.parameters) identifier(p.name, "parameter");
  for (const Derived& d : spec.derived) identifier(d.name, "derived value");
  for (const auto& u : spec.units)
    if (identifier(u.first, "unit")) declare("unit_" + u.first, "unit '" + u.first + "'", "unit '" + u.first + "''s bit");
  for (const Predicate& p : spec.program_limits)
    if (identifier(p.name, "program limit")) declare(p.name, "program limit '" + p.name + "'", "program limit '" + p.name + "'");
  for (const ChainHeader& c : spec.chain_headers) {
    if (!identifier(c.name, "chain header")) continue;
    const std::string what = "chain header '" + c.name + "'";
    declare("k" + camel(c.name) + "Slice", what, "chain header '" + c.name + "''s slice");
    declare(c.name + "_header", what, "chain header '" + c.name + "''s builder");
  }
  for (const DistanceContract& c : spec.distance_contracts) {
    if (!identifier(c.name, "distance contract")) continue;
    const std::string what = "distance contract '" + c.name + "'";
    declare("k" + camel(c.name) + "DistanceHeader", what, what + "'s header index");
    declare(c.name + "_distance", what, what + "'s accessor");
  }
  for (const Numerics& n : spec.numerics)
    if (identifier(n.name, "numerics record"))
      declare(n.name, "numerics record '" + n.name + "'", "numerics record '" + n.name + "''s namespace");
  return status;
}

// The generated header, written a section at a time; each section opens
// with its "// ---- name ----" line and leaves a blank line after it.
class HeaderWriter {
 public:
  HeaderWriter(const IsaSpec& spec, const GenerateOptions& options)
      : spec_(spec), options_(options), fields_(spec.operand_fields()) {}

  std::string write() {
    prologue();
    word();
    units();
    opcodes();
    instructions();
    address_generation();
    parameters();
    headers();
    numerics();
    loops_and_address_terms();
    line("}  // namespace " + options_.cpp_namespace);
    return std::move(o_);
  }

 private:
  void line(const std::string& s = "") { o_ += s + "\n"; }
  static std::string param(std::string_view n) { return "p." + std::string(n); }

  void prologue() {
    line("// GENERATED by `" + comment(options_.written_by) + "` from " + comment(options_.spec_path) + "; do not edit.");
    line("// `" + comment(options_.checked_by) + "` regenerates this file and fails on any byte of difference.");
    line("#pragma once");
    line();
    line("#include <array>");
    line("#include <cstddef>");
    line("#include <cstdint>");
    line("#include <string_view>");
    line();
    line("#include \"spec/walk.h\"");
    line();
    line("namespace " + options_.cpp_namespace + " {");
    line();
  }

  void word() {
    line("// ---- The instruction word ----");
    line();
    line("inline constexpr int kWordBits = " + num(spec_.word_bits) + ";");
    line("// Every resolved operand field, and every row count, stays below this.");
    line("inline constexpr int64_t kFieldLimit = " + num(spec_.field_limit) + ";");
    line();
    line("struct Slice {");
    line("  int lo, bits;");
    line("  constexpr uint64_t max() const { return bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1; }");
    line("  constexpr uint64_t get(uint64_t word) const { return (word >> lo) & max(); }");
    line("  constexpr uint64_t put(uint64_t word, uint64_t value) const {");
    line("    return (word & ~(max() << lo)) | ((value & max()) << lo);");
    line("  }");
    line("};");
    line();
    line("inline constexpr Slice kOpcodeSlice" + slice(*spec_.field("opcode")) + ";");
    line("inline constexpr Slice kRowsSlice" + slice(*spec_.field("nr")) + ";");
    line("inline constexpr int kOperandFields = " + num(static_cast<int64_t>(fields_.size())) + ";");
    {
      std::string slices, names;
      for (const Slice* f : fields_) {
        slices += (slices.empty() ? "" : ", ") + slice(*f);
        names += (names.empty() ? "" : ", ") + quoted(f->name);
      }
      line("inline constexpr std::array<Slice, kOperandFields> kFieldSlices{{" + slices + "}};");
      line("inline constexpr std::array<std::string_view, kOperandFields> kFieldNames{{" + names + "}};");
    }
    line();
  }

  void units() {
    line("// ---- Units ----");
    line();
    line("inline constexpr int kUnitCount = " + num(static_cast<int64_t>(spec_.units.size())) + ";");
    {
      std::string names;
      for (const auto& u : spec_.units) names += (names.empty() ? "" : ", ") + quoted(u.first);
      line("inline constexpr std::array<std::string_view, kUnitCount> kUnits{{" + names + "}};");
    }
    line("// Bit u of OpcodeInfo::units stands for kUnits[u].");
    line("enum Unit : uint32_t {");
    for (size_t u = 0; u < spec_.units.size(); ++u) line("  unit_" + spec_.units[u].first + " = 1u << " + num(static_cast<int64_t>(u)) + ",");
    line("};");
    line();
  }

  void opcodes() {
    line("// ---- Opcodes ----");
    line();
    line("enum class Opcode : uint8_t {");
    for (const Opcode& op : spec_.opcodes) line("  " + op.name + " = " + num(op.code) + ",");
    line("};");
    line("enum class Kind : uint8_t { halt, loop_begin, loop_end, agu_prefix, data, retired };");
    line();
    line("struct OpcodeInfo {");
    line("  Opcode op;");
    line("  std::string_view name;");
    line("  Kind kind;");
    line("  uint32_t units;  // Unit bits: who executes it");
    line("  std::array<std::string_view, kOperandFields> operands;  // by field; \"\" where unused");
    line("  std::array<int64_t, kOperandFields> min;                // the least legal value, by field");
    line("};");
    line("inline constexpr int kOpcodeCount = " + num(static_cast<int64_t>(spec_.opcodes.size())) + ";");
    line("inline constexpr std::array<OpcodeInfo, kOpcodeCount> kOpcodes{{");
    for (const Opcode& op : spec_.opcodes) {
      std::string units, names, mins;
      for (const std::string& u : op.units) units += (units.empty() ? "" : " | ") + ("unit_" + u);
      for (const Slice* f : fields_) {
        const Operand* operand = op.operand_in(f->name);
        names += (names.empty() ? "" : ", ") + quoted(operand ? operand->name : "");
        mins += (mins.empty() ? "" : ", ") + num(operand ? operand->min : 0);
      }
      line("    {Opcode::" + op.name + ", " + quoted(op.name) + ", Kind::" + kind_name(op.kind) + ", " +
           (units.empty() ? "0" : units) + ", {{" + names + "}}, {{" + mins + "}}},");
    }
    line("}};");
    line();
    line("// The opcode with `code`, or nullptr.");
    line("constexpr const OpcodeInfo* find_opcode(uint64_t code) {");
    line("  for (const OpcodeInfo& o : kOpcodes)");
    line("    if (static_cast<uint64_t>(o.op) == code) return &o;");
    line("  return nullptr;");
    line("}");
    line("constexpr const OpcodeInfo& info(Opcode op) { return *find_opcode(static_cast<uint64_t>(op)); }");
    line();
    line("// Whether `value` may stand in operand field `field` of `op`: below kFieldLimit,");
    line("// at least the operand's minimum, and in its legal set where it has one.");
    line("constexpr bool legal(Opcode op, int field, int64_t value) {");
    line("  if (value < info(op).min[static_cast<size_t>(field)] || value >= kFieldLimit) return false;");
    line("  switch (op) {");
    emit_cases(o_, spec_, [&](const Opcode& op) {
      std::string cases;
      for (const Operand& operand : op.operands) {
        if (operand.legal.empty()) continue;
        std::string test;
        for (int64_t v : operand.legal) test += (test.empty() ? "" : " || ") + ("value == " + num(v));
        cases += "      if (field == " + num(field_index(spec_, operand.field)) + ") return " + test + ";\n";
      }
      return cases;
    });
    line("  return true;");
    line("}");
    line();
  }

  void instructions() {
    line("// ---- Instructions ----");
    line();
    line("struct Instruction {");
    line("  Opcode op = Opcode::" + spec_.opcodes.front().name + ";");
    line("  int64_t nr = 0;");
    line("  std::array<int64_t, kOperandFields> f{};");
    line("  friend constexpr bool operator==(const Instruction&, const Instruction&) = default;");
    line("};");
    line();
    line("constexpr uint64_t encode(const Instruction& i) {");
    line("  uint64_t w = kOpcodeSlice.put(0, static_cast<uint64_t>(i.op));");
    line("  w = kRowsSlice.put(w, static_cast<uint64_t>(i.nr));");
    line("  for (size_t k = 0; k < kOperandFields; ++k) w = kFieldSlices[k].put(w, static_cast<uint64_t>(i.f[k]));");
    line("  return w;");
    line("}");
    line();
    line("// Fields come back as stored; whether the opcode exists is find_opcode's question.");
    line("constexpr Instruction decode(uint64_t w) {");
    line("  Instruction i;");
    line("  i.op = static_cast<Opcode>(kOpcodeSlice.get(w));");
    line("  i.nr = static_cast<int64_t>(kRowsSlice.get(w));");
    line("  for (size_t k = 0; k < kOperandFields; ++k) i.f[k] = static_cast<int64_t>(kFieldSlices[k].get(w));");
    line("  return i;");
    line("}");
    line();
    line("// A builder and an operand view per opcode, under the spec's operand names.");
    for (const Opcode& op : spec_.opcodes) {
      if (op.kind == Opcode::agu_prefix || op.kind == Opcode::retired) continue;
      std::string params, values;
      if (op.kind == Opcode::data) params = "int64_t nr";
      for (const Slice* f : fields_) {
        const Operand* operand = op.operand_in(f->name);
        if (operand) params += (params.empty() ? "" : ", ") + ("int64_t " + operand->name);
        values += (values.empty() ? "" : ", ") + (operand ? operand->name : std::string("0"));
      }
      line("constexpr Instruction " + op.name + "(" + params + ") {");
      line("  return {Opcode::" + op.name + ", " + (op.kind == Opcode::data ? "nr" : "0") + ", {{" + values + "}}};");
      line("}");
      if (op.operands.empty()) continue;
      std::string members, views;
      for (const Slice* f : fields_) {
        const Operand* operand = op.operand_in(f->name);
        if (!operand) continue;
        members += (members.empty() ? "" : ", ") + operand->name;
        views += (views.empty() ? "" : ", ") + ("i.f[" + num(field_index(spec_, f->name)) + "]");
      }
      line("struct " + camel(op.name) + "Operands {");
      line("  int64_t " + members + ";");
      line("};");
      line("constexpr " + camel(op.name) + "Operands " + op.name + "_operands(const Instruction& i) { return {" + views + "}; }");
    }
    line();
  }

  void address_generation() {
    line("// ---- Address generation ----");
    line();
    line("inline constexpr int kAguTerms = " + num(spec_.agu_terms) + ";");
    line("inline constexpr int kAguTermBits = " + num(spec_.agu_term_bits) + ";");
    line("// Subfields of one term; term k sits k * kAguTermBits above bit 0 of the agu word.");
    for (const char* sub : {"valid", "field", "level", "stride"})
      line("inline constexpr Slice kAgu" + camel(sub) + slice(*spec_.agu_subfield(sub)) + ";");
    line("inline constexpr int kLoopDepth = " + num(spec_.loop_depth) + ";");
    line();
    line("// field += iv(level) * stride, level counted from the outermost open loop.");
    line("struct Term {");
    line("  int field = 0;");
    line("  int level = 0;");
    line("  int64_t stride = 0;");
    line("  friend constexpr bool operator==(const Term&, const Term&) = default;");
    line("};");
    line("struct Terms {");
    line("  std::array<Term, kAguTerms> term{};");
    line("  int count = 0;");
    line("};");
    line();
    line("constexpr uint64_t encode_agu(const Terms& t) {");
    line("  uint64_t w = kOpcodeSlice.put(0, static_cast<uint64_t>(Opcode::" + [&] {
      for (const Opcode& op : spec_.opcodes)
        if (op.kind == Opcode::agu_prefix) return op.name;
      return std::string();
    }() + "));");
    line("  for (int k = 0; k < t.count; ++k) {");
    line("    const Term& x = t.term[static_cast<size_t>(k)];");
    line("    uint64_t term = kAguValid.put(0, 1);");
    line("    term = kAguField.put(term, static_cast<uint64_t>(x.field));");
    line("    term = kAguLevel.put(term, static_cast<uint64_t>(x.level));");
    line("    term = kAguStride.put(term, static_cast<uint64_t>(x.stride));");
    line("    w |= term << (k * kAguTermBits);");
    line("  }");
    line("  return w;");
    line("}");
    line();
    line("constexpr Terms decode_agu(uint64_t w) {");
    line("  Terms t;");
    line("  for (int k = 0; k < kAguTerms; ++k) {");
    line("    const uint64_t term = (w >> (k * kAguTermBits)) & ((uint64_t{1} << kAguTermBits) - 1);");
    line("    if (kAguValid.get(term) == 0) continue;");
    line("    t.term[static_cast<size_t>(t.count++)] = {static_cast<int>(kAguField.get(term)),");
    line("                                              static_cast<int>(kAguLevel.get(term)),");
    line("                                              static_cast<int64_t>(kAguStride.get(term))};");
    line("  }");
    line("  return t;");
    line("}");
    line();
  }

  void parameters() {
    line("// ---- Parameters ----");
    line();
    line("constexpr int64_t ipow(int64_t base, int64_t exponent) {");
    line("  int64_t r = 1;");
    line("  while (exponent-- > 0) r *= base;");
    line("  return r;");
    line("}");
    line();
    line("struct ParameterInfo {");
    line("  std::string_view name;");
    line("  int64_t value, min, max;");
    line("};");
    line("inline constexpr int kParameterCount = " + num(static_cast<int64_t>(spec_.parameters.size())) + ";");
    line("inline constexpr std::array<ParameterInfo, kParameterCount> kParameters{{");
    for (const Parameter& p : spec_.parameters)
      line("    {" + quoted(p.name) + ", " + num(p.value) + ", " + num(p.min) + ", " + num(p.max) + "},");
    line("}};");
    line();
    line("// A build: the parameters, then the values derived from them.");
    line("struct Params {");
    {
      std::string set, derived;
      for (const Parameter& p : spec_.parameters) set += (set.empty() ? "" : ", ") + p.name;
      for (const Derived& d : spec_.derived) derived += (derived.empty() ? "" : ", ") + d.name + " = 0";
      line("  int64_t " + set + ";");
      if (!derived.empty()) line("  int64_t " + derived + ";");
    }
    line("};");
    line();
    line("constexpr Params derive(Params p) {");
    for (const Derived& d : spec_.derived) line("  p." + d.name + " = " + d.expr.to_cpp(param) + ";");
    line("  return p;");
    line("}");
    {
      std::string defaults;
      for (const Parameter& p : spec_.parameters) defaults += (defaults.empty() ? "" : ", ") + num(p.value);
      line("inline constexpr Params kDefaults = derive({" + defaults + "});");
    }
    line();
    values_by_name();
    checks();
    line();
  }

  // A build's values by their spec names: the list, a lookup and a setter.
  void values_by_name() {
    {
      std::string names;
      for (const Parameter& q : spec_.parameters) names += (names.empty() ? "" : ", ") + quoted(q.name);
      for (const Derived& d : spec_.derived) names += ", " + quoted(d.name);
      line("// Every value of a build by name: the parameters, then the derived values.");
      line("inline constexpr std::array<std::string_view, " + num(static_cast<int64_t>(spec_.parameters.size() + spec_.derived.size())) +
           "> kValueNames{{" + names + "}};");
    }
    line("// A value of the build by its spec name, or nullptr.");
    line("constexpr const int64_t* find_value(const Params& p, std::string_view name) {");
    for (const Parameter& q : spec_.parameters) line("  if (name == " + quoted(q.name) + ") return &p." + q.name + ";");
    for (const Derived& d : spec_.derived) line("  if (name == " + quoted(d.name) + ") return &p." + d.name + ";");
    line("  return nullptr;");
    line("}");
    line("// Sets a parameter (not a derived value) by its spec name; false for any other name.");
    line("constexpr bool set_parameter(Params& p, std::string_view name, int64_t value) {");
    for (const Parameter& q : spec_.parameters)
      line("  if (name == " + quoted(q.name) + ") return p." + q.name + " = value, true;");
    line("  return false;");
    line("}");
    line();
  }

  // What a build and a program must satisfy: each parameter's range, the
  // constraints, and a predicate per program limit.
  void checks() {
    line("// The first parameter outside its range, or \"\".");
    line("constexpr std::string_view out_of_range(const Params& p) {");
    for (const Parameter& q : spec_.parameters)
      line("  if (p." + q.name + " < " + num(q.min) + " || p." + q.name + " > " + num(q.max) + ") return " + quoted(q.name) + ";");
    line("  return \"\";");
    line("}");
    line();
    line("// The first constraint a build violates, or \"\".");
    line("constexpr std::string_view violated_constraint(const Params& p) {");
    for (const Predicate& c : spec_.constraints)
      line("  if (!" + c.expr.to_cpp(param) + ") return " + quoted(c.name) + ";  // " + comment(c.expr.text()));
    line("  return \"\";");
    line("}");
    if (!spec_.program_limits.empty()) {
      line();
      line("// What a program's shape must satisfy, one predicate each.");
      for (const Predicate& c : spec_.program_limits)
        line("constexpr bool " + c.name + "(const Params& p) { return " + c.expr.to_cpp(param) + "; }  // " + comment(c.expr.text()));
    }
  }

  void headers() {
    line("// ---- Headers ----");
    line();
    line("// Each unit that executes instructions learns its trip count from one header word.");
    line("inline constexpr int kHeaderCount = " + num(static_cast<int64_t>(spec_.headers.size())) + ";");
    {
      std::string units, slices;
      for (const Header& h : spec_.headers) {
        units += (units.empty() ? "" : ", ") + quoted(h.unit);
        slices += (slices.empty() ? "" : ", ") + slice(h.slice);
      }
      line("inline constexpr std::array<std::string_view, kHeaderCount> kHeaderUnits{{" + units + "}};");
      line("inline constexpr std::array<Slice, kHeaderCount> kHeaderSlices{{" + slices + "}};");
    }
    line();
    line("// What one dynamic instruction adds to each unit's trip count.");
    line("constexpr std::array<int64_t, kHeaderCount> header_counts(const Instruction& i, const Params& p) {");
    line("  std::array<int64_t, kHeaderCount> c{};");
    line("  switch (i.op) {");
    emit_cases(o_, spec_, [&](const Opcode& op) {
      std::string body;
      for (size_t h = 0; h < spec_.headers.size(); ++h)
        for (const HeaderTerm& t : spec_.headers[h].terms) {
          if (t.op != op.name) continue;
          std::string add = "c[" + num(static_cast<int64_t>(h)) + "] += " + (t.per_row ? "i.nr * " : "") + "(" +
                            t.scale.to_cpp(param) + ");";
          if (t.when_field) {
            std::string test;
            for (int64_t v : t.when_in)
              test += (test.empty() ? "" : " || ") + ("i.f[" + num(field_index(spec_, *t.when_field)) + "] == " + num(v));
            add = "if (" + (test.empty() ? std::string("false") : test) + ") " + add;
          }
          body += "      " + add + "\n";
        }
      return body;
    });
    line("  (void)p;");
    line("  return c;");
    line("}");
    line();
    line("constexpr uint64_t header_word(int header, int64_t count) {");
    line("  return kHeaderSlices[static_cast<size_t>(header)].put(0, static_cast<uint64_t>(count));");
    line("}");
    for (const DistanceContract& c : spec_.distance_contracts) {
      line();
      line("// The " + c.name + " distance contract counts " + c.unit + "'s iterations: an instruction's share of its header.");
      line("inline constexpr int k" + camel(c.name) + "DistanceHeader = " + num(header_index(spec_, c.unit)) + ";");
      line("constexpr int64_t " + c.name + "_distance(const Params& p) { return p." + c.parameter + "; }");
    }
    for (const ChainHeader& c : spec_.chain_headers) {
      line();
      line("// " + c.name + ": " + comment(c.doc));
      line("inline constexpr Slice k" + camel(c.name) + "Slice" + slice(c.slice) + ";");
      const int carried = c.carries == "nr" ? -1 : field_index(spec_, c.carries);
      line("constexpr uint64_t " + c.name + "_header(const Instruction& i) { return k" + camel(c.name) +
           "Slice.put(0, static_cast<uint64_t>(" + (carried < 0 ? std::string("i.nr") : "i.f[" + num(carried) + "]") +
           ")); }  // for " + c.op);
    }
    line();
  }

  // Each record in an inline namespace of its name: a spec's only record is
  // read unqualified (isa::acc), one of several by its name (isa::int4::acc),
  // since the unqualified names would be ambiguous.
  void numerics() {
    if (spec_.numerics.empty()) return;
    line("// ---- Numerics ----");
    line();
    line("// Each numerics record is an inline namespace of its name; a spec's only record reads unqualified too.");
    line();
    for (const Numerics& n : spec_.numerics) numerics_record(n);
  }

  void numerics_record(const Numerics& n) {
    line("// " + n.name + (comment(n.doc).empty() ? "" : ": " + comment(n.doc)));
    line("inline namespace " + n.name + " {");
    line();
    line("inline constexpr int kOperandBits = " + num(n.operand_bits) + ";");
    line("inline constexpr int kAccBits = " + num(n.acc_bits) + ";");
    line("inline constexpr int64_t kClipLo = " + num(n.clip_lo) + ";");
    line("inline constexpr int64_t kClipHi = " + num(n.clip_hi) + ";");
    line("inline constexpr int64_t kScale = " + num(n.scale) + ";");
    line("inline constexpr int kShift = " + num(n.shift) + ";");
    line();
    line("// Accumulation wraps to kAccBits, two's complement, as the hardware's adder does.");
    line("constexpr int64_t acc(int64_t x) {");
    line("  if constexpr (kAccBits >= 64) return x;");
    line("  const uint64_t mask = (uint64_t{1} << (kAccBits % 64)) - 1;");
    line("  uint64_t u = static_cast<uint64_t>(x) & mask;");
    line("  if ((u >> ((kAccBits - 1) % 64)) & 1) u |= ~mask;");
    line("  return static_cast<int64_t>(u);");
    line("}");
    line();
    line("// An accumulator lane leaving for DRAM: scaled, shifted, saturated to an operand.");
    line("constexpr int64_t to_operand(int64_t x) {");
    line("  const int64_t v = (x * kScale) >> kShift;");
    line("  return v < kClipLo ? kClipLo : v > kClipHi ? kClipHi : v;");
    line("}");
    line();
    line("}  // namespace " + n.name);
    line();
  }

  // The walk is the spec format's (spec/walk.h); the header gives it a view of itself.
  void loops_and_address_terms() {
    const std::string ns = "::" + options_.cpp_namespace + "::";
    line("// ---- Loops and address terms ----");
    line();
    line("// This encoding as spec/walk.h walks it.");
    line("struct Encoding {");
    line("  using Instruction = " + ns + "Instruction;");
    line("  using Kind = " + ns + "Kind;");
    line("  using Terms = " + ns + "Terms;");
    line("  static constexpr int kLoopDepth = " + ns + "kLoopDepth;");
    line("  static constexpr int64_t kFieldLimit = " + ns + "kFieldLimit;");
    line("  static constexpr int kOperandFields = " + ns + "kOperandFields;");
    line("  static constexpr Slice kOpcodeSlice = " + ns + "kOpcodeSlice;");
    line("  static constexpr std::array<Slice, kOperandFields> kFieldSlices = " + ns + "kFieldSlices;");
    line("  static constexpr const OpcodeInfo* find_opcode(uint64_t code) { return " + ns + "find_opcode(code); }");
    line("  static constexpr Instruction decode(uint64_t w) { return " + ns + "decode(w); }");
    line("  static constexpr Terms decode_agu(uint64_t w) { return " + ns + "decode_agu(w); }");
    line("};");
    line();
    line("using Fault = ::loom::spec::Fault;");
    line("using Step = ::loom::spec::Step<Encoding>;");
    line("using Resolution = ::loom::spec::Resolution<Encoding>;");
    line();
    line("// Walks the dynamic instruction stream exactly, as the sequencer does: there is");
    line("// no data-dependent control flow. visit(const Step&) returns false to stop.");
    line("template <class Visit>");
    line("constexpr Resolution resolve(const uint64_t* words, size_t count, Visit&& visit) {");
    line("  return ::loom::spec::resolve<Encoding>(words, count, static_cast<Visit&&>(visit));");
    line("}");
    line();
  }

  const IsaSpec& spec_;
  const GenerateOptions& options_;
  const std::vector<const Slice*> fields_;
  std::string o_;
};

// The docs tables, a section at a time; each section opens with its "### name"
// line and its blank line, and ends with a blank line but the last.
class TablesWriter {
 public:
  explicit TablesWriter(const IsaSpec& spec) : spec_(spec), fields_(spec.operand_fields()) {}

  std::string write() {
    word();
    opcodes();
    address_terms();
    headers();
    parameters();
    numerics();
    derived_properties();
    return std::move(o_);
  }

 private:
  void line(const std::string& s = "") { o_ += s + "\n"; }
  void section(const std::string& title) {
    line("### " + title);
    line();
  }
  static std::string set_of(const std::vector<int64_t>& values) {
    std::string set;
    for (int64_t v : values) set += (set.empty() ? "" : ", ") + num(v);
    return "{" + set + "}";
  }
  static std::string bits(const Slice& s) { return num(s.hi() - 1) + ".." + num(s.lo); }

  void word() {
    section("Instruction word (" + num(spec_.word_bits) + " bits)");
    line("| field | bits | width | meaning |");
    line("|---|---|---|---|");
    for (const Slice& f : spec_.fields) line("| `" + f.name + "` | " + bits(f) + " | " + num(f.bits) + " | " + f.doc + " |");
    line();
    line("Every resolved operand field and row count must stay below " + num(spec_.field_limit) + ".");
    line();
  }

  // One row per opcode, a column per operand field: the operand's name, its
  // legal set and its least value.
  void opcodes() {
    section("Opcodes");
    std::string header = "| code | opcode | kind | units |", rule = "|---|---|---|---|";
    for (const Slice* f : fields_) {
      header += " `" + f->name + "` |";
      rule += "---|";
    }
    line(header + " semantics |");
    line(rule + "---|");
    for (const Opcode& op : spec_.opcodes) {
      std::string units;
      for (const std::string& u : op.units) units += (units.empty() ? "" : ", ") + u;
      std::string row = "| " + num(op.code) + " | `" + op.name + "` | " + kind_name(op.kind) + " | " + units + " |";
      for (const Slice* f : fields_) {
        const Operand* operand = op.operand_in(f->name);
        std::string cell = operand ? "`" + operand->name + "`" : "";
        if (operand && !operand->legal.empty()) cell += " in " + set_of(operand->legal);
        if (operand && operand->min > 0) cell += " >= " + num(operand->min);
        row += " " + cell + " |";
      }
      line(row + " " + op.doc + " |");
    }
    line();
  }

  void address_terms() {
    section("Address terms");
    line("Up to " + num(spec_.agu_terms) + " terms per instruction, each " + num(spec_.agu_term_bits) +
         " bits, in an `agu` word before it; loops nest at most " + num(spec_.loop_depth) + " deep. " + spec_.agu_doc);
    line();
    line("| subfield | bits within a term | width |");
    line("|---|---|---|");
    for (const Slice& s : spec_.agu_subfields) line("| `" + s.name + "` | " + bits(s) + " | " + num(s.bits) + " |");
    line();
  }

  // Each unit's header as the sum of its terms, the chain headers, and the
  // distance contracts read in a header's iterations.
  void headers() {
    section("Headers");
    line("| unit | slice | trip count |");
    line("|---|---|---|");
    for (const Header& h : spec_.headers) {
      std::string terms;
      for (const HeaderTerm& t : h.terms) {
        std::string term = "`" + t.op + "`" + (t.per_row ? " rows" : " instructions") + " x (" + t.scale.text() + ")";
        if (t.when_field) term += " when " + *t.when_field + " in " + set_of(t.when_in);
        terms += (terms.empty() ? "" : " + ") + term;
      }
      line("| `" + h.unit + "` | " + bits(h.slice) + " | " + terms + " |");
    }
    for (const ChainHeader& c : spec_.chain_headers)
      line("| `" + c.name + "` (per `" + c.op + "`) | " + bits(c.slice) + " | `" + c.carries + "`: " + c.doc + " |");
    line();
    for (const DistanceContract& c : spec_.distance_contracts)
      line("Distance contract `" + c.name + "` (`" + c.parameter + "` `" + c.unit + "` iterations)" +
           (c.doc.empty() ? "" : ": " + c.doc) + ".");
    if (!spec_.distance_contracts.empty()) line();
  }

  void parameters() {
    section("Parameters");
    line("| parameter | default | range | meaning |");
    line("|---|---|---|---|");
    for (const Parameter& p : spec_.parameters)
      line("| `" + p.name + "` | " + num(p.value) + " | " + num(p.min) + "..." + num(p.max) + " | " + p.doc + " |");
    for (const Derived& d : spec_.derived) line("| `" + d.name + "` | `" + d.expr.text() + "` | derived | " + d.doc + " |");
    line();
    line("| constraint | predicate | applies to | meaning |");
    line("|---|---|---|---|");
    for (const Predicate& c : spec_.constraints) line("| `" + c.name + "` | `" + c.expr.text() + "` | a build | " + c.doc + " |");
    for (const Predicate& c : spec_.program_limits)
      line("| `" + c.name + "` | `" + c.expr.text() + "` | a program | " + c.doc + " |");
    line();
  }

  void numerics() {
    if (spec_.numerics.empty()) return;
    section("Numerics");
    line("| numerics | operand bits | accumulator bits | clip | scale | shift | meaning |");
    line("|---|---|---|---|---|---|---|");
    for (const Numerics& n : spec_.numerics)
      line("| `" + n.name + "` | " + num(n.operand_bits) + " | " + num(n.acc_bits) + " | [" + num(n.clip_lo) + ", " +
           num(n.clip_hi) + "] | " + num(n.scale) + " | " + num(n.shift) + " | " + n.doc + " |");
    line();
  }

  void derived_properties() {
    section("Derived properties");
    for (const std::string& p : describe_derived_properties(spec_)) line("- " + p);
  }

  const IsaSpec& spec_;
  const std::vector<const Slice*> fields_;
  std::string o_;
};


}  // namespace

// A namespace the header can open: identifiers joined by "::", and not the
// walk's own, whose names (Fault, Step, resolve) the header would redeclare.
Status check_namespace(const std::string& ns) {
  bool ok = !ns.empty() && ns != "loom::spec";
  for (size_t from = 0; ok;) {
    const size_t to = ns.find("::", from);
    ok = is_identifier(ns.substr(from, to == std::string::npos ? std::string::npos : to - from));
    if (to == std::string::npos) break;
    from = to + 2;
  }
  if (ok) return {};
  return Error{"bad-namespace", "namespace '" + ns + "'",
               "is not identifiers joined by '::' (as in acme::isa), or is loom::spec, which spec/walk.h declares"};
}

Result<std::string> generate_header(const IsaSpec& spec, const GenerateOptions& options) {
  if (Status ns = check_namespace(options.cpp_namespace); !ns.ok()) return ns;
  if (Status names = check_names(spec); !names.ok()) return names;
  return HeaderWriter(spec, options).write();
}

std::string generate_tables(const IsaSpec& spec) { return TablesWriter(spec).write(); }

Result<std::string> splice_tables(std::string_view doc, std::string_view tables, const std::string& where) {
  const size_t begin = doc.find(kTablesBegin);
  const size_t end = doc.find(kTablesEnd);
  if (begin == std::string_view::npos || end == std::string_view::npos || end < begin)
    return Error{"missing-markers", where,
                 "needs the lines '" + std::string(kTablesBegin) + "' and '" + std::string(kTablesEnd) + "', in that order"};
  const size_t after_begin = begin + kTablesBegin.size();
  return std::string(doc.substr(0, after_begin)) + "\n\n" + std::string(tables) + "\n" + std::string(doc.substr(end));
}

Status compare_generated(const std::string& where, std::string_view expected, std::string_view found,
                         const std::string& regenerate) {
  if (expected == found) return {};
  std::istringstream e{std::string(expected)}, f{std::string(found)};
  std::string el, fl;
  for (int line = 1;; ++line) {
    const bool more_e = static_cast<bool>(std::getline(e, el)), more_f = static_cast<bool>(std::getline(f, fl));
    if (!more_e && !more_f) break;
    if (more_e && more_f && el == fl) continue;
    return Error{"generated-drift", where + ":" + std::to_string(line),
                 "differs from what the spec generates: expected `" + (more_e ? el : "<end of file>") + "`, found `" +
                     (more_f ? fl : "<end of file>") + "`; run `" + regenerate + "`"};
  }
  return Error{"generated-drift", where, "differs from what the spec generates in line endings; run `" + regenerate + "`"};
}

}  // namespace loom::spec
