#include "compose/wiring.h"

#include <cassert>

namespace loom {
namespace {

// The array's extent along `dim`, or -1 when it does not resolve: its own
// error is reported by compose(), and the binding is left for it to refuse.
int64_t extent(const Handle& array, int dim, const ParamValues& params) {
  if (dim >= array.shape().rank) return -1;
  auto v = array.shape().extents[static_cast<size_t>(dim)].evaluate(params);
  return v.ok() ? v.value() : -1;
}

Index moved(Index i, int dim, int64_t by) {
  if (i.rank == 0) i = Index::of(0);
  i.at[static_cast<size_t>(dim)] += by;
  return i;
}

}  // namespace

Binder same(const Handle& array) {
  return [array](const Index& i, const ParamValues&) -> Binding { return array(i); };
}

Binder next(const Handle& array, int dim) {
  assert(dim == 0 || dim == 1);
  return [array, dim](const Index& i, const ParamValues& params) -> Binding {
    const Index to = moved(i, dim, 1);
    const int64_t n = extent(array, dim, params);
    if (n >= 0 && to[dim] >= n) return unbound;
    return array(to);
  };
}

Binder previous(const Handle& array, int dim) {
  assert(dim == 0 || dim == 1);
  return [array, dim](const Index& i, const ParamValues&) -> Binding {
    if ((i.rank == 0 ? 0 : i[dim]) == 0) return unbound;
    return array(moved(i, dim, -1));
  };
}

Binder last(const Handle& array) {
  return [array](const Index&, const ParamValues& params) -> Binding {
    if (array.shape().rank == 0) return array();
    Index at = array.shape().rank == 1 ? Index::of(0) : Index::of(0, 0);
    for (int d = 0; d < array.shape().rank; ++d) at.at[static_cast<size_t>(d)] = extent(array, d, params) - 1;
    return array(at);
  };
}

}  // namespace loom
