// What every simulated run's statistics must satisfy, whatever the region:
// the tests of the timing model and of every machine hold their runs to it.
#pragma once

#include <catch2/catch.hpp>

#include <map>

#include "compose/sim/control_timing.h"
#include "compose/sim/simulator.h"
#include "compose/sim/timeline.h"

namespace loom::test {

// Every process's statistics, held by identity to the run's own timeline:
// its busy and blocked stretches tile [kProcessStart, finish] exactly once;
// each kind of stall adds up to its own figure; and busy + stalled empty +
// stalled full + stalled on DRAM = finish - kProcessStart. A count that
// absorbed another (a write-blocked stall counted busy) breaks the second.
inline void held_by_identity(const SimResult& r, const Timeline& timeline) {
  for (size_t n = 0; n < r.processes.size(); ++n) {
    const ProcessStats& p = r.processes[n];
    INFO("process " << p.name);
    int64_t cursor = kProcessStart;
    std::map<Interval::Kind, int64_t> by_kind;
    for (const Interval& i : timeline.intervals(n)) {
      CHECK(i.begin == cursor);
      CHECK(i.end > i.begin);
      by_kind[i.kind] += i.end - i.begin;
      cursor = i.end;
    }
    CHECK(cursor == p.finish);
    CHECK(by_kind[Interval::busy] == p.busy);
    CHECK(by_kind[Interval::wait_empty] == p.stalled_empty);
    CHECK(by_kind[Interval::wait_full] == p.stalled_full);
    CHECK(by_kind[Interval::wait_dram] == p.stalled_dram);
    CHECK(p.busy + p.stalled_empty + p.stalled_full + p.stalled_dram == p.finish - kProcessStart);
  }
}

}  // namespace loom::test
