// Whole-file reads and writes, with a failure as a named error naming the file.
#pragma once

#include <string>

#include "common/status.h"

namespace loom {

// Errors: unreadable.
Result<std::string> read_file(const std::string& path);
// Errors: unwritable.
Status write_file(const std::string& path, const std::string& text);

}  // namespace loom
