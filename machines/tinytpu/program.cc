#include "machines/tinytpu/program.h"

namespace loom::tinytpu {

std::string Statement::describe(size_t index) const {
  const isa::OpcodeInfo* op = isa::find_opcode(static_cast<uint64_t>(ins.op));
  const std::string name = op ? std::string(op->name) : "opcode " + std::to_string(static_cast<int>(ins.op));
  return "instruction " + std::to_string(index) + " (" + (line > 0 ? "line " + std::to_string(line) + ": " : "") + name + ")";
}

Program& Program::loop(int64_t trips) {
  open_.push_back(trips);
  statements_.push_back({isa::loop(trips), {}, 0, 0});
  return *this;
}

Program& Program::end() {
  // An end with no open loop is kept (with 0 trips) for the validator to name.
  const int64_t trips = open_.empty() ? 0 : open_.back();
  if (!open_.empty()) open_.pop_back();
  statements_.push_back({isa::endloop(trips), {}, 0, 0});
  return *this;
}

Program& Program::add(const isa::Instruction& ins, std::initializer_list<Addr> terms) {
  statements_.push_back({ins, std::vector<Addr>(terms), 0, 0});
  return *this;
}

Program& Program::halt() {
  statements_.push_back({isa::halt(), {}, 0, 0});
  return *this;
}

Program& Program::raw(Statement s) {
  statements_.push_back(std::move(s));
  return *this;
}

Program& Program::at(int line, int column) {
  if (!statements_.empty()) {
    statements_.back().line = line;
    statements_.back().column = column;
  }
  return *this;
}

Result<Encoded> encode(const Program& program) {
  Status status;
  Encoded out;
  const auto& statements = program.statements();
  for (size_t s = 0; s < statements.size(); ++s) {
    const Statement& st = statements[s];
    const std::string where = st.describe(s);
    const isa::OpcodeInfo* op = isa::find_opcode(static_cast<uint64_t>(st.ins.op));
    const auto fits = [&](const isa::Slice& slice, int64_t value, std::string_view name) {
      if (value < 0 || static_cast<uint64_t>(value) > slice.max())
        status.add("field-too-wide", where,
                   std::string(name) + " = " + std::to_string(value) + " does not fit its " + std::to_string(slice.bits) +
                       "-bit field");
    };
    fits(isa::kRowsSlice, st.ins.nr, "rows");
    for (size_t f = 0; f < isa::kOperandFields; ++f) {
      const std::string_view name = op && !op->operands[f].empty() ? op->operands[f] : isa::kFieldNames[f];
      fits(isa::kFieldSlices[f], st.ins.f[f], name);
    }
    if (!st.terms.empty()) {
      isa::Terms terms;
      if (op == nullptr || op->kind != isa::Kind::data)
        status.add("terms-on-control", where, "only data instructions take address terms");
      if (st.terms.size() > static_cast<size_t>(isa::kAguTerms))
        status.add("agu-budget", where,
                   "has " + std::to_string(st.terms.size()) + " address terms; the AGU resolves at most " +
                       std::to_string(isa::kAguTerms) + " per instruction");
      for (size_t t = 0; t < st.terms.size() && t < static_cast<size_t>(isa::kAguTerms); ++t) {
        const Addr& a = st.terms[t];
        int field = -1;
        for (size_t f = 0; op && f < isa::kOperandFields; ++f)
          if (op->operands[f] == a.operand) field = static_cast<int>(f);
        if (field < 0) {
          status.add("unknown-operand", where,
                     "an address term names '" + a.operand + "', which is not an operand of " +
                         (op ? std::string(op->name) : "this opcode"));
          continue;
        }
        if (a.level < 0 || static_cast<uint64_t>(a.level) > isa::kAguLevel.max())
          status.add("field-too-wide", where, "the term on '" + a.operand + "' names level " + std::to_string(a.level));
        if (a.stride < 0 || static_cast<uint64_t>(a.stride) > isa::kAguStride.max())
          status.add("field-too-wide", where,
                     "the term on '" + a.operand + "' has stride " + std::to_string(a.stride) + "; strides are 0 to " +
                         std::to_string(isa::kAguStride.max()));
        terms.term[static_cast<size_t>(terms.count++)] = {field, a.level, a.stride};
      }
      out.words.push_back(isa::encode_agu(terms));
      out.statement_of_word.push_back(s);
    }
    out.words.push_back(isa::encode(st.ins));
    out.statement_of_word.push_back(s);
  }
  if (!status.ok()) return status;
  return out;
}

std::string to_text(const Program& program) {
  std::string out;
  int depth = 0;
  for (const Statement& st : program.statements()) {
    const isa::OpcodeInfo* op = isa::find_opcode(static_cast<uint64_t>(st.ins.op));
    if (op && op->kind == isa::Kind::loop_end) --depth;
    out += std::string(static_cast<size_t>(std::max(depth, 0)) * 2, ' ');
    if (op == nullptr) {
      out += "# opcode " + std::to_string(static_cast<int>(st.ins.op)) + " has no name\n";
      continue;
    }
    switch (op->kind) {
      case isa::Kind::loop_begin:
        out += "loop " + std::to_string(st.ins.f[0]) + " {\n";
        ++depth;
        continue;
      case isa::Kind::loop_end: out += "}\n"; continue;
      case isa::Kind::halt: out += "halt\n"; continue;
      default: break;
    }
    out += std::string(op->name) + " rows=" + std::to_string(st.ins.nr);
    for (size_t f = 0; f < isa::kOperandFields; ++f)
      if (!op->operands[f].empty()) out += " " + std::string(op->operands[f]) + "=" + std::to_string(st.ins.f[f]);
    for (const Addr& a : st.terms)
      out += " " + a.operand + "+=L" + std::to_string(a.level) + "*" + std::to_string(a.stride);
    out += "\n";
  }
  return out;
}

}  // namespace loom::tinytpu
