// The peer //bench:sim_vs_systemc measures Loom's simulator against: the example
// machine (machines/example: a loader, a chain of FIR taps, a store) written by
// hand in SystemC, as a hardware architect would write it: one SC_THREAD per
// unit instance over bounded sc_fifos. It does the work Loom's run does, on the
// same words and lane arithmetic, and counts its accesses as Loom counts steps,
// so that the two are compared per step.
//
// SystemC elaborates once per OS process, so run_systemc_fir may be called at
// most once in a process.
#pragma once

#include <cstdint>
#include <vector>

#include "machines/example/words.h"

namespace loom::bench {

inline constexpr unsigned kPeerLanes = 4;  // T, as the published figures
using PeerSample = example::Sample<kPeerLanes>;
using PeerSum = example::Sum<kPeerLanes>;

enum class PeerTiming {
  untimed,      // blocking sc_fifo accesses only: no clock, no notion of cycles
  cycle_timed,  // as untimed, plus one wait() on an sc_clock edge per loop iteration
};

struct PeerRun {
  int64_t steps = 0;         // channel, memory and argument accesses, as Loom counts them
  double cpu_seconds = 0;    // process CPU time spent in sc_start(), elaboration excluded
  std::vector<PeerSum> y;    // the filtered output, one row per sample
};

// Filters `samples` through one tap per row of `weights`, with every FIFO
// `depth` words deep.
PeerRun run_systemc_fir(PeerTiming timing, const std::vector<PeerSample>& weights,
                        const std::vector<PeerSample>& samples, int depth);

}  // namespace loom::bench
