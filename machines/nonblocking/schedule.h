// The non-blocking machines' references: what each computes when its FIFOs
// behave as the RTL's do (docs/timing.md, "Non-blocking access"), derived
// here by hand from the timing rules (fifo_timing.h's delays) with no
// simulator: a write_nb lands iff the FIFO shows a free slot at its cycle, a
// read_nb finds a word iff its write plus the read-after-write delay has
// passed. Times are relative to the first trip of the loops, which enter
// together. What a workload checks, and what tests/nonblocking_test.cc holds
// the simulator to beside the closed forms.
#pragma once

#include <cstdint>
#include <vector>

namespace loom::nonblocking {

// A producer tries one write_nb a cycle, at trips 0..K-1, into a FIFO of
// `depth` words read by a consumer that reads one word every `consumer_ii`
// cycles once one is readable. Returns the trips whose write got in, and in
// `reads` (if not null) the cycle each of those words was read.
std::vector<int64_t> accepted_trips(int64_t k, int64_t depth, int64_t consumer_ii, int64_t read_after_write,
                                    std::vector<int64_t>* reads = nullptr);

// What the fetch/execute pair computes: instructions executed in program
// order (pc % B == B - 1 branches to pc + J), N of them, the last a halt.
struct FetchOutcome {
  int32_t sum = 0;          // of the pcs executed, wrapping as int32
  int64_t redirects = 0;    // taken branches among the first N - 1, and the halt
  int64_t squashed = 0;     // wrong-path instructions execute dropped
  int64_t fetched = 0;      // instructions fetch sent, the wrong path's too
  int64_t last_trip = 0;    // fetch's trip that sees the halt
};
// Each redirect costs `wrong_path` fetches: the trips between the branch's
// fetch and the first that sees its redirect.
FetchOutcome fetch_outcome(int64_t n, int64_t b, int64_t j, int64_t wrong_path);

}  // namespace loom::nonblocking
