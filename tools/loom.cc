// `loom`: see tools/cli.h and docs/cli.md.
#include "tools/cli.h"

int main(int argc, char** argv) { return loom::run_cli(argc, argv); }
