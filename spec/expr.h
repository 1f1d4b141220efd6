// Integer expressions in a spec: derived parameters ("(MAXDIM / T) * MAXDIM") and
// predicates ("MAXDIM % T == 0"). One parse serves three consumers: the loader
// evaluates them, the generator prints them as C++, and --check recomputes them,
// so a formula is written once, in the spec.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.h"

namespace loom::spec {

class Expr {
 public:
  // Grammar, loosest first: comparison (== != < <= > >=), + -, * / %, unary -,
  // ^ (power, right-associative), then integers, names and parentheses.
  // `where` names the expression in errors (a JSON path).
  // Errors: bad-expression (a syntax error, more than kMaxParentheses
  // parentheses or kMaxSigns unary minuses or powers nested, a number past
  // 64 bits, or more than kMaxLength characters).
  static Result<Expr> parse(std::string_view text, const std::string& where);
  static constexpr size_t kMaxLength = 1024;
  static constexpr int kMaxParentheses = 64, kMaxSigns = 128;

  using Lookup = std::function<std::optional<int64_t>(std::string_view name)>;
  // Names looked up in `values`, which must outlive the lookup.
  static Lookup in(const std::map<std::string, int64_t>& values);
  // A comparison is 1 or 0. Errors: unknown-name, division-by-zero, overflow.
  Result<int64_t> eval(const Lookup& lookup) const;

  // The expression as C++; `name` spells each name, and `^` calls ipow().
  std::string to_cpp(const std::function<std::string(std::string_view)>& name) const;

  // The names it reads, in order of first use.
  std::vector<std::string> names() const;
  const std::string& text() const { return text_; }
  bool is_comparison() const;

 private:
  struct Node {
    enum Kind { number, name, negate, binary } kind;
    int64_t value = 0;
    std::string text;  // the name, or the binary operator
    int lhs = -1, rhs = -1;
  };
  friend class ExprParser;

  Result<int64_t> eval(int node, const Lookup& lookup) const;
  std::string to_cpp(int node, const std::function<std::string(std::string_view)>& name) const;

  std::string text_, where_;
  std::vector<Node> nodes_;
  int root_ = -1;
};

}  // namespace loom::spec
