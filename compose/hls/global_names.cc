#include "compose/hls/global_names.h"

#include <cctype>
#include <set>

namespace loom::hls {
namespace {

struct Token {
  std::string text;  // an identifier, or one punctuation character
  int line;
  bool identifier() const { return !text.empty() && (std::isalpha(static_cast<unsigned char>(text[0])) || text[0] == '_'); }
};

bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The file's tokens, comments and literals dropped; each #define's name goes to `macros`.
std::vector<Token> tokens_of(std::string_view text, std::map<std::string, int>& macros) {
  std::vector<Token> out;
  int line = 1;
  bool line_start = true;
  for (size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == '\n') {
      ++line, ++i, line_start = true;
      continue;
    }
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
      while (i < text.size() && text[i] != '\n') ++i;
      continue;
    }
    if (c == '/' && i + 1 < text.size() && text[i + 1] == '*') {
      i += 2;
      while (i + 1 < text.size() && !(text[i] == '*' && text[i + 1] == '/')) line += text[i++] == '\n';
      i += 2;
      continue;
    }
    if (c == '#' && line_start) {
      // A directive, with its continuations; a #define names a macro.
      size_t end = i;
      while (end < text.size() && !(text[end] == '\n' && text[end - 1] != '\\')) ++end;
      std::string_view directive = text.substr(i + 1, end - i - 1);
      size_t at = directive.find_first_not_of(" \t");
      if (at != std::string_view::npos && directive.substr(at, 6) == "define") {
        at = directive.find_first_not_of(" \t", at + 6);
        size_t stop = at;
        while (stop < directive.size() && ident_char(directive[stop])) ++stop;
        if (at != std::string_view::npos && stop > at) macros.emplace(std::string(directive.substr(at, stop - at)), line);
      }
      for (size_t k = i; k < end; ++k) line += text[k] == '\n';
      i = end;
      continue;
    }
    line_start = false;
    if (c == '"' || c == '\'') {
      // A raw string's delimiter is not worth knowing here: units write none.
      ++i;
      while (i < text.size() && text[i] != c) i += text[i] == '\\' ? 2 : 1;
      ++i;
      continue;
    }
    if (ident_char(c)) {
      size_t end = i;
      while (end < text.size() && ident_char(text[end])) ++end;
      if (!std::isdigit(static_cast<unsigned char>(c))) out.push_back({std::string(text.substr(i, end - i)), line});
      i = end;
      continue;
    }
    out.push_back({std::string(1, c), line});
    ++i;
  }
  return out;
}

const std::set<std::string>& keywords() {
  static const std::set<std::string> k = {
      "alignas",  "alignof", "auto",     "bool",      "char",     "const",    "constexpr", "decltype", "double",
      "extern",   "float",   "inline",   "int",       "long",     "operator", "return",    "short",    "signed",
      "sizeof",   "static",  "template", "typename",  "unsigned", "void",     "volatile",  "static_assert",
      "noexcept", "if",      "while",    "for",       "switch",   "explicit", "friend",    "virtual",  "mutable"};
  return k;
}

}  // namespace

std::map<std::string, GlobalName> global_names(const SourceTree& sources, const std::vector<std::string>& files) {
  std::map<std::string, GlobalName> out;
  for (const std::string& file : files) {
    auto text = sources.find(file);
    if (text == sources.end()) continue;
    std::map<std::string, int> macros;
    const std::vector<Token> t = tokens_of(text->second, macros);
    for (const auto& [name, line] : macros) out.emplace(name, GlobalName{"macro", file, line});
    int braces = 0, parens = 0, angles = 0;
    for (size_t i = 0; i < t.size(); ++i) {
      const std::string& s = t[i].text;
      if (s == "{") ++braces;
      if (s == "}") --braces;
      if (braces != 0) continue;
      if (s == "(") ++parens;
      if (s == ")") --parens;
      if (s == "<") ++angles;
      if (s == ">" && angles > 0) --angles;
      if (parens != 0 || angles != 0 || !t[i].identifier() || keywords().count(s)) continue;
      const auto add = [&](const std::string& kind) { out.emplace(s, GlobalName{kind, file, t[i].line}); };
      const std::string before = i > 0 ? t[i - 1].text : "", after = i + 1 < t.size() ? t[i + 1].text : "";
      if (before == "namespace") add("namespace");
      else if (before == "struct" || before == "class" || before == "union" || before == "enum") add("type");
      else if (before == "using" && after == "=") add("type");
      else if (before == ":" || before == "." || (before == ">" && i > 1 && t[i - 2].text == "-")) continue;
      else if (after == "(" || after == "=" || after == "[" || after == ";" || after == ",") add("function or variable");
    }
  }
  return out;
}

}  // namespace loom::hls
