// What `loom hls` proves before it writes anything: each testbench run,
// simulated at the FIFO depths the project emits, completes within every
// loop's II budget and leaves the outputs the testbench expects. C simulation
// cannot show a deadlock (it runs the processes one after another over
// unbounded streams), so this is the only place one is caught before cosim.
// A timing-dependent region's run that expects nothing takes its expected
// values from here: Loom's simulation is the only reference such a region has.
#include "compose/hls/presimulate.h"

#include "common/binary32.h"
#include "compose/hls/emit_internal.h"
#include "compose/sim/simulator.h"

namespace loom::hls {
namespace {

// As the testbench compares them: bit for bit, or by 32-bit lanes under
// common/binary32.h's rule.
bool same_contents(const Buffer& got, const Buffer& expected, bool binary32) {
  if (!binary32 || !(got.word() == expected.word()) || got.rows() != expected.rows()) return got == expected;
  for (int64_t r = 0; r < got.rows(); ++r)
    for (unsigned l = 0; l < got.stride(); ++l)
      for (int half = 0; half < 2; ++half)
        if (!same_binary32(got.row(r)[l] >> (32 * half), expected.row(r)[l] >> (32 * half))) return false;
  return true;
}

}  // namespace

Result<std::vector<TestRun>> presimulate(const Region& region, const std::vector<TestRun>& runs) {
  Status status;
  std::vector<TestRun> emitted = runs;
  // Only the runs that expect nothing take the simulation's outputs: one that
  // gives a reference is held to it, whatever the region.
  const bool fill = detail::simulated_reference(region);
  for (TestRun& run : emitted) {
    const std::string where = "test run '" + run.name + "'";
    const bool simulated_run = fill && run.expected.empty();
    // Why a run that does not complete leaves the project without expected values.
    const std::string unexpected =
        simulated_run ? "; it expects no output, and its outputs, which a non-blocking access reaches, have no "
                        "reference but Loom's simulation, so the testbench has nothing to compare"
                      : "";
    // As the testbench does, an argument the run does not give starts zeroed.
    Inputs inputs = run.inputs;
    for (const ArgumentInstance& a : region.arguments) inputs.emplace(a.name, Buffer(a.word, a.size));
    auto simulated = simulate(region, inputs);
    if (!simulated.ok()) {
      status.merge(simulated.status());
      continue;
    }
    const SimResult& r = simulated.value();
    switch (r.outcome) {
      case SimResult::completed: break;
      case SimResult::error:
        for (const Error& e : r.errors.errors()) status.add(e.kind, where + " " + e.where, e.message + unexpected);
        continue;
      case SimResult::deadlock: {
        std::string cycle;
        for (const auto& names : r.report->wait_cycles) {
          std::string text;
          for (const std::string& n : names) text += n + " -> ";
          cycle += (cycle.empty() ? "" : "; ") + text + names.front();
        }
        status.add("hls-deadlock", where,
                   "deadlocks at the emitted FIFO depths" +
                       (cycle.empty() ? std::string(" (no wait-for cycle: a process waits on one that finished)")
                                      : ", wait-for cycle " + cycle) +
                       "; C simulation would pass it, with unbounded streams, and co-simulation would hang. "
                       "Deepen a FIFO on the cycle" + unexpected + ". The simulator's report:\n" + r.report->to_string());
        continue;
      }
      case SimResult::watchdog:
        status.add("hls-watchdog", where,
                   "did not finish within the simulator's bounds" + unexpected + ":\n" + r.report->to_string());
        continue;
    }
    if (simulated_run) {
      for (const ArgumentInstance& a : region.arguments)
        if (detail::is_output(region, a)) run.expected.emplace(a.name, r.arguments.at(a.name));
      run.expected_simulated = true;
      continue;
    }
    for (const auto& [name, expected] : run.expected) {
      auto got = r.arguments.find(name);
      if (got != r.arguments.end() && !same_contents(got->second, expected, run.binary32.count(name) > 0))
        status.add("hls-test-mismatch", where + " argument '" + name + "'",
                   "the region, simulated, leaves other contents than the run expects, so the testbench would fail");
    }
  }
  if (!status.ok()) return status;
  return emitted;
}

}  // namespace loom::hls
