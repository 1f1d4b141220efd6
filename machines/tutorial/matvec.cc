// The tutorial's machine (docs/tutorial.md): y = W x for an R x (C K T) int8
// matrix on an R x C grid of PEs. pe[r][c] keeps block (r, c) of W, K words of
// T lanes; x's chunk c enters the grid at the top of column c and passes down
// it, and row r's partial sum passes east along row r to the store.
#include <random>

#include "actions/builder.h"
#include "compose/place.h"
#include "compose/wiring.h"
#include "machines/registry.h"
#include "machines/tutorial/loader.h"
#include "machines/tutorial/pe.h"
#include "machines/tutorial/store.h"

namespace loom::tutorial {
namespace {

template <unsigned T>
Architecture architecture() {
  ParameterSet params;
  params.param("T", T, T, T, "int8 lanes per word");
  params.param("R", 4, 1, 64, "rows of W, and of the grid");
  params.param("C", 4, 1, 64, "columns of the grid: W's columns and x in C chunks");
  params.param("K", 2, 1, 4096, "words of a chunk: each PE keeps K words of W and reads K of x");
  params.param("QD", 2, 1, 64, "depth of every FIFO");
  Architecture arch("matvec", params);
  Handle x_down = arch.channel<Lanes<T>>("x_down", grid("R", "C"), "QD",
                                         "into pe[r][c] from above: W's blocks (r.., c), then x's chunk c");
  Handle p = arch.channel<Result32>("p", grid("R", "C"), "QD",
                                    "out of pe[r][c] to the east: row r's sum over columns 0..c");
  Handle block = arch.memory<Lanes<T>>("block", "K", grid("R", "C"));
  Handle W = arch.argument<Lanes<T>>("W", "R*C*K", "the matrix, row-major, T lanes a word");
  Handle X = arch.argument<Lanes<T>>("X", "C*K", "the vector");
  Handle Y = arch.argument<Result32>("Y", "R", "the product, one int32 a row");
  place<Loader<T>>(arch, "loader", one())
      .bind(Loader<T>::W, W())
      .bind(Loader<T>::X, X())
      .bind(Loader<T>::out, [x_down](const Index&, int64_t c) -> Binding { return x_down(0, c); });
  place<Pe<T>>(arch, "pe", grid("R", "C"))
      .bind(Pe<T>::x_in, same(x_down))
      .bind(Pe<T>::x_out, next(x_down, 0))
      .bind(Pe<T>::p_in, previous(p, 1))
      .bind(Pe<T>::p_out, same(p))
      .bind(Pe<T>::block, same(block));
  place<Store>(arch, "store", one()).bind(Store::y, column(p, -1)).bind(Store::Y, Y());
  return arch;
}

template <unsigned T>
Workload workload(const Region& region, uint64_t seed) {
  std::mt19937_64 rng(seed);
  const int64_t rows = region.params["R"], words = region.params["C"] * region.params["K"];
  const auto w = random_rows<Lanes<T>>(rows * words, rng), x = random_rows<Lanes<T>>(words, rng);
  std::vector<Result32> y(static_cast<size_t>(rows));
  for (int64_t r = 0; r < rows; ++r) {
    int64_t sum = 0;
    for (int64_t i = 0; i < words * T; ++i) {  // lane i % T of word i / T of x, and of row r of W
      const auto word = static_cast<size_t>(i / T);
      sum += w[static_cast<size_t>(r * words) + word].lane_signed(i % T) * x[word].lane_signed(i % T);
    }
    y[static_cast<size_t>(r)].set_lane(0, sum);
  }
  return Workload{
      .description = "y = W x, T=" + std::to_string(T) + ": " + std::to_string(rows) + " x " +
                     std::to_string(words * T) + ", full-range int8, seed " + std::to_string(seed),
      .inputs = {{"W", Buffer::of(w)}, {"X", Buffer::of(x)}},
      .check = [y](const ArgumentContents& final) {
        return compare_rows("Y", final.at("Y").as<Result32>(), y);
      },
      .expected = {{"Y", Buffer::of(y)}},
  };
}

// T sets the word types, so each lane count is a build of its own: this one
// has 4 and 8.
constexpr int64_t kBuiltLanes[] = {4, 8};

Result<Architecture> any_architecture(const Overrides& o) {
  auto t = choose_built(o, "T", kBuiltLanes, 4);
  if (!t.ok()) return t.status();
  return t.value() == 4 ? architecture<4>() : architecture<8>();
}

Result<Workload> any_workload(const Region& region, uint64_t seed) {
  return region.params["T"] == 4 ? workload<4>(region, seed) : workload<8>(region, seed);
}

// The action model: the machine the composition implies, plus one instruction
// over the R rows of y. The PEs are one unit over the grid, whose actions
// count the busiest PE's work (one of row 0: it receives K words of every row
// of W); the executor's values are whole rows.
Result<RegionModel> model(actions::Machine m, const Region& region) {
  const int64_t k = region.params["K"], words = region.params["C"] * k;
  using actions::rows;
  actions::InstructionBuilder b("matvec");
  b.load("loader", "X.read", "x", rows("X", 0, words, 0)).times(words).once();
  b.send("loader", "x_down", "x").times(words).once();
  b.load("loader", "W.read", "w", rows("W", 0, words, words)).times(words);
  b.send("loader", "x_down", "w").times(words);
  b.receive("pe", "x_down", "vector").times(k).once();
  b.receive("pe", "x_down", "matrix_row").times(k);
  b.compute("pe", "mac", "mac", {"vector", "matrix_row"}, "y").times(k);
  b.send("pe", "p", "y");
  b.receive("store", "p", "result");
  b.store("store", "Y.write", {"result"}, rows("Y"));
  m.instructions.push_back(b.done());
  return RegionModel{std::move(m), {{"matvec", {}, region.params["R"]}}};
}

const MachineRegistration registration({
    "matvec", "the tutorial's y = W x: a loader, an R x C grid of PEs and a store (docs/tutorial.md)",
    any_architecture, any_workload, model});

}  // namespace
}  // namespace loom::tutorial
