// The simulator's side of a process (compose/sim/simulator.cc implements it):
// what a process cannot do by itself.
// Internal to compose/sim: what the simulator's process (process.h) is built
// from, which no user of the simulator names. BUILD lets only compose/sim see it.
#pragma once

#include <string>

#include "compose/sim/internal/sim_fifo.h"

namespace loom {

class SimProcess;

namespace detail {

// What a process calls when it cannot go on by itself.
class Scheduler {
 public:
  virtual ~Scheduler() = default;
  // Suspends `p` until the other side of `f` makes room or a word; returns
  // when it may retry. Does not return when the run is stopping.
  virtual void block(SimProcess& p, SimFifo& f, int port, bool on_full) = 0;
  // Non-blocking access (docs/timing.md, "Non-blocking access"). The earliest
  // cycle `q` may yet access any FIFO at: INT64_MAX once it has finished.
  virtual int64_t horizon(const SimProcess& q) = 0;
  // Suspends `p`, whose non-blocking access (or probe) on `f` at cycle `at`
  // cannot be decided until the other side of `f` has got further: returns
  // true once the simulation proves that side can put nothing in view of
  // `at` (no word readable, no slot free by then), false when `f` changed
  // and `p` must look again. Does not return when the run is stopping.
  virtual bool park(SimProcess& p, SimFifo& f, int port, int64_t at, bool on_full) = 0;
  // `p` was blocked and may run again.
  virtual void wake(SimProcess& p) = 0;
  // Stops the run with a named error about `p`'s `port`; does not return.
  [[noreturn]] virtual void fail(SimProcess& p, const char* kind, int port, const std::string& message) = 0;
  // `p` passed its step limit (SimProcess::set_step_limit): a watchdog bound
  // was passed; does not return.
  [[noreturn]] virtual void out_of_bounds(SimProcess& p) = 0;
};

}  // namespace detail
}  // namespace loom
