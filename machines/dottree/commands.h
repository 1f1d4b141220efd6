// The verbs DotTree offers beyond describe, dot, sim and hls: its action
// model's projection onto the composed region (project) and the cost of its
// instruction (cost). Each prints its report, or with --json one JSON document,
// and returns the exit code.
#pragma once

#include "machines/verbs.h"

namespace loom::dottree {

MachineVerbs verbs();

}  // namespace loom::dottree
