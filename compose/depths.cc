#include "compose/depths.h"

#include <cassert>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "common/files.h"
#include "compose/sim/fifo_times.h"

namespace loom {
namespace {

// One setting: "NAME" or "NAME[i]" or "NAME[i][j]", then "=N".
struct Setting {
  std::string name, label;  // the array's name; the whole text before '='
  bool element = false;     // indexed
  int64_t depth = 0;
  std::string digits;  // the depth as written, for a message about it
};

Result<Setting> parse(const std::string& text, const std::string& origin) {
  const auto bad = [&](const std::string& why) {
    return Error{"depth-syntax", origin + " '" + text + "'", why + "; write NAME=N, NAME[i]=N or NAME[i][j]=N"};
  };
  const size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0) return bad("has no NAME=");
  Setting s;
  s.label = text.substr(0, eq);
  const size_t bracket = s.label.find('[');
  s.name = s.label.substr(0, bracket);
  s.element = bracket != std::string::npos;
  if (s.name.empty()) return bad("names no channel");
  // The index must read as one or two [digits]; it is written again as a
  // label writes it ("x[01]" is "x[1]"), so it can match one.
  std::string label = s.name;
  for (size_t at = bracket, dims = 0; at != std::string::npos && at < s.label.size(); ++dims) {
    const size_t close = s.label.find(']', at);
    if (s.label[at] != '[' || close == std::string::npos || close == at + 1 || dims == 2) return bad("has a malformed index");
    for (size_t k = at + 1; k < close; ++k)
      if (s.label[k] < '0' || s.label[k] > '9') return bad("has a malformed index");
    int64_t index = 0;
    if (std::from_chars(s.label.data() + at + 1, s.label.data() + close, index).ec != std::errc())
      return bad("has an index past any array");
    label += "[" + std::to_string(index) + "]";
    at = close + 1;
  }
  s.label = label;
  const std::string value = text.substr(eq + 1);
  const bool digits = !value.empty() && value.find_first_not_of("0123456789") == std::string::npos;
  if (!digits && !(value.size() > 1 && value[0] == '-' && value.find_first_not_of("0123456789", 1) == std::string::npos))
    return bad("has no integer depth");
  int64_t n = 0;
  // Past int64, the depth is out of range, not malformed.
  s.depth = std::from_chars(value.data(), value.data() + value.size(), n).ec == std::errc() ? n : INT64_MAX;
  s.digits = value;
  return s;
}

// The elements of a 2-D array whose label extends `prefix` ("wq[1]" is row 1
// of wq[i][j]).
std::vector<size_t> row_of(const Region& region, const std::vector<size_t>& elements, const std::string& prefix) {
  std::vector<size_t> out;
  for (size_t c : elements)
    if (region.channels[c].label().rfind(prefix + "[", 0) == 0) out.push_back(c);
  return out;
}

}  // namespace

Status check_depth_syntax(const DepthSetting& setting) {
  auto parsed = parse(setting.text, setting.origin);
  return parsed.ok() ? Status() : parsed.status();
}

Result<std::vector<int64_t>> resolve_depths(const Region& region, const std::vector<DepthSetting>& settings) {
  std::vector<int64_t> depths;
  for (const ChannelInstance& c : region.channels) depths.push_back(c.depth);
  std::map<std::string, size_t> by_label;
  std::map<std::string, std::vector<size_t>> by_name;
  for (size_t c = 0; c < region.channels.size(); ++c) {
    by_label[region.channels[c].label()] = c;
    by_name[region.channels[c].name].push_back(c);
  }
  Status status;
  std::map<size_t, std::string> set_by;  // each element, and the setting that set it
  for (const auto& [text, origin] : settings) {
    auto parsed = parse(text, origin);
    if (!parsed.ok()) {
      status.merge(parsed.status());
      continue;
    }
    const Setting& s = parsed.value();
    const std::string where = origin + " '" + text + "'";
    if (s.depth < 1 || s.depth > kMaxFifoDepth) {
      status.add("invalid-depth", where,
                 "gives depth " + s.digits + (s.depth > kMaxFifoDepth ? ", past any depth" : "") + "; a FIFO holds 1 to " +
                     std::to_string(kMaxFifoDepth) + " words");
      continue;
    }
    std::vector<size_t> elements;
    if (auto l = by_label.find(s.label); l != by_label.end()) {
      elements = {l->second};
    } else if (auto n = by_name.find(s.name); n != by_name.end() && !s.element) {
      elements = n->second;
    } else if (n != by_name.end() && !(elements = row_of(region, n->second, s.label)).empty()) {
      // One index into a grid: its row.
    } else if (n != by_name.end() && region.channels[n->second.front()].index.rank == 0) {
      status.add("bad-index", where, "channel '" + s.name + "' is not an array; write " + s.name + "=N");
      continue;
    } else if (n != by_name.end()) {
      const auto& all = n->second;
      status.add("bad-index", where,
                 "channel array '" + s.name + "' has no element " + s.label + "; its elements run from " +
                     region.channels[all.front()].label() + " to " + region.channels[all.back()].label());
      continue;
    } else {
      status.add("unknown-channel", where, "names no channel of region '" + region.name + "'");
      continue;
    }
    for (size_t c : elements) {
      auto [it, fresh] = set_by.insert({c, text});
      if (!fresh) {
        status.add("duplicate-depth", where,
                   "sets channel " + region.channels[c].label() + " again, after '" + it->second + "'; set each once");
        break;
      }
      depths[c] = s.depth;
    }
  }
  if (!status.ok()) return status;
  return depths;
}

Result<std::vector<DepthSetting>> read_depths_file(const std::string& path) {
  const std::string where = "file '" + path + "'";
  // Bounded, and a regular file: /dev/zero would be read without end.
  auto read = read_file(path, kMaxDepthsFileBytes);
  if (!read.ok()) return Error{"depths-file", where, read.status().errors()[0].message};
  return parse_depths_json(read.value(), where);
}

Result<std::vector<DepthSetting>> parse_depths_json(const std::string& text, const std::string& where) {
  // JSON lets a key repeat, and the parser keeps the last: a depth given
  // twice is refused, as on the command line.
  std::vector<std::set<std::string>> keys;  // the keys of each object being parsed
  std::string repeated;
  const auto watch = [&](int, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
    using E = nlohmann::json::parse_event_t;
    if (event == E::object_start) keys.emplace_back();
    if (event == E::object_end && !keys.empty()) keys.pop_back();
    if (event == E::key && !keys.empty() && !keys.back().insert(parsed.get<std::string>()).second && repeated.empty())
      repeated = parsed.get<std::string>();
    return true;
  };
  const nlohmann::json j = nlohmann::json::parse(text, watch, /*allow_exceptions=*/false);
  if (j.is_discarded()) return Error{"depths-file", where, "is not JSON"};
  if (!repeated.empty())
    return Error{"depths-file", where + " key '" + repeated + "'", "is given twice; give each once"};
  if (!j.is_object() || !j.contains("depths") || !j["depths"].is_object())
    return Error{"depths-file", where, "has no \"depths\" object of channel names and depths (what `loom fifo --out` writes)"};
  std::vector<DepthSetting> settings;
  for (const auto& [name, depth] : j["depths"].items()) {
    // The value's kind, never the value: it may be nested past any stack.
    if (!depth.is_number_integer())
      return Error{"depths-file", where + " channel '" + name + "'",
                   std::string("gives ") + (depth.is_number() ? "a number that is not an integer" : "a JSON " + std::string(depth.type_name())) +
                       ", not an integer depth"};
    if (name.find('=') != std::string::npos)
      return Error{"depths-file", where + " key '" + name + "'", "is not a channel name"};
    // As written: an unsigned past int64 would wrap in get<int64_t>().
    settings.push_back({name + "=" + depth.dump(), where});
  }
  return settings;
}

void set_depths(Region& region, const std::vector<int64_t>& depths) {
  assert(depths.size() == region.channels.size());
  for (size_t c = 0; c < depths.size(); ++c) region.channels[c].depth = depths[c];
}

}  // namespace loom
