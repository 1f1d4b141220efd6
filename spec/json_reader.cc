#include "spec/json_reader.h"

#include <set>

namespace loom::spec {
namespace {

// A first pass over the text that builds nothing: it follows the nesting so
// that an error names its JSON path, refuses nesting past kMaxJsonDepth and a
// key twice in one object, and lets the parser's own errors (syntax, a number
// past a double) through. The DOM is parsed only once this pass is clean, so
// nothing deep or repeated reaches it. (nlohmann's per-event callback parser
// would do the same in one pass, but it is quadratic in an array's length.)
class Walk final : public json::json_sax_t {
 public:
  explicit Walk(const std::string& source) : source_(source) {}

  bool null() override { return value(); }
  bool boolean(bool) override { return value(); }
  bool number_integer(number_integer_t) override { return value(); }
  bool number_unsigned(number_unsigned_t) override { return value(); }
  bool number_float(number_float_t, const string_t&) override { return value(); }
  bool string(string_t&) override { return value(); }
  bool binary(binary_t&) override { return value(); }
  bool start_object(std::size_t) override { return open(true); }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override { return open(false); }
  bool end_array() override { return close(); }
  bool key(string_t& k) override {
    Frame& f = frames_.back();
    f.key = k;
    if (!f.keys.insert(k).second && duplicates_++ < 20)
      status.add("duplicate-key", where(),
                 "the key '" + k + "' appears twice in one object; JSON would keep the last one, silently");
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e) override {
    status.add("bad-json", source_, e.what());
    return false;
  }

  Status status;

 private:
  struct Frame {
    bool object;
    std::set<std::string> keys;
    std::string key;
    size_t index;
  };

  bool value() {
    if (!frames_.empty() && !frames_.back().object) ++frames_.back().index;
    return true;
  }
  bool open(bool object) {
    if (frames_.size() >= static_cast<size_t>(kMaxJsonDepth)) {
      status.add("too-deep", where(), "nests deeper than " + std::to_string(kMaxJsonDepth) + " levels");
      return false;
    }
    frames_.push_back({object, {}, "", 0});
    return true;
  }
  bool close() {
    frames_.pop_back();
    return value();
  }
  std::string where() const {
    std::string path;
    for (const Frame& f : frames_) path += "/" + (f.object ? f.key : std::to_string(f.index));
    return source_ + ":" + (path.empty() ? "/" : path);
  }

  const std::string& source_;
  std::vector<Frame> frames_;
  int duplicates_ = 0;
};

}  // namespace

Result<json> parse_json(std::string_view text, const std::string& source) {
  Walk walk(source);
  json::sax_parse(text.begin(), text.end(), &walk);
  if (!walk.status.ok()) return walk.status;
  try {
    return json::parse(text.begin(), text.end());
  } catch (const json::exception& e) {  // the walk has seen every error the parser can meet; defence in depth
    return Error{"bad-json", source, e.what()};
  }
}

}  // namespace loom::spec
