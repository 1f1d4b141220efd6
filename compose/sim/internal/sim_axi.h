// A region argument port's m_axi interface as both engines time it: the
// coupled simulator's process (process.h) and the trace timer
// (trace_timer.cc), by the delays compose/sim/axi_timing.h gives.
// Internal to compose/sim: what the simulator's process (process.h) is built
// from, which no user of the simulator names. BUILD lets only compose/sim see it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "compose/sim/axi_timing.h"
#include "compose/sim/process_clock.h"
#include "compose/sim/trace.h"
#include "units/argument.h"

namespace loom::detail {

// A region argument port's m_axi interface: the read burst in progress and
// the last bursts' ends, as axi_timing.h times them. A burst is what Vitis
// infers in a pipelined loop: reads of consecutive rows in consecutive
// iterations of one run; it is requested in pieces of up to burst_beats
// beats (each axi_beat_bits wide: an element, or several where the argument
// is widened), none across a 4 KiB boundary, where axi_burst_count says.
struct SimAxi {
  AxiTiming timing;
  int64_t bytes = 1;       // an element's bytes on the port (axi_element_bits)
  int64_t beat_bytes = 1;  // a beat's (axi_beat_bits): a power of two, a multiple of `bytes`
  int64_t run = -1, iteration = -1, next_row = -1;  // the burst in progress
  int64_t beats = 0;                                // the beats its piece in progress has begun
  int64_t request = INT64_MIN / 2;  // when its request went out
  int64_t ready = 0;                // when its data can be read
  int64_t last_read = 0;            // its latest beat
  int64_t bursts = 0;               // read bursts so far
  std::vector<int64_t> tails;       // the last beat of each of the last read_outstanding bursts, a ring

  explicit SimAxi(const AxiTiming& timing, int element_bits)
      : timing(timing),
        bytes(axi_element_bits(element_bits) / 8),
        beat_bytes(axi_beat_bits(timing, element_bits) / 8),
        tails(static_cast<size_t>(timing.read_outstanding), 0) {}

  // What a read of `row` in the clock's current iteration is to the burst
  // in progress: part of its piece, the first of the next piece (a row that
  // begins a page, or a beat past burst_beats), or the first of a new burst.
  // It depends on the rows and the clock's iterations and runs alone, never
  // on time; the trace timer replays what it said.
  ProcessTrace::Op classify(const ProcessClock& clock, int64_t row) {
    const bool consecutive = clock.run() == run && clock.iterations() == iteration + 1 && row == next_row;
    next_row = row + 1;
    const int64_t at = row * bytes;
    const bool new_beat = (at & (beat_bytes - 1)) == 0;
    if (!consecutive) {
      beats = 1;
      return ProcessTrace::kBurst;
    }
    if (at % kAxiBurstBoundaryBytes == 0 || (new_beat && beats == timing.burst_beats)) {
      beats = 1;
      return ProcessTrace::kBurstNext;
    }
    if (new_beat) ++beats;
    return ProcessTrace::kBeat;
  }
  // Times the read `kind` classified, the k-th access of the iteration to
  // argument port `port`: a new burst's request goes out `latency` cycles of
  // the pipeline's progress ahead of the read (ProcessClock::request_time),
  // one a cycle; the next piece of a split one right after the piece before.
  // Each waits for the burst read_outstanding before it.
  void read(ProcessClock& clock, int port, int64_t k, ProcessTrace::Op kind) {
    if (kind != ProcessTrace::kBeat) {
      const int64_t window = timing.read_outstanding;
      if (bursts > 0) tails[static_cast<size_t>((bursts - 1) % window)] = last_read;
      request = kind == ProcessTrace::kBurstNext ? request + 1
                                                 : std::max(clock.request_time(timing.latency), request + 1);
      ready = request + axi_read_latency(timing.latency);
      if (bursts >= window)
        ready = std::max(ready, tails[static_cast<size_t>((bursts - window) % window)] + axi_outstanding_gap(timing.latency));
      ++bursts;
      run = clock.run();
    }
    iteration = clock.iterations();
    last_read = clock.dram_read(port, k, ready);
  }
  // The k-th write of the iteration to argument port `port` leaves with its
  // iteration's outputs; its burst's response comes back axi_write_response
  // cycles after its last beat, which the latest write's response bounds.
  void write(ProcessClock& clock, int port, int64_t k) const {
    clock.await_response(port, clock.dram_write_cycle(k) + axi_write_response(timing.latency));
  }
};

}  // namespace loom::detail
