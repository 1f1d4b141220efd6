// The cold paths of a simulated process that build messages: a trip over its
// II budget, and a marked loop inside a marked loop.
#include "compose/sim/process.h"

namespace loom {

namespace {

std::string plural(int64_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

}  // namespace

void SimProcess::over_budget() {
  const int64_t ii = clock_.ii();
  clock_.reopen_trip();  // its counts are still the trip's: no iteration began since
  std::string what;
  int first = -1;
  int64_t need = ii;
  for (size_t k = 0; k < unit_.ports.size(); ++k) {
    const int port = static_cast<int>(k);
    const int64_t reads = clock_.reads_in_trip(port), writes = clock_.writes_in_trip(port);
    const detail::SimStorage& s = storage_of_[k];
    const PortInfo& info = unit_.ports[k];
    std::string made, room;
    int64_t smallest = 1;
    if (s.bound) {
      const Storage kind = s.memory ? s.storage : Storage::simple_dual_port;
      const auto [all_reads, all_writes] = s.shared ? uses_of(s.buffer) : std::pair{reads, writes};
      if (fits(kind, all_reads, all_writes, ii)) continue;
      made = plural(all_reads, "load", "loads") + " and " + plural(all_writes, "store", "stores") + " of " +
             (s.memory ? "memory port '" + info.label() + "', a " + storage_ports(kind)
                       : "region argument port '" + info.label() + "' (m_axi: 1 read and 1 write channel, a beat a cycle each)") +
             (s.shared ? ", counting the other ports bound to the same " + std::string(s.memory ? "memory" : "argument") : "");
      smallest = smallest_ii(kind, all_reads, all_writes);
    } else {
      const int64_t uses = std::max(reads, writes);
      if (uses <= ii) continue;
      made = plural(uses, reads > 0 ? "read" : "write", reads > 0 ? "reads" : "writes") + " of stream port '" +
             info.label() + "' (a stream: 1 " + (reads > 0 ? "read" : "write") + " a cycle)";
      smallest = uses;
    }
    if (first < 0) first = port;
    what += (what.empty() ? "" : "; ") + made;
    need = std::max(need, smallest);
  }
  assert(first >= 0 && "a trip flagged over budget exceeds some port's");
  over_budget_ = false;
  scheduler_.fail(*this, "ii-over-budget", first,
                  "one trip of unit '" + unit_.name + "''s loop marked at " + unit_.source + ":" + std::to_string(trip_line_) + " made " + what +
                      "; at II=" + std::to_string(ii) + " a trip has " + plural(ii, "cycle", "cycles") +
                      ", so the smallest II that fits is " + std::to_string(need) +
                      " (declare it in the unit's Pipeline, or spread the accesses over more trips)");
  __builtin_unreachable();  // fail() does not return
}

void SimProcess::nested_trip(int line) {
  scheduler_.fail(*this, "nested-pipeline", -1,
                  "unit '" + unit_.name + "''s loop marked at " + unit_.source + ":" + std::to_string(line) +
                      " runs inside a trip of the loop marked at " + unit_.source + ":" + std::to_string(trip_line_) +
                      "; HLS pipelines one loop of a nest (it unrolls the loops inside a pipelined one), so mark only one");
  __builtin_unreachable();  // fail() does not return
}

void SimProcess::entry_in_trip() {
  scheduler_.fail(*this, "nested-pipeline", -1,
                  "unit '" + unit_.name + "' marks a loop entry (LOOM_LOOP_ENTRY) inside a trip of the loop marked at " +
                      unit_.source + ":" + std::to_string(trip_line_) +
                      "; a pipelined loop's body cannot enter another loop (HLS unrolls the loops inside it)");
  __builtin_unreachable();  // fail() does not return
}

void SimProcess::wait_outside_protocol(int line) {
  scheduler_.fail(*this, "wait-outside-protocol", -1,
                  "unit '" + unit_.name + "' waits (LOOM_WAIT) at " + unit_.source + ":" + std::to_string(line) +
                      " outside a protocol region; ap_wait() orders accesses only in one (UG1399, \"pragma HLS "
                      "protocol\"), so open it with LOOM_PROTOCOL(io) at the top of the scope");
  __builtin_unreachable();  // fail() does not return
}

}  // namespace loom
