// TinyTPU's gates on the command line: `loom bench` and `loom stress`.
#pragma once

#include "units/parameter_set.h"

namespace loom {

// Each prints every run and a summary line, and returns the exit code: 0 only
// when every run matched the reference model.
int bench_command(const Overrides& overrides);
int stress_command(const Overrides& overrides);

}  // namespace loom
