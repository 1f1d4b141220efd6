#include "machines/dottree/commands.h"

#include <fmt/format.h>

#include <cstdio>
#include <nlohmann/json.hpp>

#include "actions/book.h"
#include "common/report.h"
#include "compose/sim/simulator.h"
#include "machines/dottree/action_model.h"
#include "machines/dottree/dottree.h"
#include "machines/cycle_table.h"
#include "machines/dottree/gates.h"
#include "machines/verb.h"
#include "machines/verb_options.h"
#include "machines/workload_run.h"

namespace loom::dottree {
namespace {

using nlohmann::json;

void print(const std::string& text) { std::fwrite(text.data(), 1, text.size(), stdout); }

const char* numerics_name(int64_t numerics) { return numerics == kRounding ? "ROUNDING" : "EXACT"; }

// Each verb's options. DotTree's model derives from the composition and runs
// one instruction, reduce, over ROWS rows: a spec, a program or a GEMM is an
// option these verbs do not declare, so the parser refuses it.
struct ModelArgs {
  Overrides overrides;
  bool json = false;
};
// Its gates run fixed sets of configurations (docs/dottree.md): they take no --param.
struct BenchArgs {
  Overrides overrides;
  bool rewrite_cycles = false;
  std::string root;  // the workspace holding machines/cycles/
};
struct StressArgs {
  Overrides overrides;
};

// The model of the region the arguments configure.
Result<ActionModel> modelled(const ModelArgs& a, Region& region) {
  auto composed = compose_for(architecture(a.overrides), a.overrides);
  if (!composed.ok()) return composed.status();
  region = std::move(composed).value();
  return action_model(region);
}

int project_verb(const ModelArgs& a) {
  Region region;
  auto model = modelled(a, region);
  if (!model.ok()) return exit_reporting(model.status());
  auto projected = project(model.value());
  if (!projected.ok()) return exit_reporting(projected.status());
  if (a.json) {
    json j = {{"build", params_line(region)}, {"ports", json::array()}, {"unmodelled", json::array()},
              {"grain", projected.value().grain}};
    for (const actions::ProjectionRow& r : projected.value().ports)
      j["ports"].push_back({{"unit", r.unit}, {"port", r.port}, {"class", actions::origin_name(r.origin)}, {"detail", r.detail}});
    print(j.dump(2) + "\n");
    return kExitOk;
  }
  print("projection of DotTree's action model onto its composed region (" + params_line(region) +
        "):\nthe machine is structure() of the composition, its units' arithmetic ports (mul, adder) declared in their headers\n\n" +
        projected.value().to_string());
  return kExitOk;
}

int cost_verb(const ModelArgs& a) {
  Region region;
  auto model = modelled(a, region);
  if (!model.ok()) return exit_reporting(model.status());
  const int64_t rows = region.params["ROWS"], numerics = region.params["NUMERICS"];
  const Cost c = cost(model.value(), rows);
  auto checked = checked_model(region, model_of);
  if (!checked.ok()) return exit_reporting(checked.status());
  const CallsEstimate estimated = estimate_calls(checked.value());
  const actions::Estimate& e = estimated.calls.at(0);
  if (a.json) {
    json j = {{"build", params_line(region)}, {"instruction", kInstruction}, {"rows", rows}, {"units", json::array()},
              {"obligations", json::array()}, {"estimate", estimated.cycles}, {"bottleneck", e.bottleneck},
              {"bottleneck_port", e.bottleneck_port}};
    for (const Cost::UnitCost& u : c.units)
      j["units"].push_back({{"unit", u.unit}, {"work", u.work}, {"latency", u.latency}, {"span", u.row.span},
                            {"initiation", u.row.initiation}, {"per_instruction", u.instruction.initiation}});
    for (const Cost::Reassociation& r : c.reassociations)
      j["obligations"].push_back({{"where", r.where}, {"claim", r.claim}, {"open", numerics == kRounding ? r.open_rounding : r.open_exact},
                                  {"exact", r.open_exact ? "open" : "discharged"},
                                  {"rounding", r.open_rounding ? "open" : "discharged"}});
    for (const actions::Obligation& o : c.others)
      j["obligations"].push_back({{"where", o.where}, {"claim", o.claim}, {"open", o.open}});
    print(j.dump(2) + "\n");
    return kExitOk;
  }
  std::string out = fmt::format("cost of {} over ROWS={} rows ({}, {}):\n\n", kInstruction, rows, params_line(region),
                                numerics_name(numerics));
  out += fmt::format("  {:<10} {:>6} {:>8} {:>5} {:>11} {:>16}\n", "unit", "work", "latency", "span", "initiation",
                     "per instruction");
  for (const Cost::UnitCost& u : c.units)
    out += fmt::format("  {:<10} {:>6} {:>8} {:>5} {:>11} {:>16}\n", u.unit, u.work, u.latency, u.row.span,
                       u.row.initiation, u.instruction.initiation);
  for (const Cost::UnitCost& u : c.units)
    if (u.unit == "tree")
      out += fmt::format("\nthe tree: work {} steps, latency {} cycles for {} rows (span {} a row, initiation {});\n"
                         "charging the span as occupancy, the seed's defect, would say {} steps\n",
                         u.work, u.latency, rows, u.row.span, u.row.initiation, u.row.span * rows);
  // The calendar a row follows on the tree, as the model books it.
  const actions::Machine& m = model.value().machine;
  const actions::Instruction& ins = *m.instruction(kInstruction);
  std::vector<actions::Placement> calendar;
  actions::book(m, ins, "tree", actions::Per::row, {}, &calendar);
  out += "\nthe tree's calendar, a row:\n";
  for (const actions::Placement& p : calendar) {
    const actions::Action& a = ins.actions[p.action];
    std::string made;
    for (const actions::Output& o : a.outputs)
      made += (made.empty() ? "; makes " : ", ") + o.value + " at cycle " + std::to_string(p.last + o.at);
    out += fmt::format("  cycle {}: {} on {} (x{}){}\n", p.first, a.op, a.port, a.times, made);
  }
  out += fmt::format("\nstatic estimate: {} cycles; the bottleneck is {}, bound by its port {}\n", estimated.cycles,
                     e.bottleneck, e.bottleneck_port);
  out += "\nobligations:\n";
  for (const Cost::Reassociation& r : c.reassociations)
    out += fmt::format("  {}: {}\n    under EXACT (NUMERICS=0):    {}{}\n    under ROUNDING (NUMERICS=1): {}{}\n", r.where,
                       r.claim, r.open_exact ? "open" : "discharged", numerics == kExact ? "  <- this build" : "",
                       r.open_rounding ? "open" : "discharged", numerics == kRounding ? "  <- this build" : "");
  for (const actions::Obligation& o : c.others)
    out += fmt::format("  {}: {} ({})\n", o.where, o.claim, o.open ? "open" : "discharged");
  print(out);
  return kExitOk;
}

int report_runs(const std::vector<GateRun>& runs, const char* ok_word, const char* failed_word) {
  size_t exact = 0;
  for (const GateRun& r : runs) {
    exact += r.exact;
    if (!r.exact) print("FAILED " + r.name + ":\n" + r.failure.to_string() + "\n");
  }
  print(fmt::format("{} {}/{}\n", exact == runs.size() ? ok_word : failed_word, exact, runs.size()));
  return exact == runs.size() ? kExitOk : kExitInput;
}

// bench: the default configuration under each numerics, seeds 0 and 1, with
// cycles, held to the committed table (machines/cycle_table.h); --root names
// the workspace that holds it.
int bench_verb(const BenchArgs& a) {
  std::vector<GateRun> runs;
  std::vector<CycleRow> measured;
  for (const auto& [overrides, seed] : bench_runs()) {
    runs.push_back(gate_run(overrides, seed));
    measured.push_back({"defaults", runs.back().name, runs.back().cycles});
  }
  for (const GateRun& r : runs)
    print(fmt::format("  {:<28} {:>6} cycles  {}\n", r.name, r.cycles, r.exact ? "exact" : "MISMATCH"));
  // The gate's own negative controls: its float check must see a NaN.
  for (GateRun& r : nan_controls(0)) {
    print(fmt::format("  {:<40} {}\n", r.name, r.exact ? "REFUSED" : "ACCEPTED"));
    runs.push_back(std::move(r));
  }
  const int code = report_runs(runs, "ALL EXACT:", "FAILURES:");
  if (code != kExitOk) return code;
  std::string note;
  const Status held = hold_cycles(cycle_table_path(workspace_root(a.root), "dottree"), "dottree", measured,
                                  a.rewrite_cycles, &note);
  print(note);
  return held.ok() ? kExitOk : exit_reporting(held);
}

// stress: every built configuration, 1, 16 and 37 rows, seeds 0, 1 and 2.
int stress_verb(const StressArgs&) {
  std::vector<GateRun> runs;
  for (const auto& [overrides, seed] : stress_runs()) runs.push_back(gate_run(overrides, seed));
  return report_runs(runs, "STRESS OK:", "STRESS FAILED:");
}

const VerbRegistration kProject({"project", "dottree", kProjectHelp, kProjectRank, true, [](CLI::App& cmd) {
                                   auto a = std::make_shared<ModelArgs>();
                                   add_json(cmd, a->json);
                                   return run_with(a, project_verb);
                                 }});

const VerbRegistration kCost({"cost", "dottree", kCostHelp, kCostRank, true, [](CLI::App& cmd) {
                                auto a = std::make_shared<ModelArgs>();
                                add_json(cmd, a->json);
                                return run_with(a, cost_verb);
                              }});

const VerbRegistration kBench({"bench", "dottree", kBenchHelp, kBenchRank, false, [](CLI::App& cmd) {
                                 auto a = std::make_shared<BenchArgs>();
                                 add_rewrite_cycles(cmd, a->rewrite_cycles);
                                 add_root(cmd, a->root, "the workspace holding machines/cycles/ (default: the workspace)");
                                 return run_with(a, bench_verb);
                               }});

const VerbRegistration kStress({"stress", "dottree", kStressHelp, kStressRank, false, [](CLI::App&) {
                                  return run_with(std::make_shared<StressArgs>(), stress_verb);
                                }});

}  // namespace
}  // namespace loom::dottree
