// machines/cycle_table.h: a committed table read back, held to what a gate
// measured (each difference named by its run), and rewritten only on request.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "machines/cycle_table.h"

namespace loom {
namespace {

std::string temp(const std::string& name) {
  const char* dir = std::getenv("TEST_TMPDIR");
  return std::string(dir ? dir : "/tmp") + "/" + name;
}

const std::vector<CycleRow> kRuns = {{"T=4", "gemm 4x4x4", 175}, {"T=4", "gemm 8x8x8", 265}};

bool names(const Status& s, const std::string& kind, const std::string& where) {
  for (const Error& e : s.errors())
    if (e.kind == kind && e.where == where) return true;
  return false;
}

TEST_CASE("a table is written only on request, then holds the runs it was written from", "[cycles]") {
  const std::string path = temp("cycles.txt");
  std::filesystem::remove(path);
  std::string note;
  // None committed: nothing compared, and said so.
  CHECK(hold_cycles(path, "m", kRuns, false, &note).ok());
  CHECK(note.find("commits none for build 'T=4'") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(path));
  REQUIRE(hold_cycles(path, "m", kRuns, true, &note).ok());
  CHECK(note.find("cycles-new run 'gemm 4x4x4'") != std::string::npos);
  auto read = read_cycle_table(path);
  REQUIRE(read.ok());
  REQUIRE(read.value().size() == 2);
  CHECK(read.value()[1].run == "gemm 8x8x8");
  CHECK(read.value()[1].cycles == 265);
  CHECK(hold_cycles(path, "m", kRuns, false, &note).ok());
  CHECK(note.find("all 2 runs as") != std::string::npos);
}

TEST_CASE("every difference from the committed table is named by its run", "[cycles]") {
  const std::string path = temp("held.txt");
  std::filesystem::remove(path);
  REQUIRE(hold_cycles(path, "m", kRuns, true, nullptr).ok());
  // One cycle more, one run fewer, one run new.
  std::vector<CycleRow> now = {{"T=4", "gemm 4x4x4", 176}, {"T=4", "vadd", 300}};
  const Status s = hold_cycles(path, "m", now, false, nullptr);
  CHECK(names(s, "cycles-moved", "run 'gemm 4x4x4'"));
  CHECK(s.errors()[0].message.find("commits 175 (+1)") != std::string::npos);
  CHECK(names(s, "cycles-new", "run 'vadd'"));
  CHECK(names(s, "cycles-missing", "run 'gemm 8x8x8'"));
  CHECK(s.errors().size() == 3);
  // Another build's rows are not this one's, and survive its rewrite.
  std::vector<CycleRow> wide = {{"T=8", "gemm 8x8x8", 200}};
  CHECK(hold_cycles(path, "m", wide, true, nullptr).ok());
  CHECK(hold_cycles(path, "m", kRuns, false, nullptr).ok());
  CHECK(hold_cycles(path, "m", wide, false, nullptr).ok());
  // One cycle fewer is a difference too.
  now = {{"T=8", "gemm 8x8x8", 199}};
  CHECK(names(hold_cycles(path, "m", now, false, nullptr), "cycles-moved", "run 'gemm 8x8x8'"));
}

TEST_CASE("a table line that is not BUILD, RUN and CYCLES is refused at its line", "[cycles]") {
  for (const auto& [text, line] : {std::pair{"# c\nT=4\tgemm\n", 2}, std::pair{"T=4\tgemm\tmany\n", 1},
                                   std::pair{"T=4\tgemm\t1\nT=4\tgemm\t2\n", 2}, std::pair{"T=4\tgemm\t-3\n", 1},
                                   std::pair{"T=4\ta\tb\t4\n", 1}}) {
    const std::string path = temp("bad.txt");
    std::ofstream(path) << text;
    const Status s = read_cycle_table(path).status();
    INFO(text);
    CHECK(names(s, "cycles-table", path + ":" + std::to_string(line)));
    // And the gate refuses to compare against it.
    CHECK(names(hold_cycles(path, "m", kRuns, false, nullptr), "cycles-table", path + ":" + std::to_string(line)));
  }
}

}  // namespace
}  // namespace loom
