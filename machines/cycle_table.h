// A gate's cycle figures, committed in the tree (machines/cycles/MACHINE.txt),
// so that a change that only moves cycles (a shallower FIFO, a deeper
// pipeline) fails the gate that prints them instead of passing unnoticed.
// Rewriting them takes a deliberate flag (`loom bench --rewrite-cycles`), and
// the commit that does it says why each row moved.
//
// The file, one run a line: BUILD<TAB>RUN<TAB>CYCLES, where BUILD is the
// configuration the gate ran (every parameter as --param sets it) and RUN the
// gate's name for the run; '#' starts a comment line.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/status.h"

namespace loom {

struct CycleRow {
  std::string build, run;
  int64_t cycles = 0;
};

// Where `machine`'s table lives under the workspace `root`.
std::string cycle_table_path(const std::string& root, const std::string& machine);

// The table at `path`; no file is no rows. Errors: cycles-table (a line that
// is not BUILD<TAB>RUN<TAB>CYCLES, or a run twice, at path:line), and the
// reader's (too-large, unreadable).
Result<std::vector<CycleRow>> read_cycle_table(const std::string& path);

// The gate's step: `measured` (one build's runs) against the committed rows
// of the same build. Errors, each naming the run: cycles-moved (committed N,
// now M), cycles-missing (committed, not run), cycles-new (run, not
// committed). A build with no committed row is not compared: `note` says so.
// With `rewrite`, the build's rows are replaced by `measured` (the other
// builds' kept) and written back, and `note` lists every row that moved.
Status hold_cycles(const std::string& path, const std::string& machine, const std::vector<CycleRow>& measured,
                   bool rewrite, std::string* note);

}  // namespace loom
