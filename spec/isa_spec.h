// An instruction set as data, loaded from a spec file such as
// machines/tinytpu/isa_spec.json or tests/spec/toy_isa.json. Nothing here knows
// a machine: the spec names its fields, opcodes, units, headers, parameters,
// distance contracts and numerics records, and the loader checks that they are
// consistent, naming the JSON path of each problem. What the loader assumes of
// every spec is the format's, not a machine's: an "opcode" and an "nr" (row
// count) field, one opcode of each control kind, and the AGU's four subfields.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.h"
#include "spec/expr.h"

namespace loom::spec {

struct Slice {
  std::string name;
  int lo = 0, bits = 0;
  std::string doc;
  int hi() const { return lo + bits; }  // one past the top bit
  uint64_t max() const { return bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1; }
};

struct Operand {
  std::string field;  // the word's field it lives in, e.g. "f2"
  std::string name;   // what the opcode calls it, e.g. "acc"
  std::vector<int64_t> legal;  // empty: any value below the field limit
  int64_t min = 0;
  std::string doc;
};

struct Opcode {
  enum Kind { halt, loop_begin, loop_end, agu_prefix, data, retired };
  std::string name;
  int64_t code = 0;
  Kind kind = data;
  std::vector<std::string> units;  // the units that execute it
  std::vector<Operand> operands;
  std::string doc;
  std::string actions_json;  // its actions, for action_machine.h, as the spec wrote them

  const Operand* operand(std::string_view name) const;
  const Operand* operand_in(std::string_view field) const;
};

struct HeaderTerm {
  std::string op;
  Expr scale;
  bool per_row = true;  // else per instruction
  std::optional<std::string> when_field;
  std::vector<int64_t> when_in;
};

struct Header {
  std::string unit;
  Slice slice;  // named after the unit
  std::vector<HeaderTerm> terms;
};

struct ChainHeader {
  std::string name, op, carries;
  Slice slice;
  std::string doc;
};

// Ceilings are found by walking a parameter's range, so a spec keeps each
// within +-kWidestParameter (invalid-range at its min or max).
inline constexpr int64_t kWidestParameter = 1'000'000;

struct Parameter {
  std::string name;
  int64_t value = 0, min = 0, max = 0;
  std::string doc;
};

struct Derived {
  std::string name;
  Expr expr;
  std::string doc;
};

struct Predicate {
  std::string name;
  Expr expr;
  std::optional<std::string> ceiling_of;  // the parameter it bounds from above
  std::optional<std::string> step;        // ... over multiples of this parameter
  std::string doc;
};

// A named read-after-write distance: a read of what an instruction wrote must
// come at least `parameter` of `unit`'s iterations after the write, an
// instruction's iterations being its share of that unit's header (so every term
// of the unit's header counts rows).
struct DistanceContract {
  std::string name, unit, parameter, doc;
};

// A named numerics record: operands of operand_bits, accumulation that wraps to
// acc_bits (two's complement), and the conversion back to an operand,
// clip((x * scale) >> shift) into [clip_lo, clip_hi]. The loader requires every
// number; the zeros here are only what an unread record holds.
struct Numerics {
  std::string name;
  int64_t operand_bits = 0, acc_bits = 0, clip_lo = 0, clip_hi = 0, scale = 0, shift = 0;
  std::string doc;
};

struct IsaSpec {
  std::string isa, doc;
  int word_bits = 64;
  int64_t field_limit = 0;  // every resolved operand field stays below it
  std::vector<Slice> fields;
  std::vector<std::pair<std::string, std::string>> units;  // name, doc
  std::vector<Opcode> opcodes;
  int agu_terms = 0, agu_term_bits = 0;
  std::vector<Slice> agu_subfields;  // valid, field, level, stride: within one term
  std::string agu_doc;
  int loop_depth = 0;
  std::vector<Header> headers;
  std::vector<ChainHeader> chain_headers;
  std::vector<DistanceContract> distance_contracts;
  std::vector<Parameter> parameters;
  std::vector<Derived> derived;
  std::vector<Predicate> constraints;     // a build must satisfy them
  std::vector<Predicate> program_limits;  // a program's shape must satisfy them
  std::vector<Numerics> numerics;
  std::string machine_json;  // the behavioural model's units and tables, for action_machine.h

  const Slice* field(std::string_view name) const;
  const Slice* agu_subfield(std::string_view name) const;
  const Opcode* opcode(std::string_view name) const;
  const Parameter* parameter(std::string_view name) const;
  const Header* header(std::string_view unit) const;
  const DistanceContract* distance_contract(std::string_view name) const;
  const Numerics* numerics_record(std::string_view name) const;
  // The operand fields (f0, f1, ...): every field but the opcode and the row count.
  std::vector<const Slice*> operand_fields() const;

  // Adds every derived value to `values`, which holds every parameter.
  Status derive(std::map<std::string, int64_t>& values) const;

  // Defaults, overridden by `overrides`, then every derived value: the build's
  // values by name. Errors: unknown-parameter, parameter-out-of-range,
  // constraint-violated (naming the constraint), and expression errors.
  Result<std::map<std::string, int64_t>> resolve(const std::map<std::string, int64_t>& overrides = {}) const;
};

// Parses and checks a spec. Every error names its JSON path, e.g.
// "isa_spec.json:/fields/2/lo". Errors: bad-json, missing-key, wrong-type,
// unknown-key, field-overlap, field-outside-word, duplicate-name,
// duplicate-opcode, opcode-too-wide, unknown-field, unknown-unit, unknown-opcode,
// unknown-parameter, default-out-of-range, invalid-range, bad-expression,
// illegal-value, constraint-violated.
Result<IsaSpec> load_spec(std::string_view json_text, const std::string& source);
Result<IsaSpec> load_spec_file(const std::string& path);

}  // namespace loom::spec
