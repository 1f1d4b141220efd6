// What a run reports as it happens, to whoever subscribes to it
// (SimOptions::listeners): the timeline (timeline.h) and the trace drawn from
// it (chrome_trace.h) are views that subscribe, as LLVM MCA's views subscribe
// to its hardware events, so the run records nothing for a view that nobody
// asked for. What the run counts anyway is in its SimResult, which the text
// report and the JSON output (sim_report.h) format once it has ended.
//
// Events come on the simulator's thread. One process's stalls come in the
// order of its clock, one channel's words in the order they were read; across
// processes and channels they come in execution order, which is not simulated
// time. Indices are the region's: processes[p], channels[c].
#pragma once

#include <cstddef>
#include <cstdint>

namespace loom {

struct Region;
struct SimResult;

// A stretch of a process's time: busy, or blocked on a channel.
struct Interval {
  enum Kind { busy, wait_empty, wait_full, wait_dram };
  Kind kind;
  int64_t begin, end;  // cycles, [begin, end)
  int port = -1;       // the channel (or, for wait_dram, argument) port waited on
  friend bool operator==(const Interval&, const Interval&) = default;
};

class SimListener {
 public:
  virtual ~SimListener() = default;

  // The run is about to start on `region`, which outlives it.
  virtual void on_begin(const Region& region) { (void)region; }
  // Process `process` waited over [stall.begin, stall.end) on channel port
  // stall.port, to read (wait_empty) or to write (wait_full), or on argument
  // port stall.port's m_axi interface (wait_dram: a read's data or a write's
  // response). A process the run
  // ended blocked gets its last wait, up to the report's cycle + 1, at the end.
  virtual void on_stall(size_t process, const Interval& stall) {
    (void)process;
    (void)stall;
  }
  // A word of channel element `channel` was written at cycle `written` and
  // read at `read`; read is -1 for a word still held when the run ended.
  // Only if some subscriber wants_words(): telling each word costs the run a
  // call per read.
  virtual void on_word(size_t channel, int64_t written, int64_t read) {
    (void)channel;
    (void)written;
    (void)read;
  }
  virtual bool wants_words() const { return true; }
  // The run has ended with `result`, which is the caller's once this returns:
  // keep a copy of what is needed, not the reference. No event follows, and
  // the region need not outlive the call either.
  virtual void on_end(const SimResult& result) { (void)result; }
};

}  // namespace loom
