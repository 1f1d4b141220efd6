// Why a simulation stopped before every process finished: a deadlock (no process
// can proceed) or the watchdog (a bound on cycles or steps ran out). It names
// every process that did not finish, what it waits on, the occupancy of each
// channel involved against its depth, and any cycle of processes waiting on each
// other, so that a hang becomes one readable report. It leads with the
// processes that cause the stop, and only then counts the ones waiting on them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace loom {

struct BlockedProcess {
  // Where it stopped: waiting on a channel, or not waiting at all.
  enum State {
    waits_to_read,   // on an empty channel
    waits_to_write,  // on a full one
    ready,           // woken, and not yet run again when the run stopped
    tripped,         // running: it passed the watchdog's bound
  };
  std::string process;  // "spm" or "tap[3]"
  std::string unit;
  State state = ready;
  std::string port;     // the port it waits on; empty when running
  std::string channel;  // the channel element bound to that port
  bool waits_on_full = false;  // a write waiting for space (else a read waiting for a word)
  int64_t occupancy = 0, depth = 0;
  std::string waits_for;  // the process at the channel's other end
  bool waits_for_finished = false;  // ... which has already finished: it will never come
  int64_t cycle = 0;                // the first cycle it did nothing: where its wait begins in a trace
  // Whether it causes the stop: it is on a wait-for cycle, waits on a
  // process that has finished (or on a channel with no other end), or does
  // not wait at all. Otherwise it is a knock-on: it waits on another
  // unfinished process, and would go on if that one did.
  bool cause = true;
  // Its waits on region arguments' m_axi interfaces (a read's data, a
  // write's response): how long in all, and the last one's argument, port
  // and end. A DRAM wait always ends, so it never blocks a process for
  // good, but a watchdog can stop a run inside one.
  int64_t dram_waited = 0;
  std::string dram_argument, dram_port;
  int64_t dram_until = -1;
};

struct DeadlockReport {
  enum Kind { deadlock, watchdog };
  Kind kind = deadlock;
  std::string watchdog_reason;  // which bound ran out
  int64_t cycle = 0;            // from this cycle on, no unfinished process does anything (a trace draws
                                // every wait through it, so they end at cycle + 1)
  int processes = 0;            // in the region
  std::vector<BlockedProcess> blocked;
  // Each cycle of processes waiting on one another, e.g. {"dma", "spm"}.
  std::vector<std::vector<std::string>> wait_cycles;
  // Each process whose last non-blocking accesses all failed, a poll that
  // may never be satisfied: "unit 'poller' port 'in' polled channel 'q'
  // 4999 times in a row and found it empty (its writer 'silent' has finished)".
  std::vector<std::string> polls;

  const BlockedProcess* find(const std::string& process) const;
  // The processes that cause the stop, in full, then the wait-for cycles,
  // then "and N more waiting on those", one short line each.
  std::string to_string() const;
};

// "read", "write", "ready to run" or "running, when it tripped the watchdog":
// what the report and the JSON call a state.
const char* to_string(BlockedProcess::State state);

}  // namespace loom
