// A CSV file of integers, one record a line, every record as long as the
// first: what `loom ref` reads its matrices from. Debian has no CSV library
// that reads integers with file:line:column errors, so this is Loom's own.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/status.h"

namespace loom {

// Errors, each at path:line:column: csv-value (a cell that is not an integer
// in [min, max]), csv-ragged (a record longer or shorter than the first),
// csv-empty (no record at all). Blank lines are skipped; "\r\n" ends a line.
Result<std::vector<std::vector<int64_t>>> parse_csv(const std::string& text, const std::string& path, int64_t min,
                                                    int64_t max);

}  // namespace loom
