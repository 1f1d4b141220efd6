// How TinyTPU's matrices lie in their DRAM arguments: the host's and the
// program's choice, never the machine's, so one build runs either.
#pragma once

#include <cstdint>
#include <string_view>
#include <utility>

#include "common/status.h"
#include "machines/tinytpu/isa_encoding.h"

namespace loom::tinytpu {

// How a MAXDIM x MAXDIM int8 matrix lies in its DRAM argument's packed words
// (T lanes a word). The ISA addresses words, so the layout is the host's and
// the program's, never the machine's: one build runs both.
enum class Layout {
  // Element (row, col) is cell row * MAXDIM + col: the seed's ("A, B and C are
  // flat at the region boundary, addressed row * MAXDIM + col", and allo_cmp.c
  // passes MAXDIM as the stride for every shape). A tile's rows lie MAXDIM / T
  // words apart. The default, and the layout the published cycles are for.
  row_major,
  // Loom's variant: element (row, col) is lane col % T of word
  // (col / T) * MAXDIM + row, so a column block of T columns is MAXDIM
  // consecutive words and a GEMM's dma_ld and mvout move consecutive words.
  tile_major,
};
std::string_view to_string(Layout layout);
// "row-major" or "tile-major"; anything else is a named error (bad-layout).
Result<Layout> parse_layout(std::string_view text);

// The cell of element (row, col) of a DRAM matrix laid out by `layout`.
constexpr int64_t matrix_index(const isa::Params& p, Layout layout, int64_t row, int64_t col) {
  return layout == Layout::row_major ? row * p.MAXDIM + col : ((col / p.T) * p.MAXDIM + row) * p.T + col % p.T;
}
// The (row, col) of cell `index` of a DRAM matrix: matrix_index's inverse.
constexpr std::pair<int64_t, int64_t> matrix_element(const isa::Params& p, Layout layout, int64_t index) {
  if (layout == Layout::row_major) return {index / p.MAXDIM, index % p.MAXDIM};
  const int64_t word = index / p.T, lane = index % p.T;
  return {word % p.MAXDIM, (word / p.MAXDIM) * p.T + lane};
}
// Where a GEMM's operand tiles start and how far apart their rows are, in
// words, under `layout`: the k-tile `kt` of a matrix's columns (T columns, a
// word a row) starts at tile_start and steps tile_stride words a row.
constexpr int64_t tile_start(const isa::Params& p, Layout layout, int64_t kt) {
  return layout == Layout::row_major ? kt : kt * p.MAXDIM;
}
constexpr int64_t tile_stride(const isa::Params& p, Layout layout) {
  return layout == Layout::row_major ? p.MAXDIM / p.T : 1;
}

}  // namespace loom::tinytpu
