// A source file's path as its own repository sees it. The compiler and Bazel
// name a file of another repository (a workspace that maps Loom with
// local_repository) "external/loom/units/word.h" and one of the main
// repository "./units/word.h"; sources are embedded for HLS, and units name
// their headers, by the path their #includes use: "units/word.h".
#pragma once

#include <string_view>

namespace loom {

constexpr std::string_view repo_relative(std::string_view path) {
  while (path.starts_with("./")) path.remove_prefix(2);
  if (path.starts_with("external/")) {
    const size_t repo_end = path.find('/', 9);
    if (repo_end != std::string_view::npos) path.remove_prefix(repo_end + 1);
  }
  return path;
}

}  // namespace loom
