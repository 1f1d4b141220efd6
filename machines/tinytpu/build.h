// A TinyTPU build other than the defaults: T and MAXDIM set, everything
// derived from them recomputed by the spec's own formulas.
#pragma once

#include "machines/tinytpu/isa_encoding.h"

namespace loom::tinytpu {

inline isa::Params build_at(int64_t T, int64_t MAXDIM) {
  isa::Params p = isa::kDefaults;
  p.T = T;
  p.MAXDIM = MAXDIM;
  return isa::derive(p);
}

}  // namespace loom::tinytpu
