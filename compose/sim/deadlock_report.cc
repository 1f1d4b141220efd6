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

std::string DeadlockReport::to_string() const {
  std::string out = kind == deadlock ? "DEADLOCK" : "WATCHDOG (" + watchdog_reason + ")";
  out += " at cycle " + std::to_string(cycle) + ": " + std::to_string(blocked.size()) + " of " +
         std::to_string(processes) + " processes did not finish\n";
  out += "Blocked processes:\n";
  for (const BlockedProcess& b : blocked) {
    out += "  " + b.process + " (" + b.unit + ") at cycle " + std::to_string(b.cycle) + ": ";
    const std::string dram = b.dram_waited == 0 ? ""
                             : "; it waited " + std::to_string(b.dram_waited) + " cycles on DRAM, the last on argument '" +
                                   b.dram_argument + "' (port '" + b.dram_port + "') until cycle " +
                                   std::to_string(b.dram_until);
    if (b.port.empty()) {
      out += std::string(loom::to_string(b.state)) + dram + "\n";
      continue;
    }
    out += "waits to " + std::string(loom::to_string(b.state)) + " port '" + b.port + "' on channel '" + b.channel + "' (" +
           (b.waits_on_full ? "full" : "empty") + ", " + std::to_string(b.occupancy) + "/" + std::to_string(b.depth) +
           ")";
    if (!b.waits_for.empty())
      out += ", " + std::string(b.waits_on_full ? "read by " : "written by ") + b.waits_for +
             (b.waits_for_finished ? ", which has finished" : "");
    out += dram + "\n";
  }
  if (!wait_cycles.empty()) {
    out += "Wait-for cycles:\n";
    for (const auto& cycle_of : wait_cycles) {
      out += "  ";
      for (const std::string& p : cycle_of) out += p + " -> ";
      out += cycle_of.front() + "\n";
    }
  }
  return out;
}

}  // namespace loom
