// Reads one object of a JSON spec, collecting every error under its path
// ("isa_spec.json:/fields/2/lo") instead of stopping at the first. Keys the
// reader never asks for are typos, and finish() names them.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.h"
#include "spec/expr.h"

namespace loom::spec {

using json = nlohmann::json;

// JSON text as a spec may hold it: nested at most kMaxJsonDepth deep (deeper
// would overflow the stack of whatever walks it), each key once per object
// (JSON lets the last one win, silently), and every number within a double.
// Errors: bad-json (syntax, or a number out of range), too-deep,
// duplicate-key, each naming the source and, where it can, the path.
inline constexpr int kMaxJsonDepth = 64;
// Entries in any one spec array: far more than any ISA needs, and few enough
// that checking each entry against the others stays quick.
inline constexpr size_t kMaxJsonArray = 1024;
Result<json> parse_json(std::string_view text, const std::string& source);

class JsonReader {
 public:
  JsonReader(const json& j, std::string path, const std::string& source, Status& status)
      : j_(j), path_(std::move(path)), source_(source), status_(status) {
    if (!j_.is_object()) error("wrong-type", "must be an object");
  }

  // "source:/path/key", or "/path/key" without a source.
  std::string where(std::string_view key = "") const {
    return (source_.empty() ? "" : source_ + ":") + path_ + (key.empty() ? "" : "/" + std::string(key));
  }
  void error(std::string kind, std::string message, std::string_view key = "") const {
    status_.add(std::move(kind), where(key), std::move(message));
  }
  bool has(std::string_view key) const { return j_.is_object() && j_.contains(key); }
  const json* get(std::string_view key, bool required) {
    seen_.insert(std::string(key));
    if (!j_.is_object()) return nullptr;
    auto it = j_.find(key);
    if (it == j_.end()) {
      if (required) error("missing-key", "is required", key);
      return nullptr;
    }
    return &*it;
  }
  int64_t integer(std::string_view key, int64_t fallback = 0, bool required = true) {
    const json* v = get(key, required);
    if (v == nullptr) return fallback;
    if (!v->is_number_integer() || (v->is_number_unsigned() && v->get<uint64_t>() > uint64_t{INT64_MAX})) {
      error("wrong-type", "must be an integer that fits 64 signed bits", key);
      return fallback;
    }
    return v->get<int64_t>();
  }
  // An integer that must lie in [lo, hi], such as a bit position.
  int bounded(std::string_view key, int64_t lo, int64_t hi, const std::string& what) {
    const int64_t v = integer(key, lo);
    if (v < lo || v > hi) {
      error("invalid-range", what + " is " + std::to_string(lo) + " to " + std::to_string(hi) + ", not " + std::to_string(v), key);
      return static_cast<int>(lo);
    }
    return static_cast<int>(v);
  }
  std::string text(std::string_view key, bool required = true) {
    const json* v = get(key, required);
    if (v == nullptr) return "";
    if (!v->is_string()) {
      error("wrong-type", "must be a string", key);
      return "";
    }
    return v->get<std::string>();
  }
  std::vector<std::string> texts(std::string_view key) {
    std::vector<std::string> out;
    const json* v = get(key, false);
    if (v == nullptr) return out;
    if (!v->is_array()) {
      error("wrong-type", "must be an array of strings", key);
      return out;
    }
    for (const json& x : *v)
      if (x.is_string()) out.push_back(x.get<std::string>());
      else error("wrong-type", "must be an array of strings", key);
    return out;
  }
  std::vector<int64_t> integers(std::string_view key) {
    std::vector<int64_t> out;
    const json* v = get(key, false);
    if (v == nullptr) return out;
    if (!v->is_array()) {
      error("wrong-type", "must be an array of integers", key);
      return out;
    }
    for (const json& x : *v) {
      if (!x.is_number_integer()) {
        error("wrong-type", "must be an array of integers", key);
        return {};
      }
      out.push_back(x.get<int64_t>());
    }
    return out;
  }
  // Calls `each(reader)` for each object of the array at `key`.
  template <class F>
  void array(std::string_view key, F each, bool required = true) {
    const json* v = get(key, required);
    if (v == nullptr) return;
    if (!v->is_array()) {
      error("wrong-type", "must be an array", key);
      return;
    }
    if (v->size() > kMaxJsonArray) {
      error("too-many", "has " + std::to_string(v->size()) + " entries; a spec array may have " +
                            std::to_string(kMaxJsonArray), key);
      return;
    }
    for (size_t i = 0; i < v->size(); ++i) {
      JsonReader r((*v)[i], path_ + "/" + std::string(key) + "/" + std::to_string(i), source_, status_);
      each(r);
      r.finish();
    }
  }
  template <class F>
  void object(std::string_view key, F each, bool required = true) {
    const json* v = get(key, required);
    if (v == nullptr) return;
    JsonReader r(*v, path_ + "/" + std::string(key), source_, status_);
    each(r);
    r.finish();
  }
  std::optional<Expr> expr(std::string_view key, bool required = true) {
    const bool given = has(key);
    const std::string t = text(key, required);
    if (given && t.find_first_not_of(" \t") == std::string::npos) {
      error("bad-expression", "is empty", key);
      return std::nullopt;
    }
    if (t.empty()) return std::nullopt;
    auto e = Expr::parse(t, where(key));
    if (!e.ok()) {
      status_.merge(e.status());
      return std::nullopt;
    }
    return std::move(e).value();
  }
  // Keys the reader never asked for are typos: name them.
  void finish() const {
    if (!j_.is_object()) return;
    for (auto it = j_.begin(); it != j_.end(); ++it)
      if (!seen_.count(it.key())) error("unknown-key", "is not a key of this object", it.key());
  }
  const std::string& path() const { return path_; }

 private:
  const json& j_;
  std::string path_;
  const std::string& source_;
  Status& status_;
  std::set<std::string> seen_;
};

}  // namespace loom::spec
