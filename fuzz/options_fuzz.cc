// Fuzz target: the command line's option parsing. The input is split into
// arguments at newlines; the verb is parsed and checked, never run.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "tools/cli.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::vector<std::string> args = {"loom"};
  std::string current;
  for (size_t i = 0; i < size && args.size() < 64; ++i) {
    const char c = static_cast<char>(data[i]);
    if (c == '\n') {
      args.push_back(current);
      current.clear();
    } else if (c != '\0') {
      current += c;
    }
  }
  if (!current.empty()) args.push_back(current);
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  // Errors and help go to standard error and out; the fuzzer discards them.
  (void)loom::run_cli(static_cast<int>(args.size()), argv.data(), loom::CliMode::parse_only);
  return 0;
}
