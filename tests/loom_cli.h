// The `loom` binary as the CLI tests run it, from their runfiles: its exit
// status and what it printed.
#pragma once

#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace loom::test {

struct Run {
  int exit_code;
  std::string out, err;
};

inline std::string slurp(const std::string& path) {
  std::stringstream s;
  s << std::ifstream(path).rdbuf();
  return s.str();
}

// A path in the test's scratch directory.
inline std::string temp(const std::string& name) {
  const char* tmp = std::getenv("TEST_TMPDIR");
  return std::string(tmp ? tmp : "/tmp") + "/" + name;
}

// Runs `tools/loom ARGS PIPE`, with PIPE (e.g. " | head") after its arguments.
inline Run loom(const std::string& args, const std::string& pipe = "") {
  const std::string out = temp("loom.out"), err = temp("loom.err");
  const int status = std::system(("tools/loom " + args + pipe + " > " + out + " 2> " + err).c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
}

}  // namespace loom::test
