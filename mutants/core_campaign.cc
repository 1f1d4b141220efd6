// The core mutants (mutants.bzl, CORE): each a single-point change to a file
// outside any machine's zone, which every machine builds on, so it cannot be
// linked into a loom of its own. Each is applied in turn to a scratch clone of
// the committed tree and the tests it names are run there with bazel; a
// mutant is caught when they fail, by a test (bazel's exit 3) or by the build
// (exit 1), and the campaign holds each to the way mutants.bzl expects.
//
//   ./bazelw run //mutants:core_campaign -- [--only NAME] [--scratch DIR]
//
// The clone keeps one output base across mutants, so each rebuilds only what
// its file reaches. Exit 0 when the unmutated tests pass and every mutant is
// caught as expected.
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// `command` in `dir`, its output to `log`: its exit code.
int run(const std::string& command, const std::string& dir, const std::string& log) {
  const int status = std::system(("cd " + quote(dir) + " && " + command + " > " + quote(log) + " 2>&1").c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

std::string targets_of(const json& m) {
  std::string out;
  for (const json& t : m.at("tests")) out += " " + t.get<std::string>();
  return out;
}

// The first line of a bazel log that says what failed.
std::string first_failure(const std::string& log) {
  std::istringstream lines(slurp(log));
  std::string line;
  while (std::getline(lines, line))
    if (line.find("error:") != std::string::npos || line.find("FAILED") != std::string::npos) return line.substr(0, 150);
  return "";
}

}  // namespace

int main(int argc, char** argv) {
  std::string only, scratch;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--only" && i + 1 < argc) only = argv[++i];
    else if (a == "--scratch" && i + 1 < argc) scratch = argv[++i];
    else {
      std::fprintf(stderr, "usage: core_campaign [--only NAME] [--scratch DIR]\n");
      return 2;
    }
  }
  const char* workspace = std::getenv("BUILD_WORKSPACE_DIRECTORY");
  const char* home = std::getenv("HOME");
  if (workspace == nullptr) {
    std::fprintf(stderr, "core_campaign: run it with `bazel run`, which names the workspace\n");
    return 2;
  }
  if (scratch.empty()) scratch = std::string(home ? home : "/tmp") + "/.cache/loom/core-mutants";
  const json manifest = json::parse(slurp("mutants/core_manifest.json"), nullptr, false);
  if (manifest.is_discarded() || manifest.empty()) {
    std::fprintf(stderr, "core_campaign: mutants/core_manifest.json is missing or not JSON\n");
    return 2;
  }
  // A fresh clone of the committed tree; its output base persists by path.
  const std::string tree = scratch + "/tree", logs = scratch + "/logs";
  fs::create_directories(logs);
  std::error_code ignored;
  fs::remove_all(tree, ignored);
  if (std::system(("git clone -q " + quote(workspace) + " " + quote(tree)).c_str()) != 0) {
    std::fprintf(stderr, "core_campaign: cannot clone %s\n", workspace);
    return 2;
  }
  const std::string bazel = "./bazelw test --test_output=errors --keep_going";

  // Unmutated, every named test passes: a failure below is the mutant's.
  std::string all;
  for (const json& m : manifest)
    if (only.empty() || m.at("name") == only) all += targets_of(m);
  if (run(bazel + all, tree, logs + "/control.log") != 0) {
    std::fprintf(stderr, "core_campaign: the unmutated tests fail; see %s/control.log\n", logs.c_str());
    return 1;
  }

  int expected = 0, escaped = 0, other = 0, total = 0;
  std::printf("%-30s %-7s %-13s %s\n", "mutant", "expect", "result", "first failure");
  for (const json& m : manifest) {
    const std::string name = m.at("name");
    if (!only.empty() && name != only) continue;
    ++total;
    const std::string path = tree + "/" + m.at("file").get<std::string>();
    const std::string original = slurp(path), anchor = m.at("anchor");
    const size_t at = original.find(anchor);
    if (at == std::string::npos || original.find(anchor, at + 1) != std::string::npos) {
      std::printf("%-30s %-7s %-13s the anchor does not occur exactly once in %s\n", name.c_str(),
                  m.at("gate").get<std::string>().c_str(), "BAD ANCHOR", m.at("file").get<std::string>().c_str());
      ++other;
      continue;
    }
    std::string mutated = original;
    mutated.replace(at, anchor.size(), m.at("replacement").get<std::string>());
    std::ofstream(path, std::ios::binary) << mutated;
    const std::string log = logs + "/" + name + ".log";
    const int code = run(bazel + targets_of(m), tree, log);
    std::ofstream(path, std::ios::binary) << original;
    const std::string result = code == 0 ? "escaped" : code == 3 ? "tests" : code == 1 ? "build" : "error";
    const bool as_expected = result == m.at("gate").get<std::string>();
    expected += as_expected;
    escaped += code == 0;
    other += !as_expected && code != 0;
    std::printf("%-30s %-7s %-13s %s\n", name.c_str(), m.at("gate").get<std::string>().c_str(),
                (result + (as_expected ? "" : " (!)")).c_str(), code == 0 ? "" : first_failure(log).c_str());
    std::fflush(stdout);
  }
  std::printf("\n%d core mutants: %d caught as expected, %d escaped, %d caught otherwise or not run (logs: %s)\n", total,
              expected, escaped, other, logs.c_str());
  return expected == total ? 0 : 1;
}
