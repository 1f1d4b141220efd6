// The verbs TinyTPU offers on the command line beyond describe, dot, sim and
// hls: its demo, its gates (bench, stress), its ISA tools (gen-isa, asm, ref)
// and its action model (project, cost). Each takes the parsed VerbArgs, prints
// its report (or, with --json, one JSON document) and returns the exit code.
#pragma once

#include "machines/verbs.h"

namespace loom::tinytpu {

MachineVerbs verbs();

}  // namespace loom::tinytpu
