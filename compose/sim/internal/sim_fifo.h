// A channel's FIFO in the coupled simulator: its words beside their times
// (timed_fifo.h), and the process blocked on it.
// Internal to compose/sim: what the simulator's process (process.h) is built
// from, which no user of the simulator names. BUILD lets only compose/sim see it.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "compose/sim/timed_fifo.h"
#include "units/bits.h"

namespace loom {

class SimProcess;

namespace detail {

// A FIFO of words, with the cycle each word was written and read: bounded,
// or unbounded for the trace engine's functional run.
struct SimFifo : TimedFifo {
  unsigned stride;              // limbs per word
  std::vector<uint64_t> ring;   // times.ring_words() words
  SimProcess* waiter = nullptr;  // the one side blocked or parked on it (both cannot be: it is not full and empty)
  // Its two sides, for a non-blocking access that must know how far the
  // other has got (null where a port is unbound).
  SimProcess* reader = nullptr;
  SimProcess* writer = nullptr;
  // The first word whose write cycle its writer's stalled pipeline may still
  // move (SimOptions::PipelineStyle::stp), which no read may take yet, nor
  // any word after it; INT64_MAX: none.
  int64_t frozen_from = INT64_MAX;

  SimFifo(int bits, int64_t depth)
      : TimedFifo(bits, depth), stride(bits::limbs_for(static_cast<unsigned>(bits))), ring(times.ring_words() * stride, 0) {}
  uint64_t* slot(size_t s) { return ring.data() + s * stride; }
  // Room for the next write: an unbounded FIFO's words grow with its times.
  [[gnu::always_inline]] void make_room() {
    if (times.grew()) [[unlikely]]
      ring.resize(times.ring_words() * stride);
  }

  // A parked process answered on trust (Simulation::release_parked): its
  // other side promised to make no read (on_full) or no write before
  // `before`; `to` relied on it for its access at cycle `at`. INT64_MIN: no promise.
  // The side that promised checks it: at each non-blocking access, and on
  // its blocking ones once guarded (SimProcess::guard).
  struct Promise {
    int64_t before = INT64_MIN;
    std::string to;  // the process relying on it, by name
    int64_t at = 0;
  } no_read, no_write;
  void promise(bool on_full, int64_t before, std::string to, int64_t at) {
    Promise& p = on_full ? no_read : no_write;
    if (before > p.before) p = {before, std::move(to), at};
  }
};

}  // namespace detail
}  // namespace loom
