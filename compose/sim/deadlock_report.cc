#include "compose/sim/deadlock_report.h"

namespace loom {

const char* to_string(BlockedProcess::State state) {
  switch (state) {
    case BlockedProcess::waits_to_read: return "read";
    case BlockedProcess::waits_to_write: return "write";
    case BlockedProcess::ready: return "ready to run";
    case BlockedProcess::tripped: return "running, when it tripped the watchdog";
  }
  return "";
}

const BlockedProcess* DeadlockReport::find(const std::string& process) const {
  for (const BlockedProcess& b : blocked)
    if (b.process == process) return &b;
  return nullptr;
}

namespace {

// Why the FIFO stops it: full, empty, or (a read of a FIFO with words in it)
// its words held back by the writer's stalled pipeline (SimOptions::PipelineStyle::stp).
std::string fifo_state(const BlockedProcess& b) {
  if (b.waits_on_full) return "full";
  return b.occupancy > 0 ? "its words held back by the writer's stalled pipeline" : "empty";
}

// "waits to read port 'in' on channel 'c' (empty, 0/2), written by emit,
// which has finished", and its DRAM waits: a process that causes the stop.
std::string cause_line(const BlockedProcess& b) {
  std::string out = "  " + b.process + " (" + b.unit + ") at cycle " + std::to_string(b.cycle) + ": ";
  const std::string dram = b.dram_waited == 0 ? ""
                           : "; it waited " + std::to_string(b.dram_waited) + " cycles on DRAM, the last on argument '" +
                                 b.dram_argument + "' (port '" + b.dram_port + "') until cycle " +
                                 std::to_string(b.dram_until);
  if (b.port.empty()) return out + std::string(loom::to_string(b.state)) + dram + "\n";
  out += "waits to " + std::string(loom::to_string(b.state)) + " port '" + b.port + "' on channel '" + b.channel + "' (" +
         fifo_state(b) + ", " + std::to_string(b.occupancy) + "/" + std::to_string(b.depth) + ")";
  if (!b.waits_for.empty())
    out += ", " + std::string(b.waits_on_full ? "read by " : "written by ") + b.waits_for +
           (b.waits_for_finished ? ", which has finished" : "");
  return out + dram + "\n";
}

// "tap[3] waits to read 'c[3]' (empty), written by tap[2]": a knock-on,
// which always waits on a channel whose other end did not finish.
std::string knock_on_line(const BlockedProcess& b) {
  return "  " + b.process + " waits to " + loom::to_string(b.state) + " '" + b.channel + "' (" +
         fifo_state(b) + "), " + (b.waits_on_full ? "read by " : "written by ") + b.waits_for +
         "\n";
}

}  // namespace

std::string DeadlockReport::to_string() const {
  std::string out = kind == deadlock ? "DEADLOCK" : "WATCHDOG (" + watchdog_reason + ")";
  out += " at cycle " + std::to_string(cycle) + ": " + std::to_string(blocked.size()) + " of " +
         std::to_string(processes) + " processes did not finish\n";
  out += "Caused by:\n";
  int knock_ons = 0;
  for (const BlockedProcess& b : blocked) {
    if (b.cause)
      out += cause_line(b);
    else
      ++knock_ons;
  }
  if (!polls.empty()) {
    out += "Polling:\n";
    for (const std::string& p : polls) out += "  " + p + "\n";
  }
  if (!wait_cycles.empty()) {
    out += "Wait-for cycles:\n";
    for (const auto& cycle_of : wait_cycles) {
      out += "  ";
      for (const std::string& p : cycle_of) out += p + " -> ";
      out += cycle_of.front() + "\n";
    }
  }
  if (knock_ons == 0) return out;
  out += "and " + std::to_string(knock_ons) + " more waiting on those:\n";
  for (const BlockedProcess& b : blocked)
    if (!b.cause) out += knock_on_line(b);
  return out;
}

}  // namespace loom
