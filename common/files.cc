#include "common/files.h"

#include <filesystem>
#include <fstream>

namespace loom {

Result<std::string> read_file(const std::string& path, size_t max_bytes) {
  const std::string where = "file '" + path + "'";
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (ec || !std::filesystem::exists(status)) return Error{"unreadable", where, "does not exist"};
  if (std::filesystem::is_directory(status)) return Error{"unreadable", where, "is a directory, not a file"};
  // A device or a pipe (/dev/zero) could be read without end.
  if (!std::filesystem::is_regular_file(status)) return Error{"unreadable", where, "is not a regular file"};
  const auto size = std::filesystem::file_size(path, ec);
  if (ec) return Error{"unreadable", where, "cannot be sized: " + ec.message()};
  if (size > max_bytes)
    return Error{"too-large", where,
                 "is " + std::to_string(size) + " bytes; Loom reads files of at most " + std::to_string(max_bytes)};
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{"unreadable", where, "cannot be opened"};
  std::string text(static_cast<size_t>(size), '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<size_t>(in.gcount()));
  return text;
}

Status write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  // A full disk (/dev/full) shows only once the buffer is written out.
  out.close();
  if (out.fail()) return Error{"unwritable", "file '" + path + "'", "cannot be written"};
  return {};
}

}  // namespace loom
