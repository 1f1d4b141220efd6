#include "common/files.h"

#include <fstream>
#include <sstream>

namespace loom {

Result<std::string> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{"unreadable", "file '" + path + "'", "cannot be opened"};
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

Status write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out) return Error{"unwritable", "file '" + path + "'", "cannot be written"};
  return {};
}

}  // namespace loom
