// A static estimate of one invocation's cycles, from the actions and the
// composed structure alone: no body runs. Its window is a region whose units
// each run the invocation as one pipelined loop at their ii, started
// together, a unit fed by a channel starting when the first word has crossed
// the unit that sends it (docs/actions.md, "Cost"):
//
//   start(u) = max(control.start + control.entry + off-chip read latency of u,
//                  start(s) + latency(s) for every unit s sending to u)
//   end(u)   = start(u) + busy(u) + latency(u) + write response of u + control.exit
//   cycles   = max end(u) + control.done
//
// where busy is book()'s steps, or the cycles a channel it books takes to pass
// its words where that is longer (a FIFO of depth D passes at most D words
// every read-after-write + 1 cycles: book.h, busy()), and latency the
// kernel's crossing: a row through each instance's pipeline and its channel.
// A body of several loops pays each loop's entry, exit and drain besides,
// which this does not see: docs/actions.md gives the bound.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "actions/execute.h"
#include "actions/machine.h"
#include "actions/structure.h"

namespace loom::actions {

// The control costs a process pays, as the simulator's timing model states
// them (compose/sim/control_timing.h passes them in: this layer knows no
// compose/).
struct ControlCosts {
  int64_t start = 1, entry = 1, exit = 1, done = 1;
};

struct Estimate {
  struct UnitTime {
    std::string unit;
    int64_t work = 0, latency = 0, start = 0, end = 0;
    std::string port;  // the port its work is bound by: the busiest it books
    // The cycles its work takes: work, or more where a channel it books
    // passes under a word a cycle (book.h, busy()).
    int64_t busy = 0;
  };
  std::vector<UnitTime> units;  // in the order the instruction reaches them
  int64_t cycles = 0;
  std::string bottleneck, bottleneck_port;  // the unit that works longest, and its busiest port
};

Estimate estimate(const Machine& m, const Structure& structure, const Invocation& invocation, const ControlCosts& control);

}  // namespace loom::actions
