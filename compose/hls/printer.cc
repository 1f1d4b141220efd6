// The C++ printer's spellings (printer.h): escaping, pragma syntax, and the
// lines and blocks the emitted files are made of.
#include "compose/hls/printer.h"

#include <cctype>

#include "common/contract.h"
#include "common/cpp_keywords.h"
#include "common/cpp_text.h"

namespace loom::hls {
namespace {

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& item : items) out += (out.empty() ? "" : ", ") + item;
  return out;
}

bool is_word(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
  return true;
}

bool has_space(std::string_view s) {
  for (char c : s)
    if (std::isspace(static_cast<unsigned char>(c))) return true;
  return false;
}

}  // namespace

std::string Pragma::text() const {
  LOOM_CONTRACT(is_word(kind), "the printer's contract, printer.h");
  std::string out = "HLS " + kind;
  for (const PragmaOption& o : options) {
    LOOM_CONTRACT(is_word(o.key) && !has_space(o.value), "the printer's contract, printer.h");
    out += " " + o.key + (o.value.empty() ? "" : "=" + o.value);
  }
  return out;
}

bool Printer::is_identifier(std::string_view name) {
  return is_word(name) && !std::isdigit(static_cast<unsigned char>(name[0])) && !is_cpp_keyword(name);
}

std::string Printer::string_literal(std::string_view text) { return cpp_string_literal(text); }

std::string Printer::char_literal(char c) { return cpp_char_literal(c); }

std::string Printer::comment_text(std::string_view text) { return cpp_comment_text(text); }

std::string Printer::template_id(std::string_view name, const std::vector<std::string>& args) {
  LOOM_CONTRACT(!args.empty(), "the printer's contract, printer.h");
  const std::string inside = join(args);
  return std::string(name) + "<" + inside + (inside.back() == '>' ? " >" : ">");
}

std::string Printer::call_expr(std::string_view function, const std::vector<std::string>& args) {
  return std::string(function) + "(" + join(args) + ")";
}

std::string Printer::braces(const std::vector<std::string>& items) { return "{" + join(items) + "}"; }

std::string Printer::signature(std::string_view result, std::string_view name, const std::vector<std::string>& params,
                               std::string_view qualifiers) {
  LOOM_CONTRACT(is_identifier(name), "the printer's contract, printer.h");
  return std::string(result) + " " + call_expr(name, params) + (qualifiers.empty() ? "" : " ") + std::string(qualifiers);
}

void Printer::start_line() { out_.append(static_cast<size_t>(depth_ * kIndent), ' '); }

void Printer::end_line(std::string_view comment) {
  if (!comment.empty()) out_ += "  // " + comment_text(comment);
  out_ += '\n';
}

void Printer::line(std::string_view text) {
  LOOM_CONTRACT(text.find('\n') == std::string_view::npos, "the printer's contract, printer.h");
  start_line();
  out_ += text;
  end_line("");
}

void Printer::blank() { out_ += '\n'; }

void Printer::raw(std::string_view text) { out_ += text; }

void Printer::comment(std::string_view text) { line("// " + comment_text(text)); }

void Printer::pragma(const Pragma& pragma, std::string_view comment) {
  out_ += "#pragma " + pragma.text();
  end_line(comment);
}

void Printer::directive(std::string_view directive) {
  LOOM_CONTRACT(directive.find('\n') == std::string_view::npos, "the printer's contract, printer.h");
  out_ += "#" + std::string(directive) + "\n";
}

void Printer::include(std::string_view path, std::string_view comment) {
  LOOM_CONTRACT(path.find_first_of("\"\n") == std::string_view::npos, "the printer's contract, printer.h");
  out_ += "#include \"" + std::string(path) + "\"";
  end_line(comment);
}

void Printer::include_system(std::string_view header) { directive("include <" + std::string(header) + ">"); }

void Printer::define(std::string_view name, std::string_view value) {
  directive("define " + std::string(name) + (value.empty() ? "" : " ") + std::string(value));
}

void Printer::undef(std::string_view name) { directive("undef " + std::string(name)); }

void Printer::declare(std::string_view type, std::string_view name, std::string_view comment) {
  LOOM_CONTRACT(is_identifier(name), "the printer's contract, printer.h");
  statement(std::string(type) + " " + std::string(name), comment);
}

void Printer::declare_array(std::string_view type, std::string_view name, int64_t size, std::string_view comment) {
  LOOM_CONTRACT(is_identifier(name), "the printer's contract, printer.h");
  statement(std::string(type) + " " + std::string(name) + "[" + std::to_string(size) + "]", comment);
}

void Printer::declare_array_reference(std::string_view type, std::string_view name, int64_t size) {
  LOOM_CONTRACT(is_identifier(name), "the printer's contract, printer.h");
  statement(std::string(type) + " (&" + std::string(name) + ")[" + std::to_string(size) + "]");
}

void Printer::declare_init(std::string_view type, std::string_view name, std::string_view init) {
  LOOM_CONTRACT(is_identifier(name), "the printer's contract, printer.h");
  statement(std::string(type) + " " + std::string(name) + " = " + std::string(init));
}

void Printer::construct(std::string_view type, std::string_view name, const std::vector<std::string>& args) {
  LOOM_CONTRACT(is_identifier(name), "the printer's contract, printer.h");
  statement(std::string(type) + " " + call_expr(name, args));
}

void Printer::type_alias(std::string_view type, std::string_view name) {
  LOOM_CONTRACT(is_identifier(name), "the printer's contract, printer.h");
  statement("typedef " + std::string(type) + " " + std::string(name));
}

void Printer::statement(std::string_view text, std::string_view comment) {
  LOOM_CONTRACT(text.find('\n') == std::string_view::npos, "the printer's contract, printer.h");
  start_line();
  out_ += text;
  out_ += ';';
  end_line(comment);
}

void Printer::call(std::string_view function, const std::vector<std::string>& args, std::string_view comment) {
  statement(call_expr(function, args), comment);
}

void Printer::function_line(std::string_view signature, std::string_view body, std::string_view comment) {
  start_line();
  out_ += std::string(signature) + " { " + std::string(body) + " }";
  end_line(comment);
}

void Printer::open(std::string_view head) {
  line(std::string(head) + " {");
  ++depth_;
}

void Printer::close(std::string_view tail) {
  LOOM_CONTRACT(depth_ > 0, "the printer's contract, printer.h");
  --depth_;
  line("}" + std::string(tail));
}

void Printer::open_struct(std::string_view name) {
  LOOM_CONTRACT(is_identifier(name), "the printer's contract, printer.h");
  open("struct " + std::string(name));
}

void Printer::close_struct() { close(";"); }

void Printer::array(std::string_view declaration, const std::vector<std::string>& elements) {
  out_ += std::string(declaration) + "[] = {\n";
  for (const std::string& e : elements) out_ += std::string(kContinuation, ' ') + e + ",\n";
  out_ += "};\n";
}

void Printer::packed_array(std::string_view declaration, const std::vector<std::string>& elements, int per_line) {
  LOOM_CONTRACT(per_line > 0, "the printer's contract, printer.h");
  out_ += std::string(declaration) + "[] = {";
  for (size_t i = 0; i < elements.size(); ++i)
    out_ += (i % static_cast<size_t>(per_line) ? " " : "\n" + std::string(kContinuation, ' ')) + elements[i] + ",";
  out_ += "};\n";
}

const std::string& Printer::text() const {
  LOOM_CONTRACT(depth_ == 0, "the printer's contract, printer.h");
  return out_;
}

}  // namespace loom::hls
