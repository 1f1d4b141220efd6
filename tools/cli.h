// The `loom` command line as a function, so that a fuzzer can parse command
// lines without running them (fuzz/options_fuzz.cc).
#pragma once

namespace loom {

enum class CliMode {
  run,         // parse, then do what the verb says
  parse_only,  // parse and check the options, then stop
};

// Returns the exit status: 0 done, 1 the input is wrong, 2 the command line is.
int run_cli(int argc, char** argv, CliMode mode = CliMode::run);

}  // namespace loom
