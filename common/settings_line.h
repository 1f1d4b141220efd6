// A configuration as one line, "T=4 MAXDIM=16": how every report names the
// build it ran, in the same words `--param NAME=VALUE` takes.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace loom {

inline std::string settings_line(const std::vector<std::pair<std::string, int64_t>>& settings) {
  std::string out;
  for (const auto& [name, value] : settings) out += (out.empty() ? "" : " ") + name + "=" + std::to_string(value);
  return out;
}

}  // namespace loom
