// A project on disk: the check at emission, which compiles the kernel against
// the poison header in a scratch directory, and writing into the user's.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <vector>

#include "common/files.h"
#include "common/quote.h"
#include "compose/hls/includes.h"
#include "compose/hls/poison.h"
#include "compose/hls/project.h"
#include "compose/hls/spawn.h"

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

// A compiler to run: its executable and its argument words, argv[0] first.
struct Compiler {
  std::string path;
  std::vector<std::string> argv;
  bool clang = false;  // lists a header's includers in the other order from GCC's (compile_errors)
};

// `command` split into words (split_words), with its program found in PATH;
// nothing when it names no executable.
std::optional<Compiler> compiler_of(const std::string& command) {
  Compiler c;
  c.argv = split_words(command);
  if (c.argv.empty()) return std::nullopt;
  c.path = find_program(c.argv[0]);
  if (c.path.empty()) return std::nullopt;
  for (const std::string& word : c.argv) c.clang = c.clang || word.find("clang") != std::string::npos;
  return c;
}

// The compiler asked for, if any; else $CXX, if it names one; else the
// first of g++, c++ and clang++ in PATH.
std::optional<Compiler> choose_compiler(const std::string& given) {
  if (!given.empty()) return compiler_of(given);
  if (const char* cxx = std::getenv("CXX"); cxx != nullptr && *cxx)
    if (auto c = compiler_of(cxx)) return c;
  for (const char* name : {"g++", "c++", "clang++"})
    if (auto c = compiler_of(name)) return c;
  return std::nullopt;
}

// The check's two compiles in `dir`, the second only if the first passes: the
// kernel as HLS sees it, poisoned (as `make check` compiles it), then the
// testbench as C simulation does. What they print goes to `log`; the result
// is the last one run's: its exit status, or why it could not be started.
Spawned compile_check(const Compiler& compiler, const fs::path& dir, const fs::path& log) {
  std::vector<std::string> kernel = compiler.argv, bench = compiler.argv;
  for (const char* word : {"-std=c++14", "-fsyntax-only", "-w", "-DLOOM_HLS_CHECK", "-I", "check", "-I", "standin", "-I",
                           "src", "top.cpp"})
    kernel.push_back(word);
  for (const char* word : {"-std=c++14", "-fsyntax-only", "-w", "-I", "standin", "tb.cpp"}) bench.push_back(word);
  Spawned run = spawn(compiler.path, kernel, dir.string(), log.string());
  if (run.started && run.exit_code == 0) run = spawn(compiler.path, bench, dir.string(), log.string());
  return run;
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

// One error the compiler printed, at its file and line (the includer's, for
// a header the poison refuses).
struct CompileError {
  std::string file, at, message;
  std::string units;          // units_of(file)
  bool unit_source = false;   // under src/: a unit's header, or one it includes
  std::string reason;         // refusal_reason(message): empty unless the poison refused it
  std::string missing;        // the header it could not find, as the include names it
};

// The header a compiler's error says it could not find: GCC's "X: No such
// file or directory", Clang's "'X' file not found"; else empty.
std::string missing_header(const std::string& message) {
  static const std::regex gcc(R"(^(.+): No such file or directory$)"), clang(R"(^'(.+)' file not found$)");
  std::smatch m;
  if (std::regex_match(message, m, gcc) || std::regex_match(message, m, clang)) return m[1];
  return "";
}

// What the compiler printed, as errors. GCC prints "In file included from
// A:7," then "    from B:12:", then "F:L:C: error: M"; Clang lists the
// includers the other way round. The includer that matters for a refused
// header is the file that named it.
std::vector<CompileError> parse_compile_errors(const std::string& output, const Region& region, bool clang_order) {
  static const std::regex error_line(R"(^(.+?):(\d+):\d+: (?:fatal )?error: (.*)$)");
  static const std::regex included(R"(^(?:In file included from|\s+from) (.+?):(\d+)[,:]?$)");
  std::istringstream lines(output);
  std::string line;
  std::vector<std::pair<std::string, std::string>> chain;  // (file, line), as printed
  std::vector<CompileError> errors;
  while (std::getline(lines, line)) {
    std::smatch m;
    if (std::regex_match(line, m, included)) {
      chain.emplace_back(m[1], m[2]);
      continue;
    }
    if (!std::regex_match(line, m, error_line)) continue;
    CompileError e;
    e.file = m[1];
    e.at = m[2];
    e.message = m[3];
    if (e.file.rfind("check/", 0) == 0 && !chain.empty()) {
      const auto& includer = clang_order ? chain.back() : chain.front();
      e.file = includer.first;
      e.at = includer.second;
    }
    chain.clear();
    e.unit_source = e.file.rfind("src/", 0) == 0;
    if (e.unit_source) e.file = e.file.substr(4);
    e.units = units_of(e.file, region);
    e.reason = refusal_reason(e.message);
    e.missing = missing_header(e.message);
    errors.push_back(std::move(e));
  }
  return errors;
}

// Whether `e` is a unit source's quote-include of a header the project lacks:
// one that was not embedded.
bool not_embedded(const CompileError& e, const Project& project) {
  if (e.missing.empty() || !e.unit_source) return false;
  const auto file = project.files.find("src/" + e.file);
  if (file == project.files.end()) return false;
  const std::vector<std::string> includes = includes_of(file->second);
  return std::find(includes.begin(), includes.end(), e.missing) != includes.end();
}

// The errors of a failed check: hls-unsynthesisable where the poison says
// why, hls-source-missing where a unit's source includes a header that was
// not embedded, else hls-compile; at most ten. A refusal is the cause of the
// errors that follow from it, so once a unit is refused, the compile errors
// in its sources and in the generated files that call it are not reported.
Status compile_errors(const std::string& output, const Project& project, const Region& region, bool clang_order) {
  const std::vector<CompileError> errors = parse_compile_errors(output, region, clang_order);
  std::set<std::string> refused;  // units_of each refusal
  for (const CompileError& e : errors)
    if (!e.reason.empty()) refused.insert(e.units);
  Status status;
  int reported = 0;
  for (const CompileError& e : errors) {
    if (reported == 10) break;
    if (!e.reason.empty()) {
      status.add("hls-unsynthesisable", e.file + ":" + e.at, e.units + " cannot be synthesised: it " + e.reason);
    } else if (not_embedded(e, project)) {
      status.add("hls-source-missing", e.file + ":" + e.at,
                 e.units + " includes " + e.missing +
                     ", which this build did not embed for HLS emission; add it to a loom_hls_sources target "
                     "linked into the binary (compose/hls/hls_sources.bzl)");
    } else {
      if (!refused.empty() && (!e.unit_source || refused.count(e.units) > 0)) continue;  // a knock-on
      status.add("hls-compile", e.file + ":" + e.at, e.units + " does not compile for HLS (C++14): " + e.message);
    }
    ++reported;
  }
  if (status.ok())
    status.add("hls-compile", "top.cpp", "the HLS check's compile failed:\n" + output.substr(0, 2000));
  return status;
}

}  // namespace

Status check_synthesisable(const Project& project, const Region& region, const std::string& compiler_name) {
  const std::optional<Compiler> compiler = choose_compiler(compiler_name);
  if (!compiler)
    return Error{"hls-no-compiler", "the HLS check",
                 "found no C++ compiler to compile the bodies with (g++, c++ or clang++, or $CXX); ./bazelw installs g++"};
  char scratch[] = "/tmp/loom-hls-check-XXXXXX";
  if (mkdtemp(scratch) == nullptr) return Error{"hls-output", "/tmp", "could not make a scratch directory"};
  const fs::path dir = scratch, log = dir / ".loom-check.log";  // no project file has that name
  Status status = write_files(project, dir);
  Spawned run;
  std::string output;
  if (status.ok()) {
    run = compile_check(*compiler, dir, log);
    // Nothing there when the compiler could not be started.
    if (auto text = read_file(log.string()); text.ok()) output = text.value();
  }
  std::error_code ec;
  fs::remove_all(dir, ec);
  if (!status.ok()) return status;
  if (!run.started) {
    std::string command;
    for (const std::string& word : compiler->argv) command += (command.empty() ? "" : " ") + word;
    return Error{"hls-no-compiler", command, "could not be run"};
  }
  if (run.exit_code == 0) return status;
  return compile_errors(output, project, region, compiler->clang);
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
