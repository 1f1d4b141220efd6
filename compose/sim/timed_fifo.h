// A channel's FIFO as time sees it: when each word was written and read, by
// the two edges compose/sim/fifo_timing.h gives. Both engines time a FIFO
// access through it, the coupled simulator with the words beside it
// (SimFifo, process.h) and the trace timer without (trace_timer.cc).
#pragma once

#include <cstdint>

#include "compose/sim/fifo_times.h"
#include "compose/sim/fifo_timing.h"
#include "compose/sim/process_clock.h"

namespace loom {

struct TimedFifo {
  FifoTimes times;
  int64_t read_after_write;  // by its kind, a shift register or a RAM: its words' bits and its depth

  TimedFifo(int bits, int64_t depth) : times(depth), read_after_write(loom::read_after_write(bits, depth)) {}
  int64_t depth() const { return times.depth(); }
  int64_t size() const { return times.writes() - times.reads(); }

  // `clock`'s process reads the next word on `port`: no sooner than its write
  // and the read-after-write delay; returns the read's cycle. Requires a word (!times.empty()).
  [[gnu::always_inline]] int64_t read(ProcessClock& clock, int port) {
    const int64_t at = clock.read(port, times.next_written_at() + read_after_write);
    times.read(at);
    return at;
  }
  // ...or writes the next, into the slot the read `depth` words earlier freed
  // (until `depth` words were written, none was). Requires room
  // (!times.full(), and for an unbounded FIFO times.grew() asked first);
  // returns the write's cycle.
  [[gnu::always_inline]] int64_t write(ProcessClock& clock, int port) {
    const int64_t freed = times.writes() < times.depth() ? 0 : times.slot_free_at() + kWriteAfterRead;
    const int64_t at = clock.write(port, freed);
    times.write(at);
    return at;
  }
};

}  // namespace loom
