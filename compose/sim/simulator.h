// The simulator backend: a deterministic, cooperative, timed Kahn-process-network
// run of a composed region. Every process instance runs its unit's body on a
// stackful fiber of its own, one at a time on one thread, in a fixed order, so a
// run is the same on any host. Channels are bounded FIFOs of their declared
// depth. Timing follows docs/timing.md. When no process can proceed the run stops
// with a DeadlockReport instead of hanging; a watchdog bounds livelock.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "common/status.h"
#include "compose/region.h"
#include "units/buffer.h"
#include "compose/sim/deadlock_report.h"
#include "compose/sim/sim_listener.h"

namespace loom {

struct SimOptions {
  // Watchdog bounds, so that a livelock ends in seconds with a report. Raise them
  // (loom sim --max-cycles, --max-steps) for longer workloads.
  int64_t max_cycles = 100'000'000;  // a process's clock past this stops the run
  int64_t max_steps = 1'000'000'000;  // channel, memory and argument accesses, over all processes
  // Told of the run's events as they happen (sim_listener.h), each in this
  // order; none, and the run keeps no more than its statistics. Each must
  // outlive the run, and be listed once. One that throws stops the run with a
  // listener-threw error; nothing more is told to any of them.
  std::vector<SimListener*> listeners;
  size_t stack_bytes = 256 * 1024;        // per process; guarded, so an overflow faults instead of corrupting
  // Each channel's depth for this run, parallel to region.channels; empty:
  // each its declared depth (loom sim --depth, --depths).
  std::vector<int64_t> depths;
  // Which engine runs it (engine.h): the coupled simulator, which times each
  // access as its body makes it; or trace then time, which runs the bodies
  // once at unbounded depths, recording, and times the trace at `depths`.
  // Both report the same, but for a run that does not complete: the trace
  // engine leaves its arguments empty (the contents at a deadlock are the
  // coupled simulator's to give).
  enum class Engine { coupled, trace };
  Engine engine = Engine::coupled;
  // What a pipelined loop does when one access cannot proceed (UG1399,
  // `pragma HLS pipeline style`; docs/timing.md, "Pipeline styles"):
  // flushable, the stalled trip and the later ones wait while the trips ahead
  // of it go on (flp, frp); or stp, the stalled pipeline, where every trip in
  // flight waits, so a word a trip ahead would write during the stall leaves
  // after it. stp is the coupled engine's only (the trace engine refuses it),
  // and a region with a non-blocking access keeps flushable.
  enum class PipelineStyle { flushable, stp };
  PipelineStyle pipeline_style = PipelineStyle::flushable;
};

struct ProcessStats {
  std::string name;       // "tap[3]"
  std::string placement;  // "tap"
  std::string unit;       // "fir_tap"
  bool finished = false;
  int64_t start = 0;   // the cycle its first state runs
  int64_t finish = 0;  // one past its last channel access
  int64_t busy = 0, stalled_empty = 0, stalled_full = 0;
  int64_t stalled_dram = 0;  // on region arguments: a read's data or a write's response
  int64_t iterations = 0, steps = 0;
};

struct ChannelStats {
  std::string label;
  int64_t depth = 0;
  int64_t tokens = 0;         // words written into it
  int64_t max_occupancy = 0;  // the most words it held at once, in simulated time
  int64_t left = 0;           // words still in it when the run ended: written, never read
};

struct SimResult {
  enum Outcome { completed, deadlock, watchdog, error };
  Outcome outcome = completed;
  int64_t cycles = 0;  // when the last process finished
  int64_t steps = 0;
  int64_t resumes = 0;  // times a process was given the thread: steps / resumes is how long each ran
  ArgumentContents arguments;               // every region argument's final contents
  std::vector<ProcessStats> processes;      // parallel to region.processes
  std::vector<ChannelStats> channels;       // parallel to region.channels
  std::optional<DeadlockReport> report;     // for deadlock and watchdog
  Status errors;                            // for error: a body's access the region cannot serve

  bool ok() const { return outcome == completed; }
  // Words left in the channels when the run ended, over all of them.
  int64_t words_left() const;
  // The outcome in one paragraph: completed in N cycles, the report, or the
  // errors; a completed run with words left unread says where (in HLS C
  // simulation those are leftover data, which Vitis warns of).
  std::string summary() const;
};

// Region argument contents by name. An argument a process only reads must be
// given; any other that is not given starts zeroed.
using Inputs = ArgumentContents;

// Errors (before anything runs): unknown-argument, missing-input, input-word,
// input-size, null-listener (a listener that is nullptr), duplicate-listener
// (one listed twice), depths-size (depths not one per channel), invalid-depth
// (a depth below 1 or above kMaxFifoDepth), fifo-memory (depths whose rings
// would hold more than kMaxFifoBytes), no-simulator-entry (a unit placed without the
// simulator's hook, compose/backends.h). What happens during the run is in
// the SimResult.
Result<SimResult> simulate(const Region& region, const Inputs& inputs, const SimOptions& options = {});

// What simulate() refuses before anything runs.
Status check_run(const Region& region, const Inputs& inputs, const SimOptions& options);

// timing-dependent-design, naming each process whose unit makes
// non-blocking accesses (LOOM_NONBLOCKING), where `what` would rest on the
// Kahn assumption: a functional run, traced once and then timed, computes
// what a sequential run computes, which such a design does not. `what` says
// who refuses ("the trace engine").
Status check_kahn(const Region& region, const std::string& what);

}  // namespace loom
