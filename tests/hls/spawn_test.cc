// Running a program without a shell (compose/hls/spawn.h): $CXX's words, the
// PATH search, and a child that gets its words as they are, runs in its
// directory and leaves its output, stdout and stderr alike, in the log.
#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "common/files.h"
#include "compose/hls/spawn.h"

namespace loom::hls {
namespace {

namespace fs = std::filesystem;

std::string scratch(const std::string& name) {
  const char* tmp = std::getenv("TEST_TMPDIR");
  const fs::path dir = fs::path(tmp ? tmp : "/tmp") / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir.string();
}

std::string read_text(const std::string& path) {
  auto text = read_file(path);
  REQUIRE(text.ok());
  return text.value();
}

void write_script(const std::string& path, const std::string& text) {
  REQUIRE(write_file(path, text).ok());
  chmod(path.c_str(), 0755);
}

TEST_CASE("a command is split on white space into words, with no quoting", "[hls][spawn]") {
  using V = std::vector<std::string>;
  CHECK(split_words("g++") == V{"g++"});
  CHECK(split_words("  g++  -m64\t-O0\n") == V{"g++", "-m64", "-O0"});
  CHECK(split_words("ccache clang++ -DX='a b'") == V{"ccache", "clang++", "-DX='a", "b'"});
  CHECK(split_words("").empty());
  CHECK(split_words(" \t ").empty());
}

TEST_CASE("a program is found in PATH, or by its path, and only when it is an executable file", "[hls][spawn]") {
  const std::string dir = scratch("find_program");
  write_script(dir + "/tool", "#!/bin/sh\nexit 0\n");
  std::ofstream(dir + "/plain") << "not executable";
  fs::create_directory(dir + "/folder");
  chmod((dir + "/folder").c_str(), 0755);
  CHECK(find_program(dir + "/tool") == dir + "/tool");
  CHECK(find_program(dir + "/plain").empty());
  CHECK(find_program(dir + "/folder").empty());
  CHECK(find_program(dir + "/absent").empty());
  CHECK(find_program("").empty());
  const std::string saved = std::getenv("PATH") ? std::getenv("PATH") : "";
  setenv("PATH", ("/nonexistent:" + dir).c_str(), 1);
  CHECK(find_program("tool") == dir + "/tool");
  CHECK(find_program("plain").empty());
  CHECK(find_program("folder").empty());
  CHECK(find_program("sh").empty());  // not in this PATH
  setenv("PATH", saved.c_str(), 1);
  CHECK_FALSE(find_program("sh").empty());
}

TEST_CASE("a program gets its words as they are, in its directory, its output in the log", "[hls][spawn]") {
  const std::string dir = scratch("spawn_words");
  write_script(dir + "/echo_args", "#!/bin/sh\npwd\nfor a in \"$@\"; do echo \"[$a]\"; done\necho to-stderr >&2\nexit 3\n");
  fs::create_directory(dir + "/work");
  const std::string log = dir + "/log";
  const Spawned run = spawn(dir + "/echo_args", {"echo_args", "a b", "$(touch pwned)", "x;y", "'q'"}, dir + "/work", log);
  CHECK(run.started);
  CHECK(run.exit_code == 3);
  CHECK(read_text(log) == fs::canonical(dir + "/work").string() + "\n[a b]\n[$(touch pwned)]\n[x;y]\n['q']\nto-stderr\n");
  CHECK(!fs::exists(dir + "/work/pwned"));
  CHECK(!fs::exists(dir + "/pwned"));
  // A second run appends.
  CHECK(spawn(dir + "/echo_args", {"echo_args"}, dir + "/work", log).exit_code == 3);
  CHECK(read_text(log).find("to-stderr\n" + fs::canonical(dir + "/work").string() + "\nto-stderr\n") != std::string::npos);
}

TEST_CASE("a program that cannot be started says why", "[hls][spawn]") {
  const std::string dir = scratch("spawn_missing");
  const Spawned missing = spawn(dir + "/absent", {"absent"}, dir, dir + "/log");
  CHECK_FALSE(missing.started);
  CHECK_FALSE(missing.error.empty());
  write_script(dir + "/ok", "#!/bin/sh\nexit 0\n");
  const Spawned no_dir = spawn(dir + "/ok", {"ok"}, dir + "/no/such/dir", dir + "/log");
  CHECK_FALSE(no_dir.started);
  CHECK_FALSE(no_dir.error.empty());
  const Spawned ok = spawn(dir + "/ok", {"ok"}, dir, dir + "/log");
  CHECK(ok.started);
  CHECK(ok.exit_code == 0);
}

}  // namespace
}  // namespace loom::hls
