#include "common/csv.h"

#include <charconv>
#include <sstream>

namespace loom {

Result<std::vector<std::vector<int64_t>>> parse_csv(const std::string& text, const std::string& path, int64_t min,
                                                    int64_t max) {
  std::vector<std::vector<int64_t>> rows;
  Status status;
  std::istringstream lines(text);
  std::string line;
  for (int line_no = 1; std::getline(lines, line) && status.errors().size() < 20; ++line_no) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    std::vector<int64_t> row;
    for (size_t pos = 0; pos <= line.size();) {
      const size_t comma = std::min(line.find(',', pos), line.size());
      std::string cell = line.substr(pos, comma - pos);
      const size_t a = cell.find_first_not_of(" \t"), b = cell.find_last_not_of(" \t");
      cell = a == std::string::npos ? "" : cell.substr(a, b - a + 1);
      int64_t value = 0;
      auto [end, ec] = std::from_chars(cell.data(), cell.data() + cell.size(), value);
      if (cell.empty() || ec != std::errc() || end != cell.data() + cell.size() || value < min || value > max)
        status.add("csv-value", path + ":" + std::to_string(line_no) + ":" + std::to_string(pos + 1),
                   "'" + cell + "' is not an integer in [" + std::to_string(min) + ", " + std::to_string(max) + "]");
      row.push_back(value);
      pos = comma + 1;
    }
    if (!rows.empty() && row.size() != rows.front().size())
      status.add("csv-ragged", path + ":" + std::to_string(line_no) + ":1",
                 "has " + std::to_string(row.size()) + " values, but the first record has " +
                     std::to_string(rows.front().size()));
    rows.push_back(std::move(row));
  }
  if (rows.empty() && status.ok()) status.add("csv-empty", path + ":1:1", "holds no record");
  if (!status.ok()) return status;
  return rows;
}

}  // namespace loom
