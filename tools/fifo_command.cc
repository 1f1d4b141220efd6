// `loom fifo`: the search, its confirmation by simulation, and its report.
#include "tools/fifo_command.h"

#include <fmt/format.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>

#include "common/report.h"
#include "compose/sim/fifo_search.h"
#include "compose/sim/fifo_storage.h"
#include "compose/sim/fifo_timing.h"

namespace loom {
namespace {

// "2 BRAM18" or "64b SRL": one FIFO's storage by its kind.
std::string storage(int64_t bits, int64_t depth) {
  const int64_t brams = fifo_bram18s(bits, depth);
  return brams > 0 ? std::to_string(brams) + " BRAM18" : std::to_string(fifo_register_bits(bits, depth)) + "b SRL";
}

nlohmann::json storage_json(int64_t bits, int64_t depth) {
  return {{"bram18", fifo_bram18s(bits, depth)}, {"register_bits", fifo_register_bits(bits, depth)}};
}

Error unconfirmed(const Region& region, size_t run, const std::string& message) {
  return Error{"fifo-unconfirmed", "run " + std::to_string(run) + " of region '" + region.name + "'", message};
}

}  // namespace

Result<FifoConfirmation> confirm_fifo_depths(const Region& region, const std::vector<Inputs>& runs,
                                             const FifoSearch& search, double tolerance,
                                             const FifoSearchOptions& options) {
  const std::string at = " at the depths found";
  if (search.found_run_cycles.size() != runs.size() || search.unbounded_run_cycles.size() != runs.size())
    return Error{"fifo-unconfirmed", "region '" + region.name + "'",
                 "the search gave cycles for " + std::to_string(search.found_run_cycles.size()) + " runs, and there are " +
                     std::to_string(runs.size())};
  SimOptions sim;
  sim.depths = search.depths;
  sim.max_cycles = options.max_cycles;
  sim.max_steps = options.max_steps;
  FifoConfirmation out;
  for (size_t r = 0; r < runs.size(); ++r) {
    auto run = simulate(region, runs[r], sim);
    if (!run.ok()) return run.status();
    const SimResult& got = run.value();
    if (!got.ok()) return unconfirmed(region, r, "does not complete" + at + ", which the search claims it does:\n" + got.summary());
    const int64_t claimed = search.found_run_cycles[r];
    if (claimed < 0)
      return unconfirmed(region, r, "takes " + std::to_string(got.cycles) + " cycles" + at +
                                        " in simulation; the search claims no passing time for it (never timed there)");
    if (got.cycles != claimed)
      return unconfirmed(region, r, "takes " + std::to_string(got.cycles) + " cycles" + at + " in simulation; the search claims " +
                                        std::to_string(claimed));
    // The search's own bound (fifo_search.cc): a run may take this much more than unbounded.
    const int64_t unbounded = search.unbounded_run_cycles[r];
    const auto bound = static_cast<int64_t>(std::floor(static_cast<double>(unbounded) * (1 + tolerance)));
    if (got.cycles > bound)
      return unconfirmed(region, r, "takes " + std::to_string(got.cycles) + " cycles" + at + ", past the tolerance's " +
                                        std::to_string(bound) + " (" + std::to_string(unbounded) + " unbounded)");
    out.cycles += got.cycles;
    ++out.runs;
  }
  if (out.cycles != search.found_cycles)
    return Error{"fifo-unconfirmed", "region '" + region.name + "'",
                 "its runs take " + std::to_string(out.cycles) + " cycles" + at + " in simulation, summed; the search claims " +
                     std::to_string(search.found_cycles)};
  return out;
}

int fifo_command(const MachineEntry& machine, const Region& region, const FifoCommand& command) {
  std::vector<Inputs> runs;
  std::string workload;
  auto tests = hls_extension(machine).runs(region);
  if (!tests.ok()) return exit_reporting(tests.status());
  for (const hls::TestRun& t : tests.value()) runs.push_back(t.inputs);
  workload = std::to_string(runs.size()) + " testbench runs (the HLS testbench's)";

  FifoSearchOptions options;
  options.tolerance = command.tolerance_percent / 100;
  auto searched = search_fifo_depths(region, runs, options);
  if (!searched.ok()) return exit_reporting(searched.status());
  const FifoSearch& s = searched.value();
  // Held to simulation before anything is written or shown.
  auto confirmed = confirm_fifo_depths(region, runs, s, options.tolerance, options);
  if (!confirmed.ok()) return exit_reporting(confirmed.status());
  const FifoConfirmation& k = confirmed.value();

  int64_t bram_before = 0, bram_after = 0, srl_before = 0, srl_after = 0;
  nlohmann::json depths = nlohmann::json::object(), channels = nlohmann::json::array();
  for (const ChannelSizing& c : s.channels) {
    bram_before += fifo_bram18s(c.bits, c.declared);
    bram_after += fifo_bram18s(c.bits, c.found);
    srl_before += fifo_register_bits(c.bits, c.declared);
    srl_after += fifo_register_bits(c.bits, c.found);
    depths[c.label] = c.found;
    channels.push_back({{"channel", c.label}, {"bits", c.bits}, {"declared", c.declared},
                        {"unbounded_max", c.unbounded_max}, {"found", c.found},
                        {"storage_declared", storage_json(c.bits, c.declared)},
                        {"storage_found", storage_json(c.bits, c.found)}});
  }
  if (!command.out.empty()) {
    nlohmann::json file = {{"machine", machine.name}, {"region", region.name}, {"tolerance_percent", command.tolerance_percent},
                           {"depths", depths}};
    std::ofstream out(command.out);
    out << file.dump(2) << "\n";
    out.close();  // a full disk shows only once the buffer is written
    if (out.fail()) return exit_reporting(Error{"depths-file", "file '" + command.out + "'", "could not be written"});
  }
  const double retimings_per_second = s.search_seconds > 0 ? static_cast<double>(s.run_retimings) / s.search_seconds : 0;
  if (command.json) {
    nlohmann::json j = {{"machine", machine.name},
                        {"region", region.name},
                        {"workload", workload},
                        {"runs", runs.size()},
                        {"tolerance_percent", command.tolerance_percent},
                        {"channels", channels},
                        {"cycles", {{"unbounded", s.unbounded_cycles}, {"declared", s.declared_cycles}, {"found", s.found_cycles}}},
                        {"declared_deadlocks", s.declared_deadlocks},
                        {"confirmed", {{"runs", k.runs}, {"cycles", k.cycles}}},
                        {"storage", {{"declared", {{"bram18", bram_before}, {"register_bits", srl_before}}},
                                     {"found", {{"bram18", bram_after}, {"register_bits", srl_after}}}}},
                        {"retimings", s.retimings},
                        {"run_retimings", s.run_retimings},
                        {"steps", s.steps},
                        {"trace_bytes", s.trace_bytes},
                        {"record_seconds", s.record_seconds},
                        {"search_seconds", s.search_seconds},
                        {"depths", depths}};
    std::printf("%s\n", j.dump(2).c_str());
    return 0;
  }
  std::printf("FIFO depths for region '%s' over %s, within %g%% of the cycles with unbounded FIFOs\n\n",
              region.name.c_str(), workload.c_str(), command.tolerance_percent);
  std::printf("%-14s %5s %9s %14s %6s   %-12s %-12s\n", "channel", "bits", "declared", "max unbounded", "found",
              "storage now", "storage found");
  for (const ChannelSizing& c : s.channels)
    std::printf("%-14s %5d %9lld %14lld %6lld   %-12s %-12s\n", c.label.c_str(), c.bits,
                static_cast<long long>(c.declared), static_cast<long long>(c.unbounded_max),
                static_cast<long long>(c.found), storage(c.bits, c.declared).c_str(), storage(c.bits, c.found).c_str());
  std::printf("\nstorage (UG1399's default: depth <= %lld and depth x bits <= %lld a shift register, else BRAM18s): "
              "declared %lld BRAM18 + %lld SRL bits, found %lld BRAM18 + %lld SRL bits\n",
              static_cast<long long>(kAutoSrlMaxDepth), static_cast<long long>(kAutoSrlMaxBits),
              static_cast<long long>(bram_before), static_cast<long long>(srl_before), static_cast<long long>(bram_after),
              static_cast<long long>(srl_after));
  const std::string declared = s.declared_deadlocks > 0
                                   ? std::to_string(s.declared_deadlocks) + " of the runs deadlock"
                                   : std::to_string(s.declared_cycles) + " cycles";
  std::printf("cycles over the runs: unbounded %lld, declared depths %s, found depths %lld\n",
              static_cast<long long>(s.unbounded_cycles), declared.c_str(), static_cast<long long>(s.found_cycles));
  std::printf("confirmed: the depths found re-simulated on all %zu runs (the coupled simulator), %lld cycles, as the "
              "search claims\n",
              k.runs, static_cast<long long>(k.cycles));
  std::printf("search: %lld depth assignments re-timed (%lld run re-timings, %.0f a second) in %.3f s, after recording "
              "%lld steps in %.3f s (%zu trace bytes, %.2f a step)\n",
              static_cast<long long>(s.retimings), static_cast<long long>(s.run_retimings), retimings_per_second,
              s.search_seconds, static_cast<long long>(s.steps), s.record_seconds, s.trace_bytes,
              s.steps > 0 ? static_cast<double>(s.trace_bytes) / static_cast<double>(s.steps) : 0.0);
  if (!command.out.empty()) std::printf("depths written to %s (loom sim --depths, loom hls --depths)\n", command.out.c_str());
  return 0;
}

}  // namespace loom
