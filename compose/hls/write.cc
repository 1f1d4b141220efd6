// A project on disk: the check at emission, which compiles the kernel against
// the poison header in a scratch directory, and writing into the user's.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <vector>

#include "common/quote.h"
#include "compose/hls/poison.h"
#include "compose/hls/project.h"

namespace loom::hls {
namespace {

namespace fs = std::filesystem;

constexpr const char* kMarker = ".loom-hls";
constexpr const char* kMarkerFirstLine = "loom-hls-project 1";

// Whether any component of `relative` below `dir` is a symbolic link: Loom
// writes and removes no file through a link, which could lead out of `dir`.
bool through_link(const fs::path& dir, const fs::path& relative) {
  fs::path at = dir;
  std::error_code ec;
  for (const fs::path& part : relative) {
    at /= part;
    if (fs::is_symlink(fs::symlink_status(at, ec))) return true;
  }
  return false;
}

Status check_links(const Project& project, const fs::path& dir) {
  Status status;
  for (const auto& [path, text] : project.files)
    if (through_link(dir, path))
      status.add("hls-output", (dir / path).string(),
                 "is, or is inside, a symbolic link; Loom writes no file through a link, which could lead out of " +
                     dir.string());
  return status;
}

Status write_files(const Project& project, const fs::path& dir) {
  Status status = check_links(project, dir);
  if (!status.ok()) return status;
  for (const auto& [path, text] : project.files) {
    const fs::path file = dir / path;
    std::error_code ec;
    fs::create_directories(file.parent_path(), ec);
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out << text;
    out.close();
    if (ec || !out) status.add("hls-output", file.string(), "could not be written");
  }
  return status;
}

bool on_path(const std::string& program) {
  return std::system(("command -v " + program + " >/dev/null 2>&1").c_str()) == 0;
}

std::string choose_compiler(const std::string& given) {
  if (!given.empty()) return on_path(given) ? given : "";
  if (const char* cxx = std::getenv("CXX"); cxx != nullptr && *cxx && on_path(cxx)) return cxx;
  for (const char* c : {"g++", "c++", "clang++"})
    if (on_path(c)) return c;
  return "";
}

// The units a project file belongs to: the unit it declares, or the units whose
// headers include it.
std::string units_of(const std::string& path, const Region& region) {
  std::set<std::string> exact, all;
  for (const Process& p : region.processes) {
    all.insert(p.unit->name);
    if (p.unit->source == path) exact.insert(p.unit->name);
  }
  const std::set<std::string>& names = exact.empty() ? all : exact;
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + quoted(n);
  return (exact.empty() ? "a header included for unit(s) " : "unit ") + out;
}

}  // namespace

Status check_synthesisable(const Project& project, const Region& region, const std::string& compiler_name) {
  const std::string compiler = choose_compiler(compiler_name);
  if (compiler.empty())
    return Error{"hls-no-compiler", "the HLS check",
                 "found no C++ compiler to compile the bodies with (g++, c++ or clang++, or $CXX); ./bazelw installs g++"};
  char scratch[] = "/tmp/loom-hls-check-XXXXXX";
  if (mkdtemp(scratch) == nullptr) return Error{"hls-output", "/tmp", "could not make a scratch directory"};
  const fs::path dir = scratch;
  Status status = write_files(project, dir);
  std::string output;
  int exit_code = 0;
  if (status.ok()) {
    // The kernel as HLS sees it, poisoned; the testbench as C simulation does.
    const std::string command = "cd '" + dir.string() + "' && " + compiler +
                                " -std=c++14 -fsyntax-only -w -DLOOM_HLS_CHECK -I check -I standin -I src top.cpp 2>&1 && " +
                                compiler + " -std=c++14 -fsyntax-only -w -I standin tb.cpp 2>&1";
    FILE* pipe = popen(command.c_str(), "r");
    if (pipe == nullptr) return Error{"hls-no-compiler", compiler, "could not be run"};
    char buffer[4096];
    while (fgets(buffer, sizeof buffer, pipe) != nullptr) output += buffer;
    exit_code = pclose(pipe);
  }
  std::error_code ec;
  fs::remove_all(dir, ec);
  if (!status.ok() || exit_code == 0) return status;

  // GCC: "In file included from A:7," then "    from B:12:", then "F:L:C: error: M".
  // Clang lists the includers the other way round. The includer that matters
  // for a refused header is the file that named it.
  static const std::regex error_line(R"(^(.+?):(\d+):\d+: (?:fatal )?error: (.*)$)");
  static const std::regex included(R"(^(?:In file included from|\s+from) (.+?):(\d+)[,:]?$)");
  const bool clang_order = compiler.find("clang") != std::string::npos;
  std::istringstream lines(output);
  std::string line;
  std::vector<std::pair<std::string, std::string>> chain;  // (file, line), as printed
  int reported = 0;
  while (std::getline(lines, line) && reported < 10) {
    std::smatch m;
    if (std::regex_match(line, m, included)) {
      chain.emplace_back(m[1], m[2]);
      continue;
    }
    if (!std::regex_match(line, m, error_line)) continue;
    std::string file = m[1], at = m[2];
    const std::string message = m[3];
    if (file.rfind("check/", 0) == 0 && !chain.empty()) {
      const auto& includer = clang_order ? chain.back() : chain.front();
      file = includer.first;
      at = includer.second;
    }
    chain.clear();
    if (file.rfind("src/", 0) == 0) file = file.substr(4);
    const std::string reason = refusal_reason(message);
    ++reported;
    if (!reason.empty())
      status.add("hls-unsynthesisable", file + ":" + at,
                 units_of(file, region) + " cannot be synthesised: it " + reason);
    else
      status.add("hls-compile", file + ":" + at, units_of(file, region) + " does not compile for HLS (C++14): " + message);
  }
  if (status.ok())
    status.add("hls-compile", "top.cpp", "the HLS check's compile failed:\n" + output.substr(0, 2000));
  return status;
}

Status write_project(const Project& project, const std::string& dir_name) {
  const fs::path dir = dir_name;
  std::error_code ec;
  if (fs::exists(dir, ec)) {
    if (!fs::is_directory(dir, ec)) return Error{"hls-output", dir_name, "exists and is not a directory"};
    const bool empty = fs::is_empty(dir, ec);
    if (!empty) {
      std::ifstream marker(dir / kMarker);
      std::string first;
      std::getline(marker, first);
      if (first != kMarkerFirstLine)
        return Error{"hls-output-exists", dir_name,
                     "exists, is not empty and is not a Loom HLS project (it has no " + std::string(kMarker) +
                         "); Loom never writes over files it did not write: name a new or empty directory"};
      if (Status links = check_links(project, dir); !links.ok()) return links;
      // The files the earlier emission wrote go, so none is left stale; only
      // those inside the directory, and none through a link.
      std::vector<fs::path> stale;
      for (std::string entry; std::getline(marker, entry);) {
        if (entry.rfind("file ", 0) != 0) continue;
        const fs::path old = entry.substr(5);
        if (old.empty() || old.is_absolute() || old.string().find("..") != std::string::npos) continue;
        if (through_link(dir, old))
          return Error{"hls-output", (dir / old).string(),
                       "is, or is inside, a symbolic link; Loom removes no file through a link"};
        stale.push_back(old);
      }
      for (const fs::path& old : stale) {
        fs::remove(dir / old, ec);
        // And the directories that held only it, up to the project's.
        for (fs::path parent = old.parent_path(); !parent.empty(); parent = parent.parent_path())
          if (!fs::remove(dir / parent, ec)) break;  // removes only an empty directory
      }
    }
  } else if (!fs::create_directories(dir, ec) || ec) {
    return Error{"hls-output", dir_name, "could not be created: " + ec.message()};
  }
  return write_files(project, dir);
}

}  // namespace loom::hls
