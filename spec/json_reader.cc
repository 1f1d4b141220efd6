#include "spec/json_reader.h"

#include <set>

namespace loom::spec {
namespace {

// Where the parser is, so that an error names its JSON path.
class Walk {
 public:
  explicit Walk(const std::string& source) : source_(source) {}

  struct TooDeep {
    std::string where;
  };

  bool event(json::parse_event_t event, const json& parsed) {
    switch (event) {
      case json::parse_event_t::object_start:
      case json::parse_event_t::array_start:
        if (frames_.size() >= static_cast<size_t>(kMaxJsonDepth)) throw TooDeep{where()};
        frames_.push_back({event == json::parse_event_t::object_start, {}, "", 0});
        break;
      case json::parse_event_t::key: {
        Frame& f = frames_.back();
        f.key = parsed.get<std::string>();
        if (!f.keys.insert(f.key).second && duplicates_++ < 20)
          status.add("duplicate-key", where(),
                     "the key '" + f.key + "' appears twice in one object; JSON would keep the last one, silently");
        break;
      }
      case json::parse_event_t::object_end:
      case json::parse_event_t::array_end:
        frames_.pop_back();
        element_done();
        break;
      case json::parse_event_t::value: element_done(); break;
    }
    return true;
  }

  std::string where() const {
    std::string path;
    for (const Frame& f : frames_) path += "/" + (f.object ? f.key : std::to_string(f.index));
    return source_ + ":" + (path.empty() ? "/" : path);
  }

  Status status;

 private:
  struct Frame {
    bool object;
    std::set<std::string> keys;
    std::string key;
    size_t index;
  };
  void element_done() {
    if (!frames_.empty() && !frames_.back().object) ++frames_.back().index;
  }

  const std::string& source_;
  std::vector<Frame> frames_;
  int duplicates_ = 0;
};

}  // namespace

Result<json> parse_json(std::string_view text, const std::string& source) {
  Walk walk(source);
  json j;
  try {
    j = json::parse(text.begin(), text.end(),
                    [&walk](int, json::parse_event_t event, json& parsed) { return walk.event(event, parsed); });
  } catch (const Walk::TooDeep& deep) {
    return Error{"too-deep", deep.where, "nests deeper than " + std::to_string(kMaxJsonDepth) + " levels"};
  } catch (const json::exception& e) {  // a syntax error, or a number past a double's range
    return Error{"bad-json", source, e.what()};
  }
  if (!walk.status.ok()) return walk.status;
  return j;
}

}  // namespace loom::spec
