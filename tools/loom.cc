// `loom`: see tools/cli.h and docs/cli.md.
#include <cstdio>

#include "tools/cli.h"

int main(int argc, char** argv) {
  const int code = loom::run_cli(argc, argv);
  // Output that never reached its file (a full disk, a closed pipe) is a
  // failure, not a success that printed nothing.
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
    std::fprintf(stderr, "loom: error[output] standard output: could not be written\n");
    return code == 0 ? 1 : code;
  }
  return code;
}
