// How every `loom` command prints its named errors.
#pragma once

#include "common/status.h"

namespace loom {

// Prints each error on standard error as `loom: error[kind] where: message`;
// returns 1, the exit code of a command that failed.
int report(const Status& status);

}  // namespace loom
