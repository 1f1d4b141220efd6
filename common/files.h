// Whole-file reads and writes, with a failure as a named error naming the file.
#pragma once

#include <cstddef>
#include <string>

#include "common/status.h"

namespace loom {

// Everything Loom reads (specs, programs, matrices) is far smaller.
inline constexpr size_t kMaxFileBytes = 16 << 20;

// Errors: unreadable (missing, a directory, a device or pipe, unopenable),
// too-large (more than max_bytes).
Result<std::string> read_file(const std::string& path, size_t max_bytes = kMaxFileBytes);
// Errors: unwritable.
Status write_file(const std::string& path, const std::string& text);

}  // namespace loom
