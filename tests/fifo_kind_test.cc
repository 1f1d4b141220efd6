// A FIFO's kind as Vitis chooses it (compose/sim/fifo_timing.h): a shift
// register iff its depth is at most UG1399 config_storage's
// -auto_srl_max_depth (default 2) and its depth x width at most
// -auto_srl_max_bits (default 1024), else a RAM, whose reads LightningSim's
// fifo.rs times a cycle later. The rule is pinned by value, then timed in
// closed form on wide words, where bits alone decide, by both engines
// (the coupled simulator, and the trace timer the FIFO search re-times
// with) and by the actions' channel crossing.
#include <catch2/catch.hpp>

#include <optional>

#include "compose/action_view.h"
#include "compose/place.h"
#include "compose/sim/control_timing.h"
#include "compose/sim/fifo_storage.h"
#include "compose/sim/fifo_timing.h"
#include "compose/sim/fifo_times.h"
#include "compose/sim/simulator.h"
#include "compose/sim/trace_engine.h"
#include "tests/word_pair.h"
#include "units/unit.h"

namespace loom {
namespace {

TEST_CASE("a FIFO is a shift register iff depth <= 2 and depth x width <= 1024 bits: UG1399 config_storage defaults",
          "[timing][fifo]") {
  // UG1399 config_storage: -auto_srl_max_depth "the maximum allowed SRL
  // depth", default 2; -auto_srl_max_bits "the maximum allowed SRL total
  // bits (depth * width)", default 1024.
  CHECK(kAutoSrlMaxDepth == 2);
  CHECK(kAutoSrlMaxBits == 1024);
  // LightningSim fifo.rs: read after write 1 (shift register), 2 (RAM);
  // write after read 1 for both.
  CHECK(kShiftRegisterReadAfterWrite == 1);
  CHECK(kRamReadAfterWrite == 2);
  CHECK(kWriteAfterRead == 1);

  // Both limits at once: the deepest shift register holds 512-bit words, the
  // widest is one 1024-bit word deep.
  static_assert(is_shift_register(kAutoSrlMaxBits / kAutoSrlMaxDepth, kAutoSrlMaxDepth));
  static_assert(!is_shift_register(kAutoSrlMaxBits / kAutoSrlMaxDepth + 1, kAutoSrlMaxDepth));
  static_assert(is_shift_register(kAutoSrlMaxBits, 1));
  static_assert(!is_shift_register(kAutoSrlMaxBits + 1, 1));
  // Depth alone: a 1-bit FIFO 3 deep holds 3 bits and is still a RAM (where
  // LightningSim's newest fifo.rs, by bits alone, would say a shift register).
  static_assert(!is_shift_register(1, kAutoSrlMaxDepth + 1));
  static_assert(is_shift_register(1, kAutoSrlMaxDepth));
  // An unbounded FIFO (the trace engine's functional run) is a RAM, its
  // depth tested before any product overflows.
  static_assert(!is_shift_register(kAutoSrlMaxBits, kUnboundedDepth));
  // The delays by kind.
  static_assert(read_after_write(512, 2) == kShiftRegisterReadAfterWrite);
  static_assert(read_after_write(768, 2) == kRamReadAfterWrite);
  static_assert(read_after_write(8, 3) == kRamReadAfterWrite);

  // Storage by the same kind (fifo_storage.h): a shift register's bits in
  // SRLs, no BRAM; a RAM none in SRLs, its BRAM18s 1K x 18 at depth <= 1024,
  // width / 18 blocks and one more for a partial column.
  CHECK(fifo_register_bits(512, 2) == 512 * 2);
  CHECK(fifo_bram18s(512, 2) == 0);
  CHECK(fifo_register_bits(768, 2) == 0);
  CHECK(fifo_bram18s(768, 2) == 768 / 18 + (768 % 18 != 0 ? 1 : 0));
}

// K words of `W` written at II=1, read at II=2: the worked example of
// docs/timing.md ("producer II=1 -> consumer II=2, FIFO depth D") at any width.
template <class W>
Region wide_pair(int64_t k, int64_t qd) {
  return test::word_pair<W, 2>("wide_pair", k, qd);
}

constexpr int64_t K = 10;
constexpr int64_t S = kProcessStart;
constexpr int64_t D = 2;

// Token k (from S) is read at 2k + rw and written at
// max(k, 2(k - D) + rw + 1), the slot freeing the cycle after the read of
// token k - D; this holds while W_k + rw <= 2k, i.e. rw + 1 <= 2D, as it does
// at D = 2 for either kind. The consumer waits rw for token 0 and drains a
// cycle after its last read; the producer drains a cycle after its last write.
void check_closed_form(const SimResult& r, int64_t rw) {
  REQUIRE(r.outcome == SimResult::completed);
  const int64_t last_write = std::max(K - 1, 2 * (K - 1 - D) + rw + 1);
  const int64_t last_read = 2 * (K - 1) + rw;
  CHECK(r.processes[0].finish == S + last_write + 1);
  CHECK(r.processes[0].stalled_full == last_write - (K - 1));
  CHECK(r.processes[1].stalled_empty == rw);
  CHECK(r.processes[1].finish == S + last_read + 1);
  CHECK(r.cycles == S + last_read + 1 + kRegionDone);
  CHECK(r.channels[0].max_occupancy == D);
}

template <class W>
void check_kind(int64_t rw) {
  INFO(W::bits << "-bit words, depth " << D << ": " << W::bits * D << " bits");
  // Declared at D, and declared at 1 and run at D (options.depths, as the
  // FIFO search gives its assignments): the width comes from the channel's
  // word either way.
  for (int64_t declared : {D, int64_t{1}}) {
    INFO("declared depth " << declared);
    const Region region = wide_pair<W>(K, declared);
    SimOptions options;
    if (declared != D) options.depths = {D};
    auto coupled = simulate(region, {}, options);
    REQUIRE(coupled.ok());
    check_closed_form(coupled.value(), rw);
    // The trace timer itself (time_trace, not the trace engine, which could
    // fall back to the coupled simulator).
    const RecordedRun recorded = record_run(region, {}, {});
    const std::optional<SimResult> timed = time_trace(region, recorded, options);
    REQUIRE(timed.has_value());
    check_closed_form(*timed, rw);
  }
  // The actions' channel crossing reads the same delay (RegionView), and
  // their rate the FIFO's: D words every rw + kWriteAfterRead cycles.
  static_assert(fifo_period(W::bits, D) == read_after_write(W::bits, D) + kWriteAfterRead);
  const Region region = wide_pair<W>(K, D);
  int bound = 0;
  for (const auto& kernel : RegionView(region).kernels())
    for (const auto& b : kernel.bound)
      if (b.name == "c") {
        CHECK(b.read_after_write == rw);
        CHECK(b.rate.words == D);
        CHECK(b.rate.cycles == rw + kWriteAfterRead);
        ++bound;
      }
  CHECK(bound == 2);  // the producer's write and the consumer's read
}

TEST_CASE("a depth-2 FIFO of more than 1024 bits is timed as a RAM, of 512-bit words as a shift register, in both engines",
          "[timing][fifo]") {
  // 512 x 2 is exactly kAutoSrlMaxBits: a shift register, read a cycle
  // after its write.
  static_assert(512 * D == kAutoSrlMaxBits);
  check_kind<Word<8, 64>>(kShiftRegisterReadAfterWrite);
  // One bit wider, 768 bits and 1024 bits: past kAutoSrlMaxBits at a depth
  // within kAutoSrlMaxDepth, a RAM, read two cycles after its write.
  static_assert(513 * D > kAutoSrlMaxBits && 768 * D > kAutoSrlMaxBits && 1024 * D > kAutoSrlMaxBits);
  check_kind<Word<9, 57>>(kRamReadAfterWrite);
  check_kind<Word<12, 64>>(kRamReadAfterWrite);
  check_kind<Word<16, 64>>(kRamReadAfterWrite);
}

}  // namespace
}  // namespace loom
