// TinyTPU's programs and DRAM matrices as files: what `loom asm`, `loom ref`,
// `loom cost` and `loom sim` read and write, each the same way.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "common/status.h"
#include "machines/tinytpu/assembler.h"
#include "machines/tinytpu/isa_encoding.h"
#include "machines/tinytpu/layout.h"

namespace loom::tinytpu {

// The program in `file` assembled and validated for build `p`, which it must
// fit as the composed region's instruction memory does. Errors: read_file's
// (unreadable, too-large), the assembler's and validator's, program-too-long.
Result<Assembled> assemble_file(const std::string& file, const isa::Params& p);

// A MAXDIM x MAXDIM int8 matrix from CSV: one row a line, every row as long;
// a smaller matrix fills the top-left corner. Placed in `into` (a DRAM
// matrix's cells) by the layout (matrix_index), which the program's addresses
// must assume; cells outside the file's rows and columns are left as they are.
// Errors: read_file's, parse_csv's (at file:line:column), csv-shape.
Status read_matrix(const std::string& path, const isa::Params& p, Layout layout, std::vector<int64_t>& into);

// A DRAM matrix's cells, laid out by `layout`, as CSV: every one of its
// MAXDIM x MAXDIM elements, a row a line.
std::string matrix_csv(const isa::Params& p, Layout layout, const std::vector<int64_t>& cells);

// `--layout LAYOUT` on `cmd`, into `layout`: row-major (the default) or
// tile-major, anything else refused by the parser. Every verb that reads or
// writes matrix files takes it the same way.
CLI::Option* add_layout_option(CLI::App& cmd, std::string& layout);

}  // namespace loom::tinytpu
