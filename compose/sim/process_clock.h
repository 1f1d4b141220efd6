// The timing of one process, as docs/timing.md describes it. A process is a
// pipelined loop: iteration i issues at s_i >= s_{i-1} + II, reads its inputs at
// s_i and writes its outputs depth - 1 cycles later. A new iteration begins when
// the body touches a channel port it already touched in the current one, which is
// what one trip round a flat loop does. A memory port counts too, as a read
// side and a write side (one read and one write a cycle, as a dual-ported RAM),
// so a loop that only loads and stores still takes a cycle an iteration; a
// fully partitioned memory is registers: however many of its rows one loop
// trip (LOOM_PIPELINE) touches, they touch one slot once, and only writing a
// row twice starts another iteration. Two
// edges stall an iteration:
//   read-after-write:  a token is read no earlier than its write + kChannelLatency;
//   write-after-read:  token k is written no earlier than the read of token k - D,
//                      where D is the FIFO's depth.
// A stall delays the iteration and every later one, as a stalled HLS pipeline does.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "compose/sim/sim_listener.h"
#include "units/unit_model.h"

namespace loom {

inline constexpr int64_t kChannelLatency = 1;

class ProcessClock {
 public:
  // Each stall is told to `listener`, if not null, as process `process`'s.
  ProcessClock(Pipeline pipeline, int ports, SimListener* listener, size_t process);

  // The watchdog's cycle bound: when the clock first passes `bound`, it sets
  // *alarm to INT64_MIN, the step limit the process's next access trips on
  // (SimProcess::step). Checked where the clock moves, not at every access.
  void set_alarm(int64_t bound, int64_t* alarm) {
    bound_ = bound;
    alarm_ = alarm;
  }

  // A read on `port` of a token written at `written`; returns the read's cycle.
  [[gnu::always_inline]] int64_t read(int port, int64_t written) {
    touch(port);
    stall(Interval::wait_empty, port, written + kChannelLatency);
    return issue_;
  }
  // A write on `port` whose FIFO slot frees at `freed` (the read of the token
  // D places earlier, or 0); returns the write's cycle.
  [[gnu::always_inline]] int64_t write(int port, int64_t freed) {
    touch(port);
    stall(Interval::wait_full, port, freed - lag_);
    return issue_ + lag_;
  }
  // A load or a store through memory or argument port `port`.
  [[gnu::always_inline]] void load(int port) { touch(port); }
  [[gnu::always_inline]] void store(int port) { touch(ports_ + port); }
  // An access to a fully partitioned memory in the body's `mark`-th marked loop
  // trip (LOOM_PIPELINE): registers, so any number of rows are read and
  // written within one iteration. Each trip of a loop over them alone is still
  // an iteration: all of a process's registers share one slot, touched once a
  // marked trip, and a `rewrite` (a row written twice) starts the next.
  void wire(int64_t mark, bool rewrite) {
    const int slot = 2 * ports_;
    if (rewrite) touched_in_[static_cast<size_t>(slot)] = iterations_;
    if (rewrite || mark != wire_mark_) {
      wire_mark_ = mark;
      touch(slot);
    }
  }

  // The cycle the process has reached: its current iteration's issue.
  int64_t now() const { return iterations_ == 0 ? 0 : issue_; }
  // When its last iteration has drained: depth cycles after that iteration
  // issued. Every access drains through every stage, and issue only grows.
  int64_t finish() const { return iterations_ == 0 ? 0 : issue_ + pipeline_.depth; }
  int64_t iterations() const { return iterations_; }
  int64_t stalled_empty() const { return stalled_[Interval::wait_empty]; }
  int64_t stalled_full() const { return stalled_[Interval::wait_full]; }
  int64_t busy() const { return finish() - stalled_empty() - stalled_full(); }

 private:
  // A new iteration begins when a port (or a port's write side) is touched a
  // second time in the current one. Before any access iterations_ is 0 and
  // issue_ is -II, so the first touch begins iteration 1 at cycle 0.
  [[gnu::always_inline]] void touch(int slot) {
    int64_t& last = touched_in_[static_cast<size_t>(slot)];
    if (last == iterations_) {
      issue_ += pipeline_.ii;
      ++iterations_;
      if (issue_ > bound_) [[unlikely]]
        *alarm_ = INT64_MIN;
    }
    last = iterations_;
  }
  [[gnu::always_inline]] void stall(Interval::Kind kind, int port, int64_t until) {
    if (until > issue_) [[unlikely]]
      stall_until(kind, port, until);
  }
  void stall_until(Interval::Kind kind, int port, int64_t until) {
    stalled_[kind] += until - issue_;
    if (listener_ != nullptr) listener_->on_stall(process_, {kind, issue_, until, port});
    issue_ = until;
    if (issue_ > bound_) [[unlikely]]
      *alarm_ = INT64_MIN;
  }

  Pipeline pipeline_;
  int64_t lag_;  // depth - 1: an iteration's writes leave this long after it issues
  int ports_;
  // The iteration in which each port (then each port's write side, then the
  // registers) was last touched; comparing with the current one saves clearing
  // a set every iteration.
  std::vector<int64_t> touched_in_;
  SimListener* listener_;
  size_t process_;
  int64_t issue_, iterations_ = 0;
  int64_t wire_mark_ = -1;  // the marked trip registers were last touched in
  int64_t stalled_[3] = {0, 0, 0};
  int64_t bound_ = INT64_MAX;  // never passed, so alarm_ is never used, until set_alarm()
  int64_t* alarm_ = nullptr;
};

}  // namespace loom
