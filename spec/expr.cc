#include "spec/expr.h"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <limits>

namespace loom::spec {

class ExprParser {
 public:
  ExprParser(Expr& e, std::string_view text) : e_(e), text_(text) {}

  Status run() {
    e_.root_ = comparison();
    skip();
    if (status_.ok() && pos_ != text_.size()) fail("unexpected '" + std::string(1, text_[pos_]) + "'");
    return status_;
  }

 private:
  void skip() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  bool eat(std::string_view token) {
    skip();
    if (text_.substr(pos_, token.size()) != token) return false;
    pos_ += token.size();
    return true;
  }
  int fail(std::string message) {
    if (status_.ok())
      status_.add("bad-expression", e_.where_,
                  "'" + std::string(text_) + "' at column " + std::to_string(pos_ + 1) + ": " + message);
    return -1;
  }
  int node(Expr::Node n) {
    e_.nodes_.push_back(std::move(n));
    return static_cast<int>(e_.nodes_.size()) - 1;
  }
  int binary(std::string op, int lhs, int rhs) {
    if (lhs < 0 || rhs < 0) return -1;
    return node({Expr::Node::binary, 0, std::move(op), lhs, rhs});
  }

  // Every production that recursion can reach again counts one level: deep
  // nesting (parentheses, unary minuses, a chain of powers) would overflow the
  // stack, and no spec formula needs it.
  static inline const std::string kTooDeep = "nests too deeply (" + std::to_string(Expr::kMaxParentheses) +
                                             " parentheses, or " + std::to_string(Expr::kMaxSigns) +
                                             " signs and powers, at most)";
  struct Level {
    int& d;
    explicit Level(int& depth) : d(++depth) {}
    ~Level() { --d; }
    bool too_deep() const { return d > kMaxDepth; }
  };
  // The whole expression takes two levels (its comparison and its first
  // operand), each parenthesis two more, each sign or power one.
  static constexpr int kMaxDepth = 2 + 2 * Expr::kMaxParentheses;
  static_assert(kMaxDepth == 2 + Expr::kMaxSigns, "one bound for both");

  int comparison() {
    const Level level(depth_);
    if (level.too_deep()) return fail(kTooDeep);
    int lhs = additive();
    for (std::string_view op : {"==", "!=", "<=", ">=", "<", ">"})
      if (eat(op)) return binary(std::string(op), lhs, additive());
    return lhs;
  }
  int additive() {
    int lhs = multiplicative();
    while (true) {
      if (eat("+")) lhs = binary("+", lhs, multiplicative());
      else if (eat("-")) lhs = binary("-", lhs, multiplicative());
      else return lhs;
    }
  }
  int multiplicative() {
    int lhs = unary();
    while (true) {
      if (eat("*")) lhs = binary("*", lhs, unary());
      else if (eat("/")) lhs = binary("/", lhs, unary());
      else if (eat("%")) lhs = binary("%", lhs, unary());
      else return lhs;
    }
  }
  int unary() {
    const Level level(depth_);
    if (level.too_deep()) return fail(kTooDeep);
    if (eat("-")) {
      int operand = unary();
      return operand < 0 ? -1 : node({Expr::Node::negate, 0, "", operand, -1});
    }
    return power();
  }
  int power() {
    int base = primary();
    if (eat("^")) return binary("^", base, unary());
    return base;
  }
  int primary() {
    skip();
    if (pos_ >= text_.size()) return fail("ends where a value was expected");
    const char c = text_[pos_];
    if (c == '(') {
      ++pos_;
      int inner = comparison();
      if (!eat(")")) return fail("expected ')'");
      return inner;
    }
    if (std::isdigit(static_cast<unsigned char>(c))) {
      int64_t value = 0;
      while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
        if (__builtin_mul_overflow(value, 10, &value) || __builtin_add_overflow(value, text_[pos_++] - '0', &value))
          return fail("a number too large for 64 bits");
      }
      return node({Expr::Node::number, value, "", -1, -1});
    }
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      const size_t start = pos_;
      while (pos_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_'))
        ++pos_;
      return node({Expr::Node::name, 0, std::string(text_.substr(start, pos_ - start)), -1, -1});
    }
    return fail("unexpected '" + std::string(1, c) + "'");
  }

  Expr& e_;
  std::string_view text_;
  size_t pos_ = 0;
  int depth_ = 0;
  Status status_;
};

Result<Expr> Expr::parse(std::string_view text, const std::string& where) {
  // Longer than any formula a spec needs, and short enough that evaluating the
  // tree it makes cannot run out of stack.
  if (text.size() > kMaxLength)
    return Error{"bad-expression", where,
                 "is " + std::to_string(text.size()) + " characters long; a formula may have " +
                     std::to_string(kMaxLength)};
  Expr e;
  e.text_ = std::string(text);
  e.where_ = where;
  Status status = ExprParser(e, text).run();
  if (!status.ok()) return status;
  return e;
}

bool Expr::is_comparison() const {
  if (root_ < 0) return false;
  const Node& n = nodes_[static_cast<size_t>(root_)];
  if (n.kind != Node::binary) return false;
  for (std::string_view op : {"==", "!=", "<=", ">=", "<", ">"})
    if (n.text == op) return true;
  return false;
}

Expr::Lookup Expr::in(const std::map<std::string, int64_t>& values) {
  return [&values](std::string_view n) -> std::optional<int64_t> {
    auto it = values.find(std::string(n));
    return it == values.end() ? std::nullopt : std::optional<int64_t>(it->second);
  };
}

Result<int64_t> Expr::eval(const Lookup& lookup) const {
  if (root_ < 0) return Error{"bad-expression", where_, "is empty"};
  return eval(root_, lookup);
}

Result<int64_t> Expr::eval(int index, const Lookup& lookup) const {
  const Node& n = nodes_[static_cast<size_t>(index)];
  const auto overflow = [&] { return Error{"overflow", where_, "'" + text_ + "' overflows 64 bits"}; };
  switch (n.kind) {
    case Node::number: return n.value;
    case Node::name: {
      auto value = lookup(n.text);
      if (!value) return Error{"unknown-name", where_, "'" + text_ + "' reads '" + n.text + "', which is not defined"};
      return *value;
    }
    case Node::negate: {
      auto v = eval(n.lhs, lookup);
      if (!v.ok()) return v;
      int64_t negated = 0;
      if (__builtin_sub_overflow(int64_t{0}, v.value(), &negated)) return overflow();
      return negated;
    }
    case Node::binary: break;
  }
  auto a = eval(n.lhs, lookup);
  if (!a.ok()) return a;
  auto b = eval(n.rhs, lookup);
  if (!b.ok()) return b;
  const int64_t x = a.value(), y = b.value();
  int64_t out = 0;
  const std::string& op = n.text;
  if (op == "+") {
    if (__builtin_add_overflow(x, y, &out)) return overflow();
  } else if (op == "-") {
    if (__builtin_sub_overflow(x, y, &out)) return overflow();
  } else if (op == "*") {
    if (__builtin_mul_overflow(x, y, &out)) return overflow();
  } else if (op == "/" || op == "%") {
    if (y == 0) return Error{"division-by-zero", where_, "'" + text_ + "' divides by zero"};
    if (x == std::numeric_limits<int64_t>::min() && y == -1) return overflow();
    out = op == "/" ? x / y : x % y;
  } else if (op == "^") {
    if (y < 0) return Error{"bad-expression", where_, "'" + text_ + "' raises to a negative power"};
    // 0, 1 and -1 never overflow; any other base does within 64 steps.
    if (x == 0 || x == 1) out = y == 0 ? 1 : x;
    else if (x == -1) out = y % 2 == 0 ? 1 : -1;
    else {
      out = 1;
      for (int64_t i = 0; i < y; ++i)
        if (__builtin_mul_overflow(out, x, &out)) return overflow();
    }
  } else if (op == "==") out = x == y;
  else if (op == "!=") out = x != y;
  else if (op == "<=") out = x <= y;
  else if (op == ">=") out = x >= y;
  else if (op == "<") out = x < y;
  else if (op == ">") out = x > y;
  return out;
}

std::string Expr::to_cpp(const std::function<std::string(std::string_view)>& name) const {
  assert(root_ >= 0 && "the loader refuses empty expressions");
  return to_cpp(root_, name);
}

std::string Expr::to_cpp(int index, const std::function<std::string(std::string_view)>& name) const {
  const Node& n = nodes_[static_cast<size_t>(index)];
  switch (n.kind) {
    case Node::number: return std::to_string(n.value);
    case Node::name: return name(n.text);
    case Node::negate: return "(-" + to_cpp(n.lhs, name) + ")";
    case Node::binary: break;
  }
  if (n.text == "^") return "ipow(" + to_cpp(n.lhs, name) + ", " + to_cpp(n.rhs, name) + ")";
  return "(" + to_cpp(n.lhs, name) + " " + n.text + " " + to_cpp(n.rhs, name) + ")";
}

std::vector<std::string> Expr::names() const {
  std::vector<std::string> out;
  for (const Node& n : nodes_)
    if (n.kind == Node::name && std::find(out.begin(), out.end(), n.text) == out.end()) out.push_back(n.text);
  return out;
}

}  // namespace loom::spec
