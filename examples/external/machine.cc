// A machine of this workspace's own, composed from its units with Loom and
// registered with Loom's command line: a doubler and a writer.
#include <random>

#include "actions/builder.h"
#include "compose/place.h"
#include "doubler.h"
#include "machines/registry.h"
#include "units/built_values.h"

namespace mine {
namespace {

using namespace loom;
using BuiltLanes = BuiltValues<4, 8>;

template <unsigned T>
Architecture architecture() {
  ParameterSet p;
  p.param("T", T, T, T, "int16 lanes per word");
  p.param("N", 16, 1, 1 << 16, "words doubled");
  Architecture arch("doubler", p);
  Handle c = arch.channel<Lanes<T>>("doubled", one(), 2, "each word, doubled");
  Handle X = arch.argument<Lanes<T>>("X", "N", "the input");
  Handle Y = arch.argument<Lanes<T>>("Y", "N", "the output: 2 X, each lane kept to 16 bits");
  place<Doubler<T>>(arch, "doubler", one()).bind(Doubler<T>::X, X()).bind(Doubler<T>::out, c());
  place<Writer<T>>(arch, "writer", one()).bind(Writer<T>::in, c()).bind(Writer<T>::Y, Y());
  return arch;
}

template <unsigned T>
Workload workload(const Region& region, uint64_t seed) {
  std::mt19937_64 rng(seed);
  const auto x = random_rows<Lanes<T>>(region.params["N"], rng);
  std::vector<Lanes<T>> y = x;
  for (Lanes<T>& row : y)
    for (unsigned lane = 0; lane < T; ++lane) row.set_lane(lane, 2 * row.lane_signed(lane));
  Workload work{"doubling, seed " + std::to_string(seed), {{"X", Buffer::of(x)}}, {}, {{"Y", Buffer::of(y)}}};
  work.check = [y](const ArgumentContents& final) { return compare_rows("Y", final.at("Y").as<Lanes<T>>(), y); };
  return work;
}

Result<Workload> any_workload(const Region& region, uint64_t seed) {
  return BuiltLanes::with(region.params, "T", [&](auto t) { return workload<t>(region, seed); });
}

// Its action model, for `loom project`, `loom cost` and `loom conform`: one
// instruction over the N words.
Result<RegionModel> model(actions::Machine m, const Region& region) {
  using actions::rows;
  actions::InstructionBuilder b("double");
  b.load("doubler", "X.read", "x", rows("X"));
  b.compute("doubler", "twice", "add", {"x", "x"}, "y");
  b.send("doubler", "doubled", "y");
  b.receive("writer", "doubled", "z");
  b.store("writer", "Y.write", {"z"}, rows("Y"));
  m.instructions.push_back(b.done());
  return RegionModel{std::move(m), {{"double", {}, region.params["N"]}}};
}

const MachineRegistration registration({
    "doubler", "a machine from a workspace of its own (Loom's examples/external)",
    [](const Overrides& o) { return BuiltLanes::with(o, "T", 4, [](auto t) { return architecture<t>(); }); },
    any_workload, model});

}  // namespace
}  // namespace mine
