// How every `loom` command prints its named errors, and the exit codes they end in.
#pragma once

#include "common/status.h"

namespace loom {

// A command's exit code: 0 done, 1 the input is wrong, 2 the command line is.
inline constexpr int kExitOk = 0, kExitInput = 1, kExitUsage = 2;

// Prints each error on standard error as `loom: error[kind] where: message`,
// and returns the exit code the command ends with: `code`, by default that of
// a command whose input was wrong (`return exit_reporting(status);`).
int exit_reporting(const Status& status, int code = kExitInput);

}  // namespace loom
