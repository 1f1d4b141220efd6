// The catalogue of error kinds (common/error_kinds.h) held to the code: every
// kind the sources raise is catalogued, every catalogued kind is raised, and
// docs/errors.md is the catalogue's text. The sources come as data (each
// package's :source_files), read as C++ tokens, not lines: comments and string
// contents cannot fake a site, and a call split over lines is one call.
//
// The forms that make an Error, and so raise its kind (each site's kind
// argument is read by the form's position):
//   Error{KIND, where, message} and Error(KIND, ...)
//   status.add(KIND, where, message)           (Status::add, three arguments)
//   a helper of kHelpers, e.g. r.error(KIND, message, key) of spec/json_reader.h
//   an error wrapper of kErrorWrappers, e.g. throw Stop{{KIND, where, message}}
//   errors_.push_back({KIND, "", ""})           (Status's own more-errors entry)
// KIND is a string literal, or a ternary of two (cond ? "a" : "b": both count).
// Forwarding an existing error's kind (e.kind, r.error.kind) raises nothing
// new. A bare name (kind, std::move(kind)) is allowed only inside the body of
// a registered helper, as its kind parameter; anything else is refused, so a
// kind cannot hide in a variable or behind a new helper.
//
// Kinds named without being raised are held to the catalogue too: compared
// (e.kind == "fifo-memory") or expected (the TinyTPU validator's controls).
// And a call whose first argument is a dashed kind-shaped literal followed by
// more arguments (complain("new-kind", ...)) is an error construction the
// scanner does not know until it is registered, or listed in kNotKinds.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "common/error_kinds.h"

namespace {

namespace fs = std::filesystem;

// What the test reads: the packages' sources, and not tests/.
constexpr std::string_view kScannedDirs[] = {"actions", "common", "compose", "machines", "spec", "tools", "units"};
// The catalogue itself names every kind and raises none.
constexpr std::string_view kCatalogue[] = {"common/error_kinds.h", "common/error_kinds.cc"};

// Helpers that take a kind and pass it on to an Error. A helper applies in the
// file it is declared in, the file it is defined in, and every file that
// includes its declaring header. Its definition's body must forward the kind
// parameter to one of the forms above (checked), so the table cannot go stale.
enum class Role {
  raises,   // its calls raise the kind
  expects,  // its calls name a kind that something else must raise
  form,     // a form read above (Status::add): only its body is registered, for the kind it forwards
};
struct Helper {
  std::string_view name;
  size_t kind_arg;  // which argument is the kind, from 0
  std::string_view declared_in;
  std::string_view defined_in;
  Role role;
};
constexpr Helper kHelpers[] = {
    // Status::add(kind, where, message) makes the Error (its calls are the form above).
    {"add", 0, "common/status.h", "common/status.h", Role::form},
    // The extent parser's fail(kind, message).
    {"fail", 0, "units/shape.cc", "units/shape.cc", Role::raises},
    // Standalone::fail(kind, port, message).
    {"fail", 0, "units/standalone.h", "units/standalone.cc", Role::raises},
    // refuse(kind, message): one refusal per placement, however many instances repeat it.
    {"refuse", 0, "compose/architecture.cc", "compose/architecture.cc", Role::raises},
    // SimScheduler::fail(process, kind, port, message), which Simulation implements.
    {"fail", 1, "compose/sim/process.h", "compose/sim/simulator.cc", Role::raises},
    // The executor's fail(kind, message).
    {"fail", 0, "actions/execute.cc", "actions/execute.cc", Role::raises},
    // JsonReader::error(kind, message, key).
    {"error", 0, "spec/json_reader.h", "spec/json_reader.h", Role::raises},
    // The assembler's error(kind, line, column, message).
    {"error", 0, "machines/tinytpu/assembler.cc", "machines/tinytpu/assembler.cc", Role::raises},
    // check_program's add(kind, word, message).
    {"add", 0, "machines/tinytpu/check_program.cc", "machines/tinytpu/check_program.cc", Role::raises},
    // validator_controls' add(name, program, kind, mentions): the kind each
    // control must be refused with. It names a kind; it raises none.
    {"add", 2, "machines/tinytpu/controls.cc", "machines/tinytpu/controls.cc", Role::expects},
};

// Types whose first member is an Error, built as T{{KIND, where, message}, ...}.
constexpr std::string_view kErrorWrappers[] = {
    "Stop",     // units/standalone.cc: a standalone run's failure, thrown to its end
    "Refusal",  // compose/architecture.cc: a refusal and the instances that repeat it
};

// Dashed literals that open a call of more arguments and are not error kinds.
constexpr std::string_view kNotKinds[] = {
    "gen-isa",  // a verb of tools/cli.cc: add_verb("gen-isa", description, ...)
};

// ---------------------------------------------------------------- tokens

struct Token {
  enum Type { ident, str, chr, num, punct } type;
  std::string text;  // a literal's contents, without quotes or prefix
  int line;
};

struct Source {
  std::string path;  // from the workspace root, e.g. "spec/isa_spec.cc"
  std::vector<Token> tokens;
  std::vector<std::string> includes;  // #include "..." paths
};

bool ident_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

std::vector<Token> tokenize(const std::string& s, std::vector<std::string>& includes) {
  std::vector<Token> out;
  size_t i = 0;
  int line = 1;
  bool line_start = true;
  const auto skip_to_eol = [&] {
    while (i < s.size() && s[i] != '\n') {
      if (s[i] == '\\' && i + 1 < s.size() && s[i + 1] == '\n') ++line, ++i;
      ++i;
    }
  };
  // A quoted literal from s[i] (the opening quote); returns its contents.
  const auto quoted = [&](char q) {
    const size_t begin = ++i;
    while (i < s.size() && s[i] != q) {
      if (s[i] == '\\') ++i;
      if (i < s.size() && s[i] == '\n') ++line;
      ++i;
    }
    std::string text = s.substr(begin, i - begin);
    ++i;
    return text;
  };
  while (i < s.size()) {
    const char c = s[i];
    if (c == '\n') {
      ++line, ++i, line_start = true;
      continue;
    }
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    if (s.compare(i, 2, "//") == 0) {
      skip_to_eol();
      continue;
    }
    if (s.compare(i, 2, "/*") == 0) {
      const size_t end = s.find("*/", i + 2);
      const size_t stop = end == std::string::npos ? s.size() : end + 2;
      line += static_cast<int>(
          std::count(s.begin() + static_cast<std::ptrdiff_t>(i), s.begin() + static_cast<std::ptrdiff_t>(stop), '\n'));
      i = stop;
      continue;
    }
    const bool at_line_start = line_start;
    line_start = false;
    if (c == '#' && at_line_start) {
      // A directive: #include "x" is recorded; the rest of any directive is
      // read as tokens (a macro's body may hold a site).
      size_t j = i + 1;
      while (j < s.size() && (s[j] == ' ' || s[j] == '\t')) ++j;
      if (s.compare(j, 7, "include") == 0) {
        const size_t open = s.find_first_of("\"<\n", j + 7);
        if (open != std::string::npos && s[open] == '"') {
          const size_t close = s.find('"', open + 1);
          includes.push_back(s.substr(open + 1, close - open - 1));
        }
        skip_to_eol();
        continue;
      }
      out.push_back({Token::punct, "#", line});
      ++i;
      continue;
    }
    if (ident_start(c)) {
      size_t j = i;
      while (j < s.size() && ident_char(s[j])) ++j;
      const std::string word = s.substr(i, j - i);
      if (j < s.size() && s[j] == '"' &&
          (word == "R" || word == "u8R" || word == "uR" || word == "UR" || word == "LR")) {
        // A raw string: R"delim( ... )delim".
        const size_t paren = s.find('(', j);
        const std::string close = ")" + s.substr(j + 1, paren - j - 1) + "\"";
        const size_t end = s.find(close, paren);
        const int at = line;
        line += static_cast<int>(
            std::count(s.begin() + static_cast<std::ptrdiff_t>(i), s.begin() + static_cast<std::ptrdiff_t>(end), '\n'));
        out.push_back({Token::str, s.substr(paren + 1, end - paren - 1), at});
        i = end + close.size();
        continue;
      }
      if (j < s.size() && (s[j] == '"' || s[j] == '\'') &&
          (word == "u8" || word == "u" || word == "U" || word == "L")) {
        i = j;
        const int at = line;
        const char q = s[i];
        out.push_back({q == '"' ? Token::str : Token::chr, quoted(q), at});
        continue;
      }
      out.push_back({Token::ident, word, line});
      i = j;
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(c)) ||
        (c == '.' && i + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + 1])))) {
      size_t j = i + 1;
      while (j < s.size()) {
        if (ident_char(s[j]) || s[j] == '.' || (s[j] == '\'' && j + 1 < s.size() && ident_char(s[j + 1]))) {
          ++j;
        } else if ((s[j] == '+' || s[j] == '-') && std::strchr("eEpP", s[j - 1]) != nullptr) {
          ++j;
        } else {
          break;
        }
      }
      out.push_back({Token::num, s.substr(i, j - i), line});
      i = j;
      continue;
    }
    if (c == '"' || c == '\'') {
      const int at = line;
      out.push_back({c == '"' ? Token::str : Token::chr, quoted(c), at});
      continue;
    }
    for (std::string_view p : {"::", "->", "==", "!="}) {
      if (s.compare(i, p.size(), p) == 0) {
        out.push_back({Token::punct, std::string(p), line});
        i += p.size();
        goto next;
      }
    }
    out.push_back({Token::punct, std::string(1, c), line});
    ++i;
  next:;
  }
  return out;
}

// ---------------------------------------------------------------- calls

using Range = std::pair<size_t, size_t>;  // [first, last) of tokens

bool is(const Token& t, std::string_view text) { return t.type == Token::punct && t.text == text; }
bool is_ident(const Token& t, std::string_view text) { return t.type == Token::ident && t.text == text; }

// The top-level arguments of the bracket at `open` ('(' or '{'), and the index
// of its closing bracket; nullopt when it does not close.
struct Args {
  std::vector<Range> args;
  size_t close;
};
std::optional<Args> args_at(const std::vector<Token>& t, size_t open) {
  Args out;
  int depth = 0;
  size_t first = open + 1;
  for (size_t i = open; i < t.size(); ++i) {
    if (t[i].type != Token::punct) continue;
    const std::string& p = t[i].text;
    if (p == "(" || p == "{" || p == "[") {
      ++depth;
    } else if (p == ")" || p == "}" || p == "]") {
      if (--depth == 0) {
        if (i > first) out.args.push_back({first, i});
        out.close = i;
        return out;
      }
    } else if (p == "," && depth == 1) {
      out.args.push_back({first, i});
      first = i + 1;
    }
  }
  return std::nullopt;
}

std::string text_of(const std::vector<Token>& t, Range r) {
  std::string out;
  for (size_t i = r.first; i < r.second; ++i) {
    if (!out.empty() && (ident_char(out.back()) || t[i].type != Token::punct)) out += ' ';
    out += t[i].type == Token::str ? "\"" + t[i].text + "\"" : t[i].text;
  }
  return out;
}

// A parameter's declaration rather than an argument: `const char* kind`,
// `std::string kind = ""`: a name after a type name, '*', '&' or '>'.
bool declares(const std::vector<Token>& t, Range r) {
  size_t end = r.second;
  for (size_t i = r.first; i < r.second; ++i)
    if (is(t[i], "=")) end = i;
  if (end - r.first < 2 || t[end - 1].type != Token::ident || t[end - 1].text == "this") return false;
  const Token& before = t[end - 2];
  if (before.type == Token::ident) return true;
  // `*p` and `&x` are expressions; `T* p` and `T& x` declare.
  return end - r.first >= 3 && (is(before, "*") || is(before, "&") || is(before, ">"));
}

// The name a parameter declares: its last identifier before any default.
std::string declared_name(const std::vector<Token>& t, Range r) {
  size_t end = r.second;
  for (size_t i = r.first; i < r.second; ++i)
    if (is(t[i], "=")) end = i;
  return t[end - 1].text;
}

bool kind_shaped(std::string_view s) {
  if (s.empty() || s.front() < 'a' || s.front() > 'z' || s.back() == '-') return false;
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    const bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (c == '-' && s[i - 1] != '-');
    if (!ok) return false;
  }
  return true;
}

// ---------------------------------------------------------------- the scan

struct Site {
  std::string file;
  int line;
  std::string form;
  std::string where() const { return file + ":" + std::to_string(line) + " (" + form + ")"; }
};

struct Scan {
  std::vector<Source> sources;
  std::map<std::string, std::vector<Site>> raised;  // kind -> where it is raised
  std::map<std::string, std::vector<Site>> named;   // kind -> where it is compared or expected
  std::vector<std::string> problems;                // each a sentence naming file:line
  size_t construction_sites = 0;
  size_t forwarded = 0;  // sites that pass on an existing error's kind
};

struct Body {
  std::string file;
  size_t begin, end;  // token range of a helper's body
  std::string parameter;
  const Helper* helper;
  bool used = false;
};

// The bodies of `h`'s definitions in its defining file: name(params) ... {body}
// and name = [captures](params) ... {body}.
std::vector<Body> definitions(const Source& src, const Helper& h) {
  std::vector<Body> out;
  const std::vector<Token>& t = src.tokens;
  for (size_t i = 0; i + 1 < t.size(); ++i) {
    if (!is_ident(t[i], h.name)) continue;
    size_t open = i + 1;
    if (is(t[open], "=") && open + 1 < t.size() && is(t[open + 1], "[")) {
      const auto captures = args_at(t, open + 1);
      if (!captures) continue;
      open = captures->close + 1;
    }
    if (open >= t.size() || !is(t[open], "(")) continue;
    const auto params = args_at(t, open);
    if (!params || params->args.size() <= h.kind_arg) continue;
    if (!std::all_of(params->args.begin(), params->args.end(), [&](Range r) { return declares(t, r); })) continue;
    size_t j = params->close + 1;
    while (j < t.size() && !is(t[j], "{") && !is(t[j], ";") && !is(t[j], "=")) ++j;
    if (j >= t.size() || !is(t[j], "{")) continue;
    const auto body = args_at(t, j);
    if (!body) continue;
    out.push_back({src.path, j, body->close, declared_name(t, params->args[h.kind_arg]), &h});
  }
  return out;
}

Scan scan(std::vector<Source> sources) {
  Scan s;
  s.sources = std::move(sources);

  // Which helpers apply in each file.
  std::map<std::string, std::map<std::string, const Helper*>> helpers_in;
  std::vector<Body> bodies;
  for (const Helper& h : kHelpers) {
    bool declared = false, defined = false;
    for (const Source& src : s.sources) {
      const bool includes = std::find(src.includes.begin(), src.includes.end(), h.declared_in) != src.includes.end();
      declared = declared || src.path == h.declared_in;
      if (src.path == h.defined_in) {
        defined = true;
        for (Body& b : definitions(src, h)) bodies.push_back(b);
      }
      if (h.role == Role::form || (src.path != h.declared_in && src.path != h.defined_in && !includes)) continue;
      const Helper*& slot = helpers_in[src.path][std::string(h.name)];
      if (slot != nullptr && (slot->kind_arg != h.kind_arg || slot->role != h.role))
        s.problems.push_back(src.path + ": two helpers named '" + std::string(h.name) +
                             "' apply here with their kinds at different arguments; kHelpers cannot tell them apart");
      slot = &h;
    }
    if (!declared || !defined)
      s.problems.push_back("kHelpers names " + std::string(h.name) + " of " +
                           std::string(declared ? h.defined_in : h.declared_in) +
                           ", which is not among the scanned sources: update kHelpers");
  }

  for (const Source& src : s.sources) {
    const std::vector<Token>& t = src.tokens;
    const std::map<std::string, const Helper*>& helpers = helpers_in[src.path];
    std::set<size_t> seen;  // the brackets whose first argument a form has read
    const auto problem = [&](int line, const std::string& what) {
      s.problems.push_back(src.path + ":" + std::to_string(line) + ": " + what);
    };
    // The kind argument `r` of a site: literals raise (or name) their kinds.
    const auto take = [&](Range r, const std::string& form, Role role) {
      const int line = t[r.first].line;
      auto& into = role == Role::raises ? s.raised : s.named;
      const Site site{src.path, line, form};
      const auto literal = [&](const Token& k) {
        if (!kind_shaped(k.text))
          problem(line, form + " takes \"" + k.text +
                            "\" as its kind, which is not a kind's shape (lower-case words joined by '-')");
        else
          into[k.text].push_back(site);
      };
      if (role == Role::raises) ++s.construction_sites;
      if (r.second - r.first == 1 && t[r.first].type == Token::str) return literal(t[r.first]);
      // cond ? "a" : "b"
      for (size_t q = r.first; q < r.second; ++q) {
        if (!is(t[q], "?")) continue;
        if (r.second - q == 4 && t[q + 1].type == Token::str && is(t[q + 2], ":") && t[q + 3].type == Token::str) {
          literal(t[q + 1]);
          literal(t[q + 3]);
          return;
        }
        break;
      }
      // e.kind, r.error.kind, (*it)->kind: an existing error's kind, passed on.
      if (r.second - r.first >= 3 && is_ident(t[r.second - 1], "kind") &&
          (is(t[r.second - 2], ".") || is(t[r.second - 2], "->"))) {
        ++s.forwarded;
        return;
      }
      // name or std::move(name): a helper's kind parameter, inside its body.
      std::optional<std::string> name;
      if (r.second - r.first == 1 && t[r.first].type == Token::ident) name = t[r.first].text;
      if (r.second - r.first == 6 && is_ident(t[r.first], "std") && is(t[r.first + 1], "::") &&
          is_ident(t[r.first + 2], "move") && is(t[r.first + 3], "(") && t[r.first + 4].type == Token::ident)
        name = t[r.first + 4].text;
      if (name && role == Role::raises) {
        for (Body& b : bodies) {
          if (b.file == src.path && b.begin < r.first && r.first < b.end && b.parameter == *name) {
            b.used = true;
            ++s.forwarded;
            return;
          }
        }
      }
      problem(line,
              form + " takes its kind from `" + text_of(t, r) +
                  "`, which the scanner cannot read. Write the kind as a literal at the site (a ternary of two "
                  "literals is read too); a helper that takes a kind goes in kHelpers of tests/error_kinds_test.cc");
    };

    for (size_t i = 1; i < t.size(); ++i) {
      const Token& prev = t[i - 1];
      if (is(t[i], "(") || is(t[i], "{")) {
        const bool paren = is(t[i], "(");
        // Error{KIND, where, message} / Error(KIND, where, message)
        if (is_ident(prev, "Error") && !(i >= 2 && (is_ident(t[i - 2], "struct") || is_ident(t[i - 2], "class")))) {
          const auto a = args_at(t, i);
          if (a && !a->args.empty() && !declares(t, a->args[0])) {
            seen.insert(i);
            take(a->args[0], "Error{}", Role::raises);
          }
          continue;
        }
        // status.add(KIND, where, message)
        if (paren && is_ident(prev, "add") && i >= 2 && (is(t[i - 2], ".") || is(t[i - 2], "->"))) {
          const auto a = args_at(t, i);
          if (a && a->args.size() == 3 && !declares(t, a->args[0])) {
            seen.insert(i);
            take(a->args[0], "Status::add", Role::raises);
            continue;
          }
        }
        // A registered helper.
        if (paren && prev.type == Token::ident) {
          if (auto h = helpers.find(prev.text); h != helpers.end()) {
            const auto a = args_at(t, i);
            if (a && a->args.size() > h->second->kind_arg && !declares(t, a->args[0])) {
              seen.insert(i);
              take(a->args[h->second->kind_arg], "helper " + prev.text, h->second->role);
              continue;
            }
          }
        }
        // Wrapper{{KIND, where, message}, ...}
        if (!paren && prev.type == Token::ident && i + 1 < t.size() && is(t[i + 1], "{") &&
            std::find(std::begin(kErrorWrappers), std::end(kErrorWrappers), prev.text) != std::end(kErrorWrappers)) {
          const auto a = args_at(t, i + 1);
          if (a && !a->args.empty()) {
            seen.insert(i + 1);
            take(a->args[0], "wrapper " + prev.text, Role::raises);
          }
          continue;
        }
        // errors_.push_back({KIND, "", ""}): Status's own entry.
        if (paren && is_ident(prev, "push_back") && i >= 3 && is_ident(t[i - 3], "errors_") && i + 1 < t.size() &&
            is(t[i + 1], "{")) {
          const auto a = args_at(t, i + 1);
          if (a && !a->args.empty()) {
            seen.insert(i + 1);
            take(a->args[0], "Status's errors_", Role::raises);
          }
          continue;
        }
      }
      // X.kind == "literal", "literal" != X.kind
      if ((is(t[i], "==") || is(t[i], "!=")) && i + 1 < t.size()) {
        const bool kind_before = is_ident(prev, "kind") && i >= 2 && (is(t[i - 2], ".") || is(t[i - 2], "->"));
        const bool kind_after = i + 3 < t.size() && t[i + 1].type == Token::ident && is_ident(t[i + 3], "kind") &&
                                (is(t[i + 2], ".") || is(t[i + 2], "->"));
        if (kind_before && t[i + 1].type == Token::str)
          s.named[t[i + 1].text].push_back({src.path, t[i].line, "compared"});
        if (kind_after && prev.type == Token::str) s.named[prev.text].push_back({src.path, t[i].line, "compared"});
      }
    }

    // Any other call or brace list whose first argument is a dashed
    // kind-shaped literal followed by more: an error made some unknown way.
    for (size_t i = 0; i + 2 < t.size(); ++i) {
      if (!(is(t[i], "(") || is(t[i], "{")) || t[i + 1].type != Token::str || !is(t[i + 2], ",")) continue;
      const std::string& k = t[i + 1].text;
      if (seen.count(i) || !kind_shaped(k) || k.find('-') == std::string::npos) continue;
      if (std::find(std::begin(kNotKinds), std::end(kNotKinds), k) != std::end(kNotKinds)) continue;
      problem(t[i].line,
              "\"" + k + "\" opens " +
                  (i > 0 && t[i - 1].type == Token::ident ? "a call of " + t[i - 1].text : std::string("a list")) +
                  " as an error kind would, but no form of the scanner reads it. If it raises an error, "
                  "register its helper in kHelpers (or its type in kErrorWrappers) of "
                  "tests/error_kinds_test.cc; if it is not an error kind, list it in kNotKinds there");
    }
  }

  // Each raising helper's definition passes its kind on to an Error (one
  // overload of the name does, at least), so kHelpers cannot outlive the code.
  for (const Helper& h : kHelpers) {
    if (h.role == Role::expects) continue;
    const bool used =
        std::any_of(bodies.begin(), bodies.end(), [&](const Body& b) { return b.helper == &h && b.used; });
    if (!used)
      s.problems.push_back(std::string(h.defined_in) + ": kHelpers says " + std::string(h.name) +
                           " takes a kind as argument " + std::to_string(h.kind_arg) +
                           ", but no definition of it there passes that parameter to an Error");
  }
  return s;
}

bool in_catalogue_file(const std::string& path) {
  return std::find(std::begin(kCatalogue), std::end(kCatalogue), path) != std::end(kCatalogue);
}

std::string read(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The scanned sources, from the test's runfiles (the workspace's layout).
std::vector<Source> sources() {
  std::vector<Source> out;
  for (std::string_view dir : kScannedDirs) {
    if (!fs::is_directory(dir)) continue;
    for (const auto& entry : fs::recursive_directory_iterator(dir)) {
      const std::string path = entry.path().generic_string();
      if (!entry.is_regular_file() || in_catalogue_file(path)) continue;
      if (!(path.ends_with(".h") || path.ends_with(".cc"))) continue;
      Source src{path, {}, {}};
      src.tokens = tokenize(read(entry.path()), src.includes);
      out.push_back(std::move(src));
    }
  }
  std::sort(out.begin(), out.end(), [](const Source& a, const Source& b) { return a.path < b.path; });
  return out;
}

const Scan& the_scan() {
  static const Scan s = scan(sources());
  return s;
}

std::string list(const std::vector<Site>& sites) {
  std::string out;
  for (const Site& site : sites) out += "\n    " + site.where();
  return out;
}

// The layer a file belongs to: the one whose directory is the longest prefix of its path.
std::optional<loom::ErrorLayer> layer_of(const std::string& path) {
  std::optional<loom::ErrorLayer> best;
  size_t longest = 0;
  for (const loom::ErrorLayerInfo& l : loom::kErrorLayers) {
    if (path.starts_with(l.directory) && l.directory.size() > longest) {
      best = l.layer;
      longest = l.directory.size();
    }
  }
  return best;
}

std::string_view layer_name(loom::ErrorLayer layer) { return loom::kErrorLayers[static_cast<size_t>(layer)].name; }

}  // namespace

TEST_CASE("the scan reads every package's sources, and each construction form it knows", "[error-kinds]") {
  const Scan& s = the_scan();
  std::set<std::string> dirs;
  for (const Source& src : s.sources) dirs.insert(src.path.substr(0, src.path.find('/')));
  for (std::string_view dir : kScannedDirs) {
    INFO("no sources under " << dir << "/: is its package's :source_files in the test's data?");
    CHECK(dirs.count(std::string(dir)) == 1);
  }
  // Every file a scanned source includes from a scanned directory is scanned too:
  // a package left out of the test's data shows up here.
  std::set<std::string> paths;
  for (const Source& src : s.sources) paths.insert(src.path);
  for (std::string_view path : kCatalogue) paths.insert(std::string(path));
  for (const Source& src : s.sources) {
    for (const std::string& inc : src.includes) {
      const std::string dir = inc.substr(0, inc.find('/'));
      if (std::find(std::begin(kScannedDirs), std::end(kScannedDirs), dir) == std::end(kScannedDirs)) continue;
      if (inc.find('/') == std::string::npos) continue;
      INFO(src.path << " includes " << inc << ", which is not scanned: add its package's :source_files to "
                    << "//tests:error_kinds_test's data");
      CHECK(paths.count(inc) == 1);
    }
  }
  // Each form is seen where it is known to be used, so a broken reader cannot pass quietly.
  std::set<std::string> forms;
  for (const auto& [kind, sites] : s.raised)
    for (const Site& site : sites) forms.insert(site.form.substr(0, site.form.find(' ')));
  for (std::string_view form : {"Error{}", "Status::add", "helper", "wrapper", "Status's"}) {
    INFO("no site of the form " << form);
    CHECK(forms.count(std::string(form)) == 1);
  }
  CHECK(s.sources.size() > 150);
  CHECK(s.construction_sites > 300);
  CHECK(s.forwarded > 10);
}

TEST_CASE("the scanner reads every site that makes an error", "[error-kinds]") {
  const Scan& s = the_scan();
  for (const std::string& p : s.problems) FAIL_CHECK(p);
  CHECK(s.problems.empty());
}

TEST_CASE("every kind the code raises or names is catalogued", "[error-kinds]") {
  const Scan& s = the_scan();
  for (const auto& [kind, sites] : s.raised) {
    INFO("kind '"
         << kind << "' is raised, but common/error_kinds.h does not catalogue it; raised at:" << list(sites)
         << "\n  Add it to kErrorKinds (its layer, meaning and an example message), then regenerate docs/errors.md: "
         << loom::kErrorKindsRegenerate);
    CHECK(loom::find_error_kind(kind) != nullptr);
  }
  for (const auto& [kind, sites] : s.named) {
    INFO("kind '" << kind << "' is named (compared or expected), but common/error_kinds.h does not catalogue it; at:"
                  << list(sites));
    CHECK(loom::find_error_kind(kind) != nullptr);
  }
}

TEST_CASE("every catalogued kind is raised, in the layer it is catalogued under", "[error-kinds]") {
  const Scan& s = the_scan();
  for (const loom::ErrorKind& k : loom::error_kinds()) {
    const auto it = s.raised.find(std::string(k.kind));
    if (it == s.raised.end()) {
      const auto named = s.named.find(std::string(k.kind));
      FAIL_CHECK("common/error_kinds.h catalogues '"
                 << k.kind << "', but nothing in the sources raises it"
                 << (named != s.named.end() ? " (it is only named, at:" + list(named->second) + ")" : std::string())
                 << ": remove it, or raise it");
      continue;
    }
    std::set<std::string_view> layers;
    for (const Site& site : it->second)
      if (auto l = layer_of(site.file)) layers.insert(layer_name(*l));
    INFO("'" << k.kind << "' is catalogued under " << layer_name(k.layer)
             << ", but raised only at:" << list(it->second));
    CHECK(layers.count(layer_name(k.layer)) == 1);
  }
}

TEST_CASE("the catalogue: each kind once, grouped by layer and sorted, each with a meaning and an example",
          "[error-kinds]") {
  const auto kinds = loom::error_kinds();
  REQUIRE(!kinds.empty());
  std::set<std::string_view> seen;
  for (size_t i = 0; i < kinds.size(); ++i) {
    const loom::ErrorKind& k = kinds[i];
    INFO("kErrorKinds[" << i << "], '" << k.kind << "'");
    CHECK(kind_shaped(k.kind));
    CHECK(seen.insert(k.kind).second);
    CHECK(loom::find_error_kind(k.kind) == &k);
    CHECK(!k.meaning.empty());
    CHECK(k.meaning.find('\n') == std::string_view::npos);
    CHECK(k.example.starts_with("error[" + std::string(k.kind) + "]"));
    CHECK(k.example.find("```") == std::string_view::npos);
    if (i > 0) {
      const loom::ErrorKind& before = kinds[i - 1];
      INFO("after '" << before.kind << "': the table is in kErrorLayers' order, and sorted by kind within a layer");
      CHECK((before.layer < k.layer || (before.layer == k.layer && before.kind < k.kind)));
    }
  }
  CHECK(loom::find_error_kind("no-such-kind") == nullptr);
  CHECK(loom::find_error_kind("") == nullptr);
}

TEST_CASE("docs/errors.md is the catalogue's text", "[error-kinds]") {
  const std::string committed = read("docs/errors.md"), generated = loom::error_kinds_markdown();
  if (committed == generated) return;
  // The first line that differs, rather than both documents.
  std::istringstream a(committed), b(generated);
  std::string x, y;
  int line = 0;
  while (true) {
    ++line;
    const bool more_a = static_cast<bool>(std::getline(a, x)), more_b = static_cast<bool>(std::getline(b, y));
    if (!more_a) x = "<end of file>";
    if (!more_b) y = "<end of file>";
    if (x != y || !more_a || !more_b) break;
  }
  FAIL("docs/errors.md differs from what common/error_kinds.h generates, first at line "
       << line << ":\n  committed: " << x << "\n  generated: " << y
       << "\nRegenerate it: " << loom::kErrorKindsRegenerate);
}
