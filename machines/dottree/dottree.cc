#include "machines/dottree/dottree.h"

#include <cmath>
#include <random>

#include "common/binary32.h"
#include "common/settings_line.h"
#include "compose/place.h"
#include "machines/dottree/reference.h"
#include "units/library/dottree/multiply.h"
#include "units/library/dottree/store.h"
#include "units/library/dottree/tree.h"

namespace loom::dottree {

std::string BuildKey::to_string() const {
  return settings_line({{"NUMERICS", numerics}, {"RED_LANES", lanes}, {"RED_IN_BITS", in_bits}});
}

Result<BuildKey> choose(const Overrides& overrides) {
  const auto given = [&](std::string_view name) -> std::optional<int64_t> {
    std::optional<int64_t> v;
    for (const auto& [n, value] : overrides)
      if (n == name) v = value;
    return v;
  };
  BuildKey key{given("NUMERICS").value_or(kExact), given("RED_LANES").value_or(kDefaultLanes), 0};
  key.in_bits = given("RED_IN_BITS").value_or(key.numerics == kRounding ? 32 : kDefaultExactBits);
  std::string list;
  for (const BuildKey& k : Built::keys) {
    if (k == key) return key;
    list += (list.empty() ? "" : "; ") + k.to_string();
  }
  return Error{"not-built", "configuration " + key.to_string(),
               "NUMERICS, RED_LANES and RED_IN_BITS set word types (ROUNDING's lanes are float32, so 32 bits), and this "
               "build has " + list};
}

namespace {

template <class N>
ParameterSet parameters() {
  constexpr BuildKey key = key_of<N>();
  ParameterSet p;
  p.param("NUMERICS", key.numerics, key.numerics, key.numerics,
          "0 EXACT (int8 operands, integer sums that never wrap), 1 ROUNDING (float32 lanes); sets word types");
  p.param("RED_LANES", key.lanes, key.lanes, key.lanes, "lanes the tree reduces: a power of two; sets word types");
  p.param("RED_IN_BITS", key.in_bits, key.in_bits, key.in_bits,
          "bits of each product lane on red_in: 16 or more for EXACT, 32 (float32) for ROUNDING; sets word types");
  p.param("ROWS", 16, 1, 1 << 20, "rows of X reduced per run: one output of each tap per row");
  p.param("QD", 2, 1, 1024, "depth of every FIFO");
  p.derive("LEVELS", [](const ParamValues& v) { return static_cast<int64_t>(levels(static_cast<unsigned>(v["RED_LANES"]))); },
           "levels of the tree: log2(RED_LANES)");
  p.derive("SUM_BITS", [](const ParamValues&) { return static_cast<int64_t>(N::sum_bits); },
           "bits of each tap's lanes: RED_IN_BITS + LEVELS for EXACT (a bit a level, so no sum wraps), 32 for ROUNDING");
  p.require("RED_LANES is a power of two, at least 2, so the tree has a level below its root", {"RED_LANES"},
            [](const ParamValues& v) { return v["RED_LANES"] >= 2 && (v["RED_LANES"] & (v["RED_LANES"] - 1)) == 0; });
  p.require("EXACT products hold int8 x int8 and the root fits 64 bits; ROUNDING lanes are 32 bits",
            {"NUMERICS", "RED_IN_BITS", "LEVELS"}, [](const ParamValues& v) {
              if (v["NUMERICS"] == kRounding) return v["RED_IN_BITS"] == 32;
              return v["RED_IN_BITS"] >= 16 && v["RED_IN_BITS"] + v["LEVELS"] <= 64;
            });
  return p;
}

template <class N>
Architecture architecture() {
  using Operand = typename N::Operand;
  Architecture arch("dottree", parameters<N>());
  Handle red_in = arch.channel<typename N::Leaves>("red_in", one(), "QD", "one packed word of RED_LANES products, per output");
  Handle tap_root = arch.channel<typename N::Root>("tap_root", one(), "QD", "the root tap: a row's whole sum");
  Handle tap_half = arch.channel<typename N::Half>("tap_half", one(), "QD", "the tap one level down: each half's sum");
  Handle weights = arch.memory<Operand>("weights", 1);
  Handle node = arch.memory<typename N::Node>("node", N::nodes, one(), MemoryTiming{.storage = Storage::registers});
  Handle W = arch.argument<Operand>("W", 1, "the weight row: one lane per product");
  Handle X = arch.argument<Operand>("X", "ROWS", "the rows reduced, one packed word each");
  Handle S = arch.argument<typename N::Root>("S", "ROWS", "each row's root: its dot product with W");
  Handle H = arch.argument<typename N::Half>("H", "ROWS", "each row's two halves, one level below the root");

  using M = Multiply<N>;
  place<M>(arch, "multiply", one()).bind(M::W, W()).bind(M::X, X()).bind(M::weights, weights()).bind(M::red_in, red_in());
  using T = Tree<N>;
  place<T>(arch, "tree", one())
      .bind(T::red_in, red_in())
      .bind(T::node, node())
      .bind(T::tap_root, tap_root())
      .bind(T::tap_half, tap_half());
  using St = Store<N>;
  place<St>(arch, "store", one()).bind(St::tap_root, tap_root()).bind(St::tap_half, tap_half()).bind(St::S, S()).bind(St::H, H());
  return arch;
}

// A float32 of random sign, a random mantissa and an exponent within 2^-8 .. 2^8,
// built from its bits so that every library draws the same ones.
float random_float(std::mt19937_64& rng) {
  const uint32_t sign = static_cast<uint32_t>(rng() & 1) << 31;
  const uint32_t exponent = static_cast<uint32_t>(127 - 8 + static_cast<int>(rng() % 17)) << 23;
  const uint32_t mantissa = static_cast<uint32_t>(rng()) & 0x7fffffu;
  return std::bit_cast<float>(sign | exponent | mantissa);
}

// What IEEE-754 arithmetic does at its edges: infinities, NaNs, subnormals,
// signed zeros, and finite values whose products or sums overflow.
float special_float(std::mt19937_64& rng) {
  static const float specials[] = {INFINITY, -INFINITY, NAN, -NAN, 1e-45f, -1e-45f, 1.17549435e-38f, 0.0f, -0.0f,
                                   3e38f, -3e38f, 1e20f, -1e20f, 1e-20f, 1.0f};
  if (rng() % 2 == 0) return random_float(rng);
  return specials[rng() % (sizeof specials / sizeof specials[0])];
}

// What the operands are drawn from: EXACT random int8 (or -128 and 127 where
// forced); ROUNDING random float32, or with IEEE specials mixed in.
enum class Draw { random, special };

template <class N>
typename N::Operand random_row(std::mt19937_64& rng, int64_t forced, Draw draw = Draw::random) {
  typename N::Operand row;
  for (unsigned l = 0; l < N::lanes; ++l) {
    if constexpr (N::exact) row.set_lane(l, forced != 0 ? forced : static_cast<int64_t>(rng() % 256) - 128);
    else row.set_lane_float(l, draw == Draw::special ? special_float(rng) : random_float(rng));
  }
  return row;
}

template <class N>
std::string lane_text(const auto& word, unsigned lane) {
  if constexpr (N::exact) return std::to_string(word.lane_signed(lane));
  else {
    char text[32];
    std::snprintf(text, sizeof text, "%.9g", static_cast<double>(word.lane_float(lane)));
    return text;
  }
}

// EXACT: bit for bit; ROUNDING: common/binary32.h's rule, a NaN matching
// only a NaN.
template <class N>
bool same_lane(const auto& a, const auto& b, unsigned lane) {
  if constexpr (!N::exact) return same_binary32(a.lane(lane).to_uint64(), b.lane(lane).to_uint64());
  return a.lane(lane) == b.lane(lane);
}

template <class N>
Workload workload_for(const Region& region, uint64_t seed) {
  std::mt19937_64 rng(seed);
  const int64_t rows = region.params["ROWS"];
  // EXACT, odd seeds: W all -128, and rows 0 and 1 all -128 and 127, reach the
  // widest sums of both signs; even seeds draw W at random too.
  // ROUNDING, seeds 2, 5, 8 ...: IEEE specials mixed in.
  const bool widest = N::exact && seed % 2 == 1;
  const Draw draw = !N::exact && seed % 3 == 2 ? Draw::special : Draw::random;
  const typename N::Operand w = random_row<N>(rng, widest ? -128 : 0, draw);
  std::vector<typename N::Operand> x;
  for (int64_t r = 0; r < rows; ++r) x.push_back(random_row<N>(rng, !widest ? 0 : r == 0 ? -128 : r == 1 ? 127 : 0, draw));
  Taps<N> expected = reference<N>(w, x);
  Workload work;
  work.description = std::string("DotTree, ") + (N::exact ? "EXACT int8" : "ROUNDING float32") + ", " +
                     std::to_string(N::lanes) + " lanes of " + std::to_string(N::leaf_bits) + " bits, " +
                     std::to_string(rows) + " rows, seed " + std::to_string(seed) +
                     (widest ? " (W all -128: the widest sums)" : draw == Draw::special ? " (IEEE specials)" : "");
  work.inputs = {{"W", Buffer::of(std::vector<typename N::Operand>{w})}, {"X", Buffer::of(x)}};
  work.expected = {{"S", Buffer::of(expected.S)}, {"H", Buffer::of(expected.H)}};
  if constexpr (!N::exact) work.binary32 = {"S", "H"};
  work.check = [expected](const ArgumentContents& final) {
    const auto text = [](const auto& word, unsigned lane) { return lane_text<N>(word, lane); };
    const auto same = [](const auto& a, const auto& b, unsigned lane) { return same_lane<N>(a, b, lane); };
    const auto s = final.at("S").as<typename N::Root>();
    const auto h = final.at("H").as<typename N::Half>();
    // S holds a sum a row of X, H the two halves' sums: S[r] and H[r][half].
    Status status = compare_rows(vector_shape("S"), s, expected.S, 10, text, same);
    status.merge(compare_rows(matrix_shape("H", 2), h, expected.H, 10, text, same));
    // EXACT: each tap holds its sum whole, or its lanes are too narrow for it.
    if constexpr (N::exact)
      for (size_t r = 0; r < s.size() && r < h.size() && status.ok(); ++r) {
        const int64_t held[] = {s[r].lane_signed(0), h[r].lane_signed(0), h[r].lane_signed(1)};
        for (int k = 0; k < 3; ++k)
          if (held[k] != expected.sums[3 * r + static_cast<size_t>(k)])
            status.add("tap-too-narrow", std::string(k == 0 ? "argument 'S'" : "argument 'H'") + " row " + std::to_string(r),
                       "holds " + std::to_string(held[k]) + ", but the exact sum is " +
                           std::to_string(expected.sums[3 * r + static_cast<size_t>(k)]) + ": SUM_BITS is too narrow for it");
      }
    return status;
  };
  return work;
}

}  // namespace

Result<Architecture> architecture(const Overrides& overrides) {
  auto key = choose(overrides);
  if (!key.ok()) return key.status();
  return Built::dispatch(key.value(), [](auto n) { return architecture<typename decltype(n)::type>(); });
}

BuildKey key_of(const Region& region) {
  return {region.params["NUMERICS"], region.params["RED_LANES"], region.params["RED_IN_BITS"]};
}

Result<Workload> workload(const Region& region, uint64_t seed) {
  const BuildKey key = key_of(region);
  auto built = choose({{"NUMERICS", key.numerics}, {"RED_LANES", key.lanes}, {"RED_IN_BITS", key.in_bits}});
  if (!built.ok()) return built.status();
  return Built::dispatch(key, [&](auto n) { return workload_for<typename decltype(n)::type>(region, seed); });
}

}  // namespace loom::dottree
