// TinyTPU assembly: one statement a line, loops as blocks, `#` comments.
//
//   # C = A @ B for one 4x4 tile
//   dma_ld rows=4 route=2 dst=0 src=0 stride=4     # A into vr
//   loop 2 {
//     mvout rows=4 src=0 dst=0 stride=4 src+=L0*4 dst+=L0*1
//   }
//   halt
//
// A data statement names its opcode, `rows=` and every operand by the spec's
// name; `name+=L<level>*<stride>` adds an address term (level 0 is the
// outermost open loop; `*<stride>` defaults to 1).
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "common/status.h"
#include "machines/tinytpu/check_program.h"
#include "machines/tinytpu/program.h"

namespace loom::tinytpu {

// Errors, each at `source:line:column`: syntax, unknown-opcode, retired-opcode,
// unknown-operand, missing-operand, duplicate-operand, unbalanced-loop.
Result<Program> parse_assembly(std::string_view text, const std::string& source);

// What the sequencer is loaded with: the words, and one header word per unit
// that executes instructions, carrying its trip count.
struct Assembled {
  isa::Params params;  // the build it was validated for
  Program program;
  Encoded encoded;
  Walk walk;
  std::array<uint64_t, isa::kHeaderCount> headers{};
};

// Encodes and validates (check_program); every error of either comes back.
Result<Assembled> assemble(const Program& program, const isa::Params& params);
Result<Assembled> assemble_text(std::string_view text, const std::string& source, const isa::Params& params);

// The words and headers, one per line with their disassembly.
std::string listing(const Assembled& assembled);

}  // namespace loom::tinytpu
