#include "machines/tinytpu/assembler.h"

#include <cctype>
#include <charconv>
#include <cstdio>

namespace loom::tinytpu {
namespace {

struct Token {
  std::string_view text;
  int column;  // 1-based
};

// Splits a line into whitespace-separated tokens, dropping a `#` comment.
std::vector<Token> tokens(std::string_view line) {
  std::vector<Token> out;
  size_t i = 0;
  while (i < line.size()) {
    if (line[i] == '#') break;
    if (std::isspace(static_cast<unsigned char>(line[i]))) {
      ++i;
      continue;
    }
    const size_t start = i;
    while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i])) && line[i] != '#') ++i;
    out.push_back({line.substr(start, i - start), static_cast<int>(start) + 1});
  }
  return out;
}

bool integer(std::string_view text, int64_t& value) {
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return !text.empty() && ec == std::errc() && end == text.data() + text.size();
}

// Why `text` is not an integer, naming the digits as written: a number past
// int64_t is said to be, never wrapped or clamped.
std::string not_an_integer(std::string_view text) {
  int64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec == std::errc::result_out_of_range && end == text.data() + text.size())
    return "'" + std::string(text) + "' is past any 64-bit integer";
  return "found '" + std::string(text) + "'";
}

class Parser {
 public:
  Parser(const std::string& source) : source_(source) {}

  Result<Program> run(std::string_view text) {
    int line_no = 0;
    size_t pos = 0;
    while (pos <= text.size()) {
      const size_t eol = std::min(text.find('\n', pos), text.size());
      ++line_no;
      statement(text.substr(pos, eol - pos), line_no);
      pos = eol + 1;
    }
    for (const auto& [line, column] : open_)
      error("unbalanced-loop", line, column, "this loop is never closed with '}'");
    if (!status_.ok()) return status_;
    return program_;
  }

 private:
  void error(std::string kind, int line, int column, std::string message) {
    status_.add(std::move(kind), source_ + ":" + std::to_string(line) + ":" + std::to_string(column), std::move(message));
  }

  void statement(std::string_view line, int n) {
    const std::vector<Token> t = tokens(line);
    if (t.empty()) return;
    const std::string_view head = t[0].text;
    if (head == "}") {
      if (t.size() > 1) return error("syntax", n, t[1].column, "nothing may follow '}' on its line");
      if (open_.empty()) return error("unbalanced-loop", n, t[0].column, "'}' closes no loop");
      open_.pop_back();
      program_.end();
      set_position(n, t[0].column);
      return;
    }
    const isa::OpcodeInfo* op = nullptr;
    for (const isa::OpcodeInfo& o : isa::kOpcodes)
      if (o.name == head) op = &o;
    if (op == nullptr) return error("unknown-opcode", n, t[0].column, "'" + std::string(head) + "' is not an opcode");
    switch (op->kind) {
      case isa::Kind::retired:
        return error("retired-opcode", n, t[0].column,
                     "'" + std::string(head) + "' is retired; results leave the accumulator through mvout");
      case isa::Kind::agu_prefix:
        return error("syntax", n, t[0].column, "address terms are written on their instruction, as operand+=L<level>*<stride>");
      case isa::Kind::halt:
        if (t.size() > 1) return error("syntax", n, t[1].column, "halt takes no operands");
        program_.halt();
        set_position(n, t[0].column);
        return;
      case isa::Kind::loop_end:
        return error("syntax", n, t[0].column, "close a loop with '}'");
      case isa::Kind::loop_begin: {
        int64_t trips = 0;
        if (t.size() != 3 || t[2].text != "{" || !integer(t[1].text, trips))
          return error("syntax", n, t[0].column,
                       "a loop is written 'loop <trips> {'" + (t.size() > 1 ? ": " + not_an_integer(t[1].text) : std::string()));
        open_.emplace_back(n, t[0].column);
        program_.loop(trips);
        set_position(n, t[0].column);
        return;
      }
      case isa::Kind::data: break;
    }
    data(*op, t, n);
  }

  void data(const isa::OpcodeInfo& op, const std::vector<Token>& t, int n) {
    isa::Instruction ins;
    ins.op = op.op;
    bool has_rows = false;
    std::array<bool, isa::kOperandFields> given{};
    std::vector<Addr> terms;
    const size_t errors_before = status_.errors().size();
    for (size_t k = 1; k < t.size(); ++k) {
      const std::string_view tok = t[k].text;
      const int col = t[k].column;
      const size_t plus = tok.find("+=");
      const size_t eq = tok.find('=');
      if (eq == std::string_view::npos || eq == 0) {
        error("syntax", n, col, "expected name=value or name+=L<level>*<stride>, found '" + std::string(tok) + "'");
        continue;
      }
      const std::string_view name = tok.substr(0, plus != std::string_view::npos ? plus : eq);
      int field = -1;
      for (size_t f = 0; f < isa::kOperandFields; ++f)
        if (op.operands[f] == name) field = static_cast<int>(f);
      if (plus != std::string_view::npos) {
        // name+=L<level>[*<stride>]
        std::string_view term = tok.substr(plus + 2);
        int64_t level = 0, stride = 1;
        const size_t star = term.find('*');
        const std::string_view lv = term.substr(0, star);
        if (lv.size() < 2 || lv[0] != 'L' || !integer(lv.substr(1), level) || level < 0 || level > 1'000'000 ||
            (star != std::string_view::npos && !integer(term.substr(star + 1), stride))) {
          error("syntax", n, col, "an address term is written name+=L<level>*<stride>, found '" + std::string(tok) + "'");
          continue;
        }
        if (field < 0) {
          error("unknown-operand", n, col, "'" + std::string(op.name) + "' has no operand '" + std::string(name) + "'");
          continue;
        }
        terms.push_back({std::string(name), static_cast<int>(level), stride});
        continue;
      }
      int64_t value = 0;
      if (!integer(tok.substr(eq + 1), value)) {
        error("syntax", n, col + static_cast<int>(eq) + 1, "'" + std::string(name) + "' needs an integer value: " + not_an_integer(tok.substr(eq + 1)));
        continue;
      }
      if (name == "rows") {
        if (has_rows) error("duplicate-operand", n, col, "rows is given twice");
        has_rows = true;
        ins.nr = value;
        continue;
      }
      if (field < 0) {
        error("unknown-operand", n, col, "'" + std::string(op.name) + "' has no operand '" + std::string(name) + "'");
        continue;
      }
      if (given[static_cast<size_t>(field)]) error("duplicate-operand", n, col, "'" + std::string(name) + "' is given twice");
      given[static_cast<size_t>(field)] = true;
      ins.f[static_cast<size_t>(field)] = value;
    }
    if (!has_rows) error("missing-operand", n, t[0].column, "'" + std::string(op.name) + "' needs rows=");
    for (size_t f = 0; f < isa::kOperandFields; ++f)
      if (!op.operands[f].empty() && !given[f])
        error("missing-operand", n, t[0].column,
              "'" + std::string(op.name) + "' needs " + std::string(op.operands[f]) + "=");
    if (status_.errors().size() != errors_before) return;
    Statement s{ins, std::move(terms), n, t[0].column};
    program_.raw(std::move(s));
  }

  void set_position(int line, int column) { program_.at(line, column); }

  const std::string& source_;
  Program program_;
  std::vector<std::pair<int, int>> open_;
  Status status_;
};

}  // namespace

Result<Program> parse_assembly(std::string_view text, const std::string& source) { return Parser(source).run(text); }

Result<Assembled> assemble(const Program& program, const isa::Params& params) {
  auto encoded = encode(program);
  if (!encoded.ok()) return encoded.status();
  auto walk = check_program(program, encoded.value(), params);
  if (!walk.ok()) return walk.status();
  Assembled a{params, program, std::move(encoded).value(), walk.value(), {}};
  for (size_t h = 0; h < isa::kHeaderCount; ++h) a.headers[h] = isa::header_word(static_cast<int>(h), a.walk.counts[h]);
  return a;
}

Result<Assembled> assemble_text(std::string_view text, const std::string& source, const isa::Params& params) {
  auto program = parse_assembly(text, source);
  if (!program.ok()) return program.status();
  return assemble(program.value(), params);
}

std::string listing(const Assembled& a) {
  std::string out = "headers:\n";
  char buf[64];
  for (size_t h = 0; h < isa::kHeaderCount; ++h) {
    std::snprintf(buf, sizeof buf, "  %016llx  ", static_cast<unsigned long long>(a.headers[h]));
    out += buf + std::string(isa::kHeaderUnits[h]) + " trip count " + std::to_string(a.walk.counts[h]) + "\n";
  }
  out += "words:\n";
  for (size_t w = 0; w < a.encoded.words.size(); ++w) {
    const uint64_t word = a.encoded.words[w];
    std::snprintf(buf, sizeof buf, "  %4zu  %016llx  ", w, static_cast<unsigned long long>(word));
    out += buf;
    const isa::OpcodeInfo* op = isa::find_opcode(isa::kOpcodeSlice.get(word));
    if (op && op->kind == isa::Kind::agu_prefix) {
      const isa::Terms terms = isa::decode_agu(word);
      out += "agu";
      const uint64_t next = w + 1 < a.encoded.words.size() ? a.encoded.words[w + 1] : 0;
      const isa::OpcodeInfo* target = isa::find_opcode(isa::kOpcodeSlice.get(next));
      for (int k = 0; k < terms.count; ++k) {
        const isa::Term& t = terms.term[static_cast<size_t>(k)];
        const std::string_view name = target ? target->operands[static_cast<size_t>(t.field)] : "";
        out += " " + std::string(name.empty() ? isa::kFieldNames[static_cast<size_t>(t.field)] : name) + "+=L" +
               std::to_string(t.level) + "*" + std::to_string(t.stride);
      }
    } else if (op) {
      const isa::Instruction i = isa::decode(word);
      out += std::string(op->name);
      if (op->kind == isa::Kind::data) out += " rows=" + std::to_string(i.nr);
      for (size_t f = 0; f < isa::kOperandFields; ++f)
        if (!op->operands[f].empty()) out += " " + std::string(op->operands[f]) + "=" + std::to_string(i.f[f]);
    }
    out += "\n";
  }
  out += std::to_string(a.walk.instructions) + " dynamic data instructions, " + std::to_string(a.walk.accu_iterations) +
         " accu iterations\n";
  return out;
}

}  // namespace loom::tinytpu
