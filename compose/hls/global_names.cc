#include "compose/hls/global_names.h"

#include <cctype>

#include "common/cpp_keywords.h"

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
    // Two-character operators, so that '<=' or '->' is not taken for a bracket.
    static const char* const pairs[] = {"<=", ">=", "<<", ">>", "->", "::", "==", "!="};
    bool paired = false;
    for (const char* p : pairs)
      if (i + 1 < text.size() && c == p[0] && text[i + 1] == p[1]) {
        out.push_back({p, line});
        i += 2;
        paired = true;
        break;
      }
    if (paired) continue;
    out.push_back({std::string(1, c), line});
    ++i;
  }
  return out;
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
    int braces = 0, parens = 0;
    for (size_t i = 0; i < t.size(); ++i) {
      const std::string& s = t[i].text;
      if (s == "{") ++braces;
      if (s == "}") --braces;
      if (braces != 0) continue;
      // A template's parameter list, skipped whole: '<' and '>' elsewhere
      // are as likely operators as brackets.
      if (s == "template" && i + 1 < t.size() && t[i + 1].text == "<") {
        int angles = 0, nested = 0;  // brackets, and parentheses inside them
        for (++i; i < t.size(); ++i) {
          const std::string& u = t[i].text;
          if (u == "(") ++nested;
          if (u == ")") --nested;
          if (nested != 0) continue;
          if (u == "<") ++angles;
          if (u == ">") --angles;
          if (u == ">>") angles -= 2;
          if (angles <= 0) break;
        }
        continue;
      }
      if (s == "(") ++parens;
      if (s == ")") --parens;
      if (parens != 0 || !t[i].identifier() || is_cpp_keyword(s)) continue;
      const auto add = [&](const std::string& kind) { out.emplace(s, GlobalName{kind, file, t[i].line}); };
      const std::string before = i > 0 ? t[i - 1].text : "", after = i + 1 < t.size() ? t[i + 1].text : "";
      if (before == "namespace") add("namespace");
      else if (before == "struct" || before == "class" || before == "union" || before == "enum") add("type");
      else if (before == "using" && after == "=") add("type");
      else if (before == "::" || before == "." || before == "->") continue;
      else if (after == "(" || after == "=" || after == "[" || after == ";" || after == ",") add("function or variable");
    }
  }
  return out;
}

const std::map<std::string, GlobalName>& c_library_names() {
  static const std::map<std::string, GlobalName> names = [] {
    std::map<std::string, GlobalName> out;
    const auto add = [&](const char* header, std::initializer_list<const char*> list) {
      for (const char* n : list) out.emplace(n, GlobalName{"C library name", header, 0});
    };
    add("<stdio.h>", {"FILE", "fpos_t", "size_t", "remove", "rename", "tmpfile", "tmpnam", "fclose", "fflush", "fopen",
                      "freopen", "setbuf", "setvbuf", "fprintf", "fscanf", "printf", "scanf", "snprintf", "sprintf",
                      "sscanf", "vfprintf", "vfscanf", "vprintf", "vscanf", "vsnprintf", "vsprintf", "vsscanf", "fgetc",
                      "fgets", "fputc", "fputs", "getc", "getchar", "putc", "putchar", "puts", "ungetc", "fread",
                      "fwrite", "fgetpos", "fseek", "fsetpos", "ftell", "rewind", "clearerr", "feof", "ferror",
                      "perror", "stdin", "stdout", "stderr", "fileno", "fdopen", "popen", "pclose", "getline",
                      "getdelim", "dprintf", "flockfile", "funlockfile", "ctermid", "tempnam", "fseeko", "ftello",
                      "renameat", "asprintf", "vasprintf", "fmemopen", "open_memstream", "off_t", "ssize_t", "va_list"});
    add("<stdlib.h>", {"div_t", "ldiv_t", "lldiv_t", "atof", "atoi", "atol", "atoll", "strtod", "strtof", "strtold",
                       "strtol", "strtoll", "strtoul", "strtoull", "rand", "srand", "aligned_alloc", "calloc", "free",
                       "malloc", "realloc", "abort", "atexit", "at_quick_exit", "exit", "_Exit", "getenv",
                       "quick_exit", "system", "bsearch", "qsort", "abs", "labs", "llabs", "div", "ldiv", "lldiv",
                       "mblen", "mbtowc", "wctomb", "mbstowcs", "wcstombs", "random", "srandom", "initstate",
                       "setstate", "drand48", "erand48", "lrand48", "nrand48", "mrand48", "jrand48", "srand48",
                       "seed48", "lcong48", "setenv", "unsetenv", "putenv", "mkstemp", "mkdtemp", "mktemp",
                       "realpath", "posix_memalign", "alloca", "valloc", "wchar_t", "clearenv", "ecvt", "fcvt", "gcvt",
                       "on_exit", "rand_r", "reallocarray", "getsubopt", "grantpt", "unlockpt", "ptsname",
                       "posix_openpt", "a64l", "l64a"});
    add("<stdint.h>", {"int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t",
                       "int_least8_t", "int_least16_t", "int_least32_t", "int_least64_t", "uint_least8_t",
                       "uint_least16_t", "uint_least32_t", "uint_least64_t", "int_fast8_t", "int_fast16_t",
                       "int_fast32_t", "int_fast64_t", "uint_fast8_t", "uint_fast16_t", "uint_fast32_t",
                       "uint_fast64_t", "intptr_t", "uintptr_t", "intmax_t", "uintmax_t", "ptrdiff_t"});
    return out;
  }();
  return names;
}

}  // namespace loom::hls
