#include "machines/cycle_table.h"

#include <charconv>
#include <filesystem>
#include <map>
#include <set>

#include "common/files.h"

namespace loom {
namespace {

std::string key(const CycleRow& r) { return r.build + "\t" + r.run; }

std::string text_of(const std::string& machine, const std::vector<CycleRow>& rows) {
  std::string out = "# A snapshot: the cycles `loom bench --machine " + machine +
                    "` measured, one run a line: BUILD<TAB>RUN<TAB>CYCLES.\n"
                    "# It records what the model gave, not why: closed-form tests hold the mechanisms.\n"
                    "# bench fails on any difference. Rewrite with `loom bench --machine " + machine +
                    " --rewrite-cycles`,\n# and say in the commit why each row moved (machines/cycle_table.h).\n";
  for (const CycleRow& r : rows) out += r.build + "\t" + r.run + "\t" + std::to_string(r.cycles) + "\n";
  return out;
}

}  // namespace

std::string cycle_table_path(const std::string& root, const std::string& machine) {
  return root + "/machines/cycles/" + machine + ".txt";
}

Result<std::vector<CycleRow>> read_cycle_table(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return std::vector<CycleRow>{};
  auto text = read_file(path);
  if (!text.ok()) return text.status();
  std::vector<CycleRow> rows;
  std::set<std::string> seen;
  Status status;
  size_t line_no = 0, pos = 0;
  const std::string& t = text.value();
  while (pos < t.size()) {
    const size_t end = std::min(t.find('\n', pos), t.size());
    const std::string line = t.substr(pos, end - pos);
    pos = end + 1;
    ++line_no;
    if (line.empty() || line[0] == '#') continue;
    const std::string where = path + ":" + std::to_string(line_no);
    const size_t a = line.find('\t'), b = a == std::string::npos ? a : line.find('\t', a + 1);
    CycleRow r;
    if (b == std::string::npos || line.find('\t', b + 1) != std::string::npos) {
      status.add("cycles-table", where, "is not BUILD<TAB>RUN<TAB>CYCLES");
      continue;
    }
    r.build = line.substr(0, a);
    r.run = line.substr(a + 1, b - a - 1);
    const std::string digits = line.substr(b + 1);
    auto [end_digits, parse] = std::from_chars(digits.data(), digits.data() + digits.size(), r.cycles);
    if (digits.empty() || parse != std::errc() || end_digits != digits.data() + digits.size() || r.cycles < 0) {
      status.add("cycles-table", where, "its cycles '" + digits + "' are not a count");
      continue;
    }
    if (!seen.insert(key(r)).second) {
      status.add("cycles-table", where, "run '" + r.run + "' of build '" + r.build + "' is committed twice");
      continue;
    }
    rows.push_back(std::move(r));
  }
  if (!status.ok()) return status;
  return rows;
}

Status hold_cycles(const std::string& path, const std::string& machine, const std::vector<CycleRow>& measured,
                   bool rewrite, std::string* note) {
  auto committed = read_cycle_table(path);
  if (!committed.ok()) return committed.status();
  const std::string build = measured.empty() ? "" : measured.front().build;
  std::map<std::string, int64_t> before, now;
  for (const CycleRow& r : committed.value())
    if (r.build == build) before[r.run] = r.cycles;
  for (const CycleRow& r : measured) now[r.run] = r.cycles;
  Status moved;
  for (const auto& [run, cycles] : now) {
    auto it = before.find(run);
    if (it == before.end())
      moved.add("cycles-new", "run '" + run + "'", "simulated in " + std::to_string(cycles) + " cycles, and " + path + " commits none for it");
    else if (it->second != cycles)
      moved.add("cycles-moved", "run '" + run + "'",
                "simulated in " + std::to_string(cycles) + " cycles, where " + path + " commits " + std::to_string(it->second) +
                    " (" + (cycles > it->second ? "+" : "") + std::to_string(cycles - it->second) + ")");
  }
  for (const auto& [run, cycles] : before)
    if (!now.count(run)) moved.add("cycles-missing", "run '" + run + "'", path + " commits " + std::to_string(cycles) + " cycles for it, and bench did not run it");
  if (rewrite) {
    std::vector<CycleRow> rows;
    for (const CycleRow& r : committed.value())
      if (r.build != build) rows.push_back(r);
    rows.insert(rows.end(), measured.begin(), measured.end());
    if (Status written = write_file(path, text_of(machine, rows)); !written.ok()) return written;
    if (note) {
      *note = "cycles: rewrote " + std::to_string(measured.size()) + " rows of build '" + build + "' in " + path +
              (moved.ok() ? ", none moved\n" : "; say in the commit why each of these moved:\n");
      for (const Error& e : moved.errors()) *note += "  " + e.kind + " " + e.where + ": " + e.message + "\n";
    }
    return {};
  }
  if (before.empty()) {
    if (note) *note = "cycles: " + path + " commits none for build '" + build + "', so none are compared (--rewrite-cycles commits them)\n";
    return {};
  }
  if (note && moved.ok()) *note = "cycles: all " + std::to_string(now.size()) + " runs as " + path + " commits them\n";
  return moved;
}

}  // namespace loom
