// Bindings for the common ways an array of instances meets an array of
// channels, memories or arguments, so that a chain's wiring is one word per
// port instead of a lambda with its ends spelled out:
//
//   place<Tap>(arch, "tap", vec("N"))
//       .bind(Tap::x_in, same(x))        // tap i reads x[i]
//       .bind(Tap::x_out, next(x))       // and writes x[i + 1]: unbound on the last tap
//       .bind(Tap::p_in, previous(p))    // reads p[i - 1]: unbound on the first
//       .bind(Tap::p_out, same(p));
//   place<Store>(arch, "store", one()).bind(Store::in, last(p));
//
// The array's own extents decide where a chain ends, resolved with the
// parameters when the architecture is composed. A port array (LOOM_READS_ARRAY)
// is bound to a slice, element k of the port to element k of the slice:
//
//   place<Store>(arch, "store", one()).bind(Store::y, column(p, -1));  // y[k] reads p[k][C-1]
#pragma once

#include "compose/architecture.h"

namespace loom {

// Instance i (or [r][c]) to element i (or [r][c]).
Binder same(const Handle& array);
// Instance i to element i + 1 along dimension `dim`; unbound where that is past
// the array's last element.
Binder next(const Handle& array, int dim = 0);
// Instance i to element i - 1 along dimension `dim`; unbound for i = 0.
Binder previous(const Handle& array, int dim = 0);
// Every instance to the array's last element (of a vector: [N - 1]).
Binder last(const Handle& array);

// Element k of a port array to element k of a vector.
Slice elements(const Handle& vector);
// Element k to element [r][k] of a grid, or to [k][c]; a negative r or c
// counts from the end (-1: the last row or column).
Slice row(const Handle& grid, int64_t r);
Slice column(const Handle& grid, int64_t c);

}  // namespace loom
