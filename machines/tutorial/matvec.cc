// The tutorial's machine (docs/tutorial.md): y = W x for an R x C int8 matrix,
// composed from a loader, R chained rows each owning its row of W, and a store.
#include <random>

#include "actions/builder.h"
#include "compose/place.h"
#include "compose/wiring.h"
#include "machines/registry.h"
#include "machines/tutorial/loader.h"
#include "machines/tutorial/row.h"
#include "machines/tutorial/store.h"
#include "units/built_values.h"

namespace loom::tutorial {
namespace {

using BuiltLanes = BuiltValues<4, 8>;  // T sets the word types: one build each

template <unsigned T>
Architecture architecture() {
  ParameterSet p;
  p.param("T", T, T, T, "int8 lanes per word");
  p.param("R", 8, 1, 256, "rows of W: row units in the chain");
  p.param("C", 32, 1, 4096, "columns of W, and elements of x");
  p.param("QD", 2, 1, 64, "depth of every FIFO");
  p.require("T divides C", {"T", "C"}, [](const ParamValues& v) { return v["C"] % v["T"] == 0; });
  Architecture arch("matvec", p);
  Handle w = arch.channel<Lanes<T>>("w_chain", vec("R"), "QD", "rows of W for rows i.., then x");
  Handle y = arch.channel<Result32>("y_chain", vec("R"), "QD", "the results of rows 0..i");
  Handle kept = arch.memory<Lanes<T>>("w_row", "C/T", vec("R"));
  Handle W = arch.argument<Lanes<T>>("W", "R*C/T", "the matrix, row-major, T lanes a word");
  Handle X = arch.argument<Lanes<T>>("X", "C/T", "the vector");
  Handle Y = arch.argument<Result32>("Y", "R", "the product, one int32 a row");
  place<Loader<T>>(arch, "loader", one()).bind(Loader<T>::W, W()).bind(Loader<T>::X, X()).bind(Loader<T>::out, w(0));
  place<Row<T>>(arch, "row", vec("R"))
      .bind(Row<T>::in, same(w)).bind(Row<T>::out, next(w))
      .bind(Row<T>::y_in, previous(y)).bind(Row<T>::y_out, same(y))
      .bind(Row<T>::row, same(kept));
  place<Store>(arch, "store", one()).bind(Store::in, last(y)).bind(Store::Y, Y());
  return arch;
}

template <unsigned T>
Workload workload(const Region& region, uint64_t seed) {
  std::mt19937_64 rng(seed);
  const int64_t rows = region.params["R"], words = region.params["C"] / T;
  const auto w = random_rows<Lanes<T>>(rows * words, rng), x = random_rows<Lanes<T>>(words, rng);
  std::vector<Result32> y(static_cast<size_t>(rows));
  for (int64_t r = 0; r < rows; ++r) {
    int64_t sum = 0;
    for (int64_t c = 0; c < words * T; ++c)
      sum += w[static_cast<size_t>(r * words + c / T)].lane_signed(c % T) * x[static_cast<size_t>(c / T)].lane_signed(c % T);
    y[static_cast<size_t>(r)].set_lane(0, sum);
  }
  Workload work{"y = W x, T=" + std::to_string(T) + ": " + std::to_string(rows) + " x " + std::to_string(words * T) +
                    ", full-range int8, seed " + std::to_string(seed),
                {{"W", Buffer::of(w)}, {"X", Buffer::of(x)}}, {}, {{"Y", Buffer::of(y)}}};
  work.check = [y](const ArgumentContents& final) { return compare_rows("Y", final.at("Y").as<Result32>(), y); };
  return work;
}

Result<Workload> any_workload(const Region& region, uint64_t seed) {
  return BuiltLanes::with(region.params, "T", [&](auto t) { return workload<t>(region, seed); });
}

// The action model: the machine the composition implies, plus one instruction
// over the R rows of y, each row's actions those of row 0, the busiest unit of
// the chain. `loom project`, `loom cost` and `loom conform` read it.
Result<RegionModel> model(actions::Machine m, const Region& region) {
  const int64_t words = region.params["C"] / region.params["T"];
  using actions::rows;
  actions::InstructionBuilder b("matvec");
  b.load("loader", "X.read", "x", rows("X", 0, words, 0)).times(words).once();
  b.send("loader", "w_chain", "x").times(words).once();
  b.load("loader", "W.read", "w", rows("W", 0, words, words)).times(words);
  b.send("loader", "w_chain", "w").times(words);
  b.receive("row", "w_chain", "vector").times(words).once();
  b.receive("row", "w_chain", "matrix_row").times(words);
  b.store("row", "w_row.write", {"matrix_row"}, rows("w_row", 0, words, 0)).times(words);
  b.load("row", "w_row.read", "kept", rows("w_row", 0, words, 0), {"matrix_row"}).times(words);
  b.compute("row", "mac", "mac", {"vector", "kept"}, "y").times(words);
  b.send("row", "y_chain", "y");
  b.receive("store", "y_chain", "result");
  b.store("store", "Y.write", {"result"}, rows("Y"));
  m.instructions.push_back(b.done());
  return RegionModel{std::move(m), {{"matvec", {}, region.params["R"]}}};
}

const MachineRegistration registration({
    "matvec", "the tutorial's y = W x: a loader, R chained rows and a store (docs/tutorial.md)",
    [](const Overrides& o) { return BuiltLanes::with(o, "T", 4, [](auto t) { return architecture<t>(); }); },
    any_workload, model});

}  // namespace
}  // namespace loom::tutorial
