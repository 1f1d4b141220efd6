// What `loom hls` needs of TinyTPU beyond its composed region: the runs its
// testbench drives (bench's programs, its GEMMs again on full-range operands,
// the clip and ReLU edges, and the vector program, each with all of C
// expected from the reference model), and the machine's claims on its units' memories (the
// machine table of isa_spec.json), which become dependence pragmas.
#pragma once

#include <string>
#include <vector>

#include "common/status.h"
#include "compose/hls/project.h"
#include "compose/region.h"

namespace loom::tinytpu {

// Errors: a bench program the build refuses (named by the assembler).
Result<std::vector<hls::TestRun>> hls_runs(const Region& region);

// Errors: the spec at ROOT/machines/tinytpu/isa_spec.json does not load, or
// its machine table does not build at the region's configuration.
Result<std::vector<hls::Dependence>> hls_dependences(const Region& region, const std::string& root);

}  // namespace loom::tinytpu
