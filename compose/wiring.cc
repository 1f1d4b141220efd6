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

// Position `at` along an extent of `n`, a negative one from the end; -1 when
// the extent is unknown (the binding is then refused by compose()).
int64_t from_end(int64_t at, int64_t n) { return at >= 0 ? at : n < 0 ? -1 : n + at; }

std::string counted(const char* what, int64_t at) {
  if (at == -1) return std::string("the last ") + what;
  return std::string(what) + " " + std::to_string(at) + (at < 0 ? " (from the end)" : "");
}

// A slice along dimension `along` of `array`, the other index fixed at `fixed`.
Slice line(const Handle& array, int along, int64_t fixed, const char* what) {
  const int other = 1 - along;
  Slice s;
  s.element = [=](const Index&, int64_t k, const ParamValues& params) -> Binding {
    Index at = Index::of(0, 0);
    at.at[static_cast<size_t>(along)] = k;
    at.at[static_cast<size_t>(other)] = from_end(fixed, extent(array, other, params));
    return array(at);
  };
  s.size = [=](const ParamValues& params) { return extent(array, along, params); };
  s.text = counted(what, fixed) + " of '" + array.name() + "'";
  s.outside = [=, text = s.text](const ParamValues& params) -> std::string {
    if (array.shape().rank != 2)
      return "is bound to " + text + ", but '" + array.name() + "' is not a grid (its shape is " +
             (array.shape().rank == 0 ? std::string("a single element") : array.shape().to_string()) + ")";
    const int64_t n = extent(array, other, params);
    if (n < 0 || (fixed < n && fixed >= -n)) return "";
    return "is bound to " + text + ", but '" + array.name() + "' has " + std::to_string(n) + " " + what +
           (n == 1 ? "" : "s");
  };
  return s;
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

namespace loom {

Slice elements(const Handle& vector) {
  Slice s;
  s.element = [vector](const Index&, int64_t k, const ParamValues&) -> Binding { return vector(k); };
  s.size = [vector](const ParamValues& params) { return extent(vector, 0, params); };
  s.text = "the elements of '" + vector.name() + "'";
  s.outside = [vector, text = s.text](const ParamValues&) -> std::string {
    if (vector.shape().rank == 1) return "";
    return "is bound to " + text + ", but '" + vector.name() + "' is not a vector (its shape is " +
           (vector.shape().rank == 0 ? std::string("a single element")
                                     : vector.shape().to_string() + "; bind a row() or column() of it") +
           ")";
  };
  return s;
}

Slice row(const Handle& grid, int64_t r) { return line(grid, 1, r, "row"); }
Slice column(const Handle& grid, int64_t c) { return line(grid, 0, c, "column"); }

}  // namespace loom
