// TinyTPU's timing mechanisms in closed form: the cycle a landed row, a
// prefetched header and a dispatched instruction first appear on their
// channels, derived from the timing constants (compose/sim/control_timing.h,
// axi_timing.h, fifo_timing.h) and the units' declared pipelines, never
// from a run's output. The committed cycle table (machines/cycles/tinytpu.txt)
// is a snapshot; these hold the mechanisms behind it.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "compose/sim/axi_timing.h"
#include "compose/sim/control_timing.h"
#include "compose/sim/simulator.h"
#include "compose/sim/timeline.h"
#include "machines/tinytpu/assembler.h"
#include "machines/tinytpu/build.h"
#include "machines/tinytpu/tinytpu.h"
#include "units/library/tinytpu/accu.h"
#include "units/library/tinytpu/dma_ld.h"
#include "units/library/tinytpu/dma_st.h"
#include "units/library/tinytpu/pe.h"
#include "units/library/tinytpu/sequencer.h"
#include "units/library/tinytpu/spm.h"
#include "units/library/tinytpu/vru.h"
#include "units/library/tinytpu/wld.h"

namespace loom::tinytpu {
namespace {

struct Timed {
  Region region;
  Timeline timeline;
  SimResult result;
  // The (written, read) cycles of channel `name`'s words, in read order.
  const std::vector<std::pair<int64_t, int64_t>>& words(const std::string& name) const {
    for (size_t c = 0; c < region.channels.size(); ++c)
      if (region.channels[c].label() == name) return timeline.words(c);
    FAIL("no channel " << name);
    static const std::vector<std::pair<int64_t, int64_t>> none;
    return none;
  }
};

// Simulates `text` at the default build on random operands, every word timed.
Timed run(const std::string& text) {
  auto arch = architecture({});
  REQUIRE(arch.ok());
  auto composed = arch.value().compose({});
  REQUIRE(composed.ok());
  Timed t{std::move(composed).value(), {}, {}};
  const isa::Params p = isa_params(t.region);
  auto program = assemble_text(text, "mechanisms", p);
  INFO((program.ok() ? "" : program.status().to_string()));
  REQUIRE(program.ok());
  auto work = program_workload(t.region, program.value(), random_state(p, 5));
  REQUIRE(work.ok());
  SimOptions options;
  options.listeners = {&t.timeline};
  auto sim = simulate(t.region, work.value().inputs, options);
  REQUIRE(sim.ok());
  INFO(sim.value().summary());
  REQUIRE(sim.value().ok());
  CHECK(work.value().check(sim.value().arguments).ok());
  t.result = std::move(sim).value();
  return t;
}

// Two loads of A's first k-tile into vr, a word of the row-major matrix
// every MAXDIM / T = 4, then a GEMM tile so the program ends as a GEMM does.
const char* kTwoLoads = R"(dma_ld rows=4 route=2 dst=0 src=0 stride=4
dma_ld rows=4 route=2 dst=4 src=1 stride=4
dma_ld rows=4 route=1 dst=0 src=0 stride=4
mm rows=4 wgt=0 act=0 acc=0 dst=0
mvout rows=4 src=0 dst=0 stride=4
halt
)";

// The cycles a pipelined loop of `trips` trips at II=1 and `depth` stages,
// entered at `start`, its first trip waiting `wait` for DRAM, is left at.
int64_t loop_left(int64_t start, int64_t trips, int64_t wait, int64_t depth) {
  return start + kLoopEntry + wait + (trips - 1) + depth + kLoopExit;
}

TEST_CASE("dma_ld lands A and B in one burst loop, then serves every instruction's rows back to back", "[tinytpu][timing]") {
  const Timed t = run(kTwoLoads);
  const isa::Params p = isa_params(t.region);
  const int64_t depth = DmaLd<4>::pipeline.depth;
  // The landing loop: DRAM_WORDS trips from the process's start, the first
  // waiting for its burst's data (latency 0: the request at the trip).
  const int64_t landed = loop_left(kProcessStart, p.DRAM_WORDS, axi_read_latency(0), depth);
  // Then the header read, an iteration of its own, and the row loop entered:
  // its first trip reads the instruction and loads a landed row, and writes
  // the row to vr once the on-chip RAM gives it, its read latency in.
  const int64_t first_trip = landed + 1 + kLoopEntry;
  const auto& to_vr = t.words("dma2vr");
  REQUIRE(to_vr.size() == 8);
  CHECK(to_vr[0].first == first_trip + read_latency(Storage::single_port));
  // One flat loop: the second instruction's rows follow the first's with no
  // loop entry, drain or exit between them, a row a cycle.
  for (size_t r = 1; r < to_vr.size(); ++r) CHECK(to_vr[r].first == to_vr[r - 1].first + 1);
  // ... and the third's, to spm, right after.
  const auto& to_spm = t.words("dma2sp");
  REQUIRE(to_spm.size() == 4);
  CHECK(to_spm[0].first == to_vr.back().first + 1);
}

TEST_CASE("the sequencer prefetches 8 words a cycle in 16-beat bursts, headers first, then dispatches", "[tinytpu][timing]") {
  const Timed t = run(kTwoLoads);
  const int64_t depth = Sequencer::pipeline.depth;
  // The first beat holds every header: it is read at the prefetch loop's
  // first trip, once its burst's data is in, and each header leaves in that
  // trip's first stage (an m_axi read's word is there at the read).
  const int64_t first_trip = kProcessStart + kLoopEntry + axi_read_latency(0);
  const auto& c_dld = t.words("c_dld");
  REQUIRE(c_dld.size() == 1 + 3);  // the header, then dma_ld's three instructions
  CHECK(c_dld[0].first == first_trip);
  for (const char* queue : {"c_spm", "c_vru", "c_acc", "c_dst"}) CHECK(t.words(queue).at(0).first == c_dld[0].first);
  // The program (5 + 6 words) is in the first burst of 16 beats, which is
  // copied whole; the dispatch loop is entered after the copy loop is left,
  // and its first trip (the first dma_ld) dispatches once the program's RAM
  // gives the word, its read latency in.
  const int64_t copied = loop_left(kProcessStart, design::kFetchBurst, axi_read_latency(0), depth);
  CHECK(c_dld[1].first == copied + kLoopEntry + read_latency(Storage::single_port));
  CHECK(c_dld[2].first == c_dld[1].first + 1);  // one instruction a cycle
}

TEST_CASE("TinyTPU's constants, by value", "[tinytpu][timing]") {
  // Each unit's pipeline (ii, depth): the seed's for accu ("one flat loop at
  // II=1", depth 6), a free choice for the rest (docs/timing.md, "TinyTPU's
  // constants"); every loop at II=1, as the seed's units run.
  CHECK((Sequencer::pipeline.ii == 1 && Sequencer::pipeline.depth == 3));
  CHECK((DmaLd<4>::pipeline.ii == 1 && DmaLd<4>::pipeline.depth == 4));
  CHECK((Spm<4>::pipeline.ii == 1 && Spm<4>::pipeline.depth == 2));
  CHECK((Vru<4>::pipeline.ii == 1 && Vru<4>::pipeline.depth == 2));
  CHECK((Wld<4>::pipeline.ii == 1 && Wld<4>::pipeline.depth == 1));
  CHECK((Pe<4>::pipeline.ii == 1 && Pe<4>::pipeline.depth == 2));
  CHECK((Accu<4>::pipeline.ii == 1 && Accu<4>::pipeline.depth == 6));
  CHECK((DmaSt<4>::pipeline.ii == 1 && DmaSt<4>::pipeline.depth == 4));
  // The prefetch: 8 words a beat (512 bits), 16 beats a burst (UG1399's
  // default max_read_burst_length); ar's stores land 3 iterations on (the seed's RTL).
  CHECK(design::kFetchLanes == 8);
  CHECK(design::kFetchBurst == 16);
  CHECK(design::kArWriteLatency == 3);
  // The queues: instruction streams QD = 16 (the seed's), data streams
  // DATA_QD = 2 (hls::stream's default depth, UG1399), the shadow register 4 (the seed's).
  const isa::Params p = isa::kDefaults;
  CHECK(p.QD == 16);
  CHECK(p.DATA_QD == 2);
  auto arch = architecture({});
  REQUIRE(arch.ok());
  auto region = arch.value().compose({});
  REQUIRE(region.ok());
  bool shadow = false;
  for (const ChannelInstance& c : region.value().channels)
    if (c.name == "wq") {
      CHECK(c.depth == 4);
      shadow = true;
    }
  CHECK(shadow);
}

}  // namespace
}  // namespace loom::tinytpu
