// Program generators: tiled GEMM as a loop nest or written out flat, programs
// that exercise what GEMM leaves constant, the accumulator-distance probe, and
// random valid programs.
#pragma once

#include <cstdint>
#include <vector>

#include "common/status.h"
#include "machines/tinytpu/isa_encoding.h"
#include "machines/tinytpu/layout.h"
#include "machines/tinytpu/program.h"

namespace loom::tinytpu {

enum class Form { looped, flat };

// C[MxN] = clip(A[MxK] @ B[KxN]) (ReLU first if `relu`), weight-stationary:
// for each column block j of N, B's block goes into spad, and for each k-tile an
// mm of M rows accumulates into ar rows j*M ..; the first k-tile overwrites.
// A lives in vr, k-tile kt at rows kt*M ... The looped and flat forms expand to
// the identical dynamic stream. Errors: bad-shape (a side that is not a
// positive multiple of T, or above MAXDIM; or M below AR_RAW_DIST, which would
// read each k-tile's sums too soon after the previous one wrote them).
// `layout` is how A, B and C lie in DRAM (layout.h): it sets the dma_ld and
// mvout addresses and strides, nothing else.
Result<Program> gemm_program(int64_t M, int64_t K, int64_t N, bool relu, Form form, const isa::Params& p,
                             Layout layout = Layout::row_major);

// Every opcode GEMM uses and the ones it does not (vadd, vaddrelu, vld), with
// every field GEMM holds constant varied: all four dma_ld routes, non-zero bases,
// other strides. Errors: bad-shape, unless AR_RAW_DIST <= rows, rows + 3 <= MAXDIM
// and 5 * rows <= AR_ROWS.
Result<Program> vector_program(int64_t rows, const isa::Params& p);

// Every ar read exactly `d` accu iterations after its write: valid when
// d >= AR_RAW_DIST, the probe of the accumulator's dependence claim.
// Errors: bad-shape, unless 1 <= d <= MAXDIM and 2 * d <= AR_ROWS.
Result<Program> ar_distance_program(int64_t d, const isa::Params& p);

// A random program that keeps every contract check_program enforces, by its own
// bookkeeping: rows written before read, the accumulator distance, row ranges,
// legal values, loops over loads and stores with address terms.
Program random_program(uint64_t seed, const isa::Params& p);

// The generated programs the validator is held to: every GEMM with sides up to
// 4T (ReLU or not, looped and flat), vector programs, accumulator-distance probes
// at and past AR_RAW_DIST, and 100 random programs. All must be accepted.
std::vector<Program> program_suite(const isa::Params& p);

// The resolved dynamic data instructions of encoded words, in order.
std::vector<isa::Instruction> dynamic_stream(const Encoded& encoded);

}  // namespace loom::tinytpu
