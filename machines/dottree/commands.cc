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

namespace loom::dottree {
namespace {

using nlohmann::json;

void print(const std::string& text) { std::fwrite(text.data(), 1, text.size(), stdout); }

const char* numerics_name(int64_t numerics) { return numerics == kRounding ? "ROUNDING" : "EXACT"; }

// The model of the region the arguments configure. DotTree's model derives from
// the composition, so a spec, a program or a GEMM is a usage error, not ignored.
Result<ActionModel> modelled(const VerbArgs& a, Region& region) {
  Status usage;
  if (!a.root.empty() || !a.spec.empty())
    usage.add("usage", "--root/--spec", "DotTree's action model derives from its composed region; it reads no spec");
  if (!a.file.empty() || !a.gemm.empty() || a.bench)
    usage.add("usage", a.file.empty() ? (a.bench ? "--bench" : "--gemm") : "FILE",
              "DotTree runs one instruction, reduce, over ROWS rows (set by --param ROWS=N); it takes no program");
  if (!usage.ok()) return usage;
  auto arch = architecture(a.overrides);
  if (!arch.ok()) return arch.status();
  auto composed = arch.value().compose(a.overrides);
  if (!composed.ok()) return composed.status();
  region = std::move(composed).value();
  return action_model(region);
}

int project_verb(const VerbArgs& a) {
  Region region;
  auto model = modelled(a, region);
  if (!model.ok()) return exit_reporting(model.status(), model.errors()[0].kind == "usage" ? kExitUsage : kExitInput);
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

int cost_verb(const VerbArgs& a) {
  Region region;
  auto model = modelled(a, region);
  if (!model.ok()) return exit_reporting(model.status(), model.errors()[0].kind == "usage" ? kExitUsage : kExitInput);
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

// DotTree's gates run fixed sets of configurations: a --param is refused, not ignored.
Status no_overrides(const VerbArgs& a, const char* verb) {
  if (!a.root.empty() || !a.spec.empty())
    return Error{"usage", "--root/--spec", "DotTree's action model derives from its composed region; it reads no spec"};
  if (a.overrides.empty()) return {};
  return Error{"usage", "--param", std::string("DotTree's ") + verb + " runs a fixed set of configurations (docs/dottree.md)"};
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
int bench_verb(const VerbArgs& a) {
  VerbArgs fixed = a;
  fixed.root.clear();  // the table's, not a spec's
  if (Status s = no_overrides(fixed, "bench"); !s.ok()) return exit_reporting(s, kExitUsage);
  std::vector<GateRun> runs;
  std::vector<CycleRow> measured;
  for (const auto& [overrides, seed] : bench_runs()) {
    runs.push_back(gate_run(overrides, seed));
    measured.push_back({"defaults", runs.back().name, runs.back().cycles});
  }
  for (const GateRun& r : runs)
    print(fmt::format("  {:<28} {:>6} cycles  {}\n", r.name, r.cycles, r.exact ? "exact" : "MISMATCH"));
  const int code = report_runs(runs, "ALL EXACT:", "FAILURES:");
  if (code != kExitOk) return code;
  std::string note;
  const Status held = hold_cycles(cycle_table_path(workspace_root(a.root), "dottree"), "dottree", measured,
                                  a.rewrite_cycles, &note);
  print(note);
  return held.ok() ? kExitOk : exit_reporting(held);
}

// stress: every built configuration, 1, 16 and 37 rows, seeds 0, 1 and 2.
int stress_verb(const VerbArgs& a) {
  if (Status s = no_overrides(a, "stress"); !s.ok()) return exit_reporting(s, kExitUsage);
  std::vector<GateRun> runs;
  for (const auto& [overrides, seed] : stress_runs()) runs.push_back(gate_run(overrides, seed));
  return report_runs(runs, "STRESS OK:", "STRESS FAILED:");
}

}  // namespace

MachineVerbs verbs() {
  MachineVerbs v;
  v.bench = bench_verb;
  v.stress = stress_verb;
  v.project = project_verb;
  v.cost = cost_verb;
  return v;
}

}  // namespace loom::dottree
