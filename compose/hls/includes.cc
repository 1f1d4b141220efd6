// The quote-include closure (includes.h): a line scan for #include "x", not
// a preprocessor, so an include inside #if is followed whatever the condition.
#include "compose/hls/includes.h"

#include <set>

namespace loom::hls {

std::vector<std::string> includes_of(std::string_view text) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    const size_t hash = line.find_first_not_of(" \t");
    if (hash == std::string_view::npos || line[hash] != '#') continue;
    const size_t word = line.find_first_not_of(" \t", hash + 1);
    if (word == std::string_view::npos || line.substr(word, 7) != "include") continue;
    line.remove_prefix(word);
    const size_t open = line.find('"'), close = open == std::string_view::npos ? open : line.find('"', open + 1);
    if (close != std::string_view::npos) out.emplace_back(line.substr(open + 1, close - open - 1));
  }
  return out;
}

std::vector<std::string> closure(const std::string& path, const SourceTree& sources) {
  std::vector<std::string> out, pending = {path};
  std::set<std::string> seen = {path};
  while (!pending.empty()) {
    const std::string file = pending.back();
    pending.pop_back();
    out.push_back(file);
    const std::string dir = file.find('/') == std::string::npos ? "" : file.substr(0, file.rfind('/') + 1);
    for (const std::string& inc : includes_of(sources.at(file)))
      for (const std::string& candidate : {dir + inc, inc})
        if (sources.count(candidate)) {
          if (seen.insert(candidate).second) pending.push_back(candidate);
          break;
        }
  }
  return out;
}

}  // namespace loom::hls
