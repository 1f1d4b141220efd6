// The verbs any registered machine gets where it offers none of its own:
// `project`, `cost` and `conform` from its composition and the model it
// declares (machines/model.h), and `bench` from its workload.
#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "common/report.h"
#include "compose/sim/simulator.h"
#include "machines/cycle_table.h"
#include "machines/model.h"
#include "machines/implied_verbs.h"
#include "machines/registry.h"
#include "machines/verb.h"
#include "machines/verb_options.h"
#include "machines/workload_run.h"

namespace loom {
namespace {

using nlohmann::json;

void print(const std::string& text) { std::fwrite(text.data(), 1, text.size(), stdout); }

// Each verb's options. The model derives from the composed region, so these
// verbs take no spec or program: the parser refuses one, as any option a verb
// does not declare.
struct ProjectArgs {
  Overrides overrides;
  bool json = false;
};
using CostArgs = ProjectArgs;
struct ConformArgs {
  Overrides overrides;
  bool json = false, model_only = false;
  uint64_t seed = 0;
};
struct BenchArgs {
  Overrides overrides;
  bool json = false, rewrite_cycles = false;
  std::string root;  // the workspace holding machines/cycles/
};

// The region the arguments configure, and its checked model.
struct Modelled {
  Region region;
  CheckedModel checked;
};
template <class Args>
int modelled(const MachineEntry& m, const Args& a, Modelled& out) {
  auto region = compose_for(m.architecture(a.overrides), a.overrides);
  if (!region.ok()) return exit_reporting(region.status());
  out.region = std::move(region).value();
  auto checked = checked_model(out.region, m.model);
  if (!checked.ok()) return exit_reporting(checked.status());
  out.checked = std::move(checked).value();
  return -1;
}

int project_verb(const MachineEntry& m, const ProjectArgs& a) {
  Modelled md;
  if (int code = modelled(m, a, md); code >= 0) return code;
  const actions::Projection& p = md.checked.projection;
  if (a.json) {
    json j = {{"build", params_line(md.region)}, {"ports", json::array()}, {"unmodelled", json::array()}, {"grain", p.grain}};
    for (const actions::ProjectionRow& r : p.ports)
      j["ports"].push_back({{"unit", r.unit}, {"port", r.port}, {"class", actions::origin_name(r.origin)}, {"detail", r.detail}});
    print(j.dump(2) + "\n");
    return kExitOk;
  }
  print(fmt::format("projection of {}'s action model onto its composed region ({}):\n"
                    "the machine its composition implies{}\n\n{}",
                    m.name, params_line(md.region),
                    m.model ? ", plus its instructions (its units declare their arithmetic ports)"
                            : "; it declares no instructions, so `cost` and `conform` have nothing to run",
                    p.to_string()));
  return kExitOk;
}

int cost_verb(const MachineEntry& m, const CostArgs& a) {
  Modelled md;
  if (int code = modelled(m, a, md); code >= 0) return code;
  const CheckedModel& c = md.checked;
  const CallsEstimate e = estimate_calls(c);
  if (a.json) {
    json j = {{"build", params_line(md.region)}, {"calls", json::array()}, {"estimate", e.cycles}, {"obligations", json::array()}};
    for (size_t k = 0; k < e.calls.size(); ++k) {
      json call = {{"instruction", c.model.calls[k].instruction}, {"rows", c.model.calls[k].rows},
                   {"cycles", e.calls[k].cycles}, {"bottleneck", e.calls[k].bottleneck},
                   {"bottleneck_port", e.calls[k].bottleneck_port}, {"units", json::array()}};
      for (const actions::Estimate::UnitTime& u : e.calls[k].units)
        call["units"].push_back({{"unit", u.unit}, {"work", u.work}, {"busy", u.busy}, {"latency", u.latency},
                                 {"start", u.start}, {"end", u.end}, {"port", u.port}});
      j["calls"].push_back(std::move(call));
    }
    for (const actions::Obligation& o : c.obligations)
      j["obligations"].push_back({{"where", o.where}, {"claim", o.claim}, {"open", o.open}, {"reason", o.reason}});
    print(j.dump(2) + "\n");
    return kExitOk;
  }
  std::string out = fmt::format("cost of {} ({}), without simulating:\n", m.name, params_line(md.region));
  for (size_t k = 0; k < e.calls.size(); ++k) {
    const actions::Estimate& call = e.calls[k];
    out += fmt::format("\n{} over {} rows:\n  {:<12} {:>7} {:>7} {:>8} {:>6} {:>6}  {}\n", c.model.calls[k].instruction,
                       c.model.calls[k].rows, "unit", "work", "busy", "latency", "start", "end", "busiest port");
    for (const actions::Estimate::UnitTime& u : call.units)
      out += fmt::format("  {:<12} {:>7} {:>7} {:>8} {:>6} {:>6}  {}{}\n", u.unit, u.work, u.busy, u.latency, u.start,
                         u.end, u.port, u.unit == call.bottleneck ? "  <- bottleneck" : "");
    out += fmt::format("  estimate: {} cycles; the bottleneck is {}, bound by its port {}\n", call.cycles, call.bottleneck,
                       call.bottleneck_port);
  }
  out += fmt::format("\nstatic estimate: {} cycles (work: steps a unit spends; busy: the cycles they take, more "
                     "where a channel passes under a word a cycle; latency: a row through its kernel, "
                     "from the composed pipelines; docs/actions.md gives the window)\n\nobligations:\n",
                     e.cycles);
  for (const actions::Obligation& o : c.obligations)
    out += fmt::format("  {}  {}: {}\n        because {}; discharged by {}\n", o.open ? "OPEN" : "discharged", o.where,
                       o.claim, o.reason, o.discharged_under);
  if (c.obligations.empty()) out += "  none\n";
  print(out);
  return kExitOk;
}

int conform_verb(const MachineEntry& m, const ConformArgs& a) {
  const auto start = std::chrono::steady_clock::now();
  Modelled md;
  if (int code = modelled(m, a, md); code >= 0) return code;
  auto work = m.workload(md.region, a.seed);
  if (!work.ok()) return exit_reporting(work.status());
  Status three;
  if (a.model_only) {
    three = conform_workload(md.checked, work.value(), nullptr);
  } else {
    auto sim = simulate(md.region, work.value().inputs);
    if (!sim.ok()) return exit_reporting(sim.status());
    if (!sim.value().ok()) return exit_reporting(Error{"conform-run", "machine '" + m.name + "'", sim.value().summary()});
    three = conform_workload(md.checked, work.value(), &sim.value().arguments);
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  int64_t elements = 0;
  for (const auto& [name, buffer] : work.value().expected) elements += buffer.rows() * buffer.word().lanes;
  if (a.json) {
    json j = {{"build", params_line(md.region)}, {"workload", work.value().description}, {"elements", elements},
              {"conforms", three.ok()}, {"bodies", !a.model_only}, {"seconds", seconds}, {"errors", json::array()}};
    for (const Error& e : three.errors()) j["errors"].push_back({{"kind", e.kind}, {"where", e.where}, {"message", e.message}});
    print(j.dump(2) + "\n");
    return three.ok() ? kExitOk : kExitInput;
  }
  if (!three.ok()) return exit_reporting(three);
  print(fmt::format("{} ({}): {}\nCONFORMS: the reference, the action executor{} agree on all {} output elements ({:.3f} s)\n",
                    m.name, params_line(md.region), work.value().description,
                    a.model_only ? " (no body simulated: --model-only)" : " and the simulated bodies", elements, seconds));
  return kExitOk;
}

// bench: the workload at seeds 0 and 1 on the configured region, each
// simulated and checked against the reference, then the cycles held to the
// committed table (machines/cycle_table.h). 0 only when every run is exact
// and no cycle moved.
int bench_verb(const MachineEntry& m, const BenchArgs& a) {
  auto region = compose_for(m.architecture(a.overrides), a.overrides);
  if (!region.ok()) return exit_reporting(region.status());
  std::vector<CycleRow> rows;
  json runs = json::array();
  std::string text = m.name + " bench (" + params_line(region.value()) + "): each run simulated and compared in full with the reference\n";
  int failed = 0;
  for (const uint64_t seed : {0, 1}) {
    auto work = m.workload(region.value(), seed);
    if (!work.ok()) return exit_reporting(work.status());
    const std::string name = "seed " + std::to_string(seed);
    auto run = run_workload(region.value(), work.value(), name);
    if (!run.ok()) return exit_reporting(run.status());
    const Status& check = run.value().check;
    const int64_t cycles = run.value().sim.cycles;
    failed += !check.ok();
    rows.push_back({params_line(region.value()), name, cycles});
    runs.push_back({{"name", name}, {"workload", work.value().description}, {"exact", check.ok()}, {"cycles", cycles},
                    {"failure", check.to_string()}});
    text += fmt::format("  {} {:<8} {:>8} cycles  {}\n{}", check.ok() ? "EXACT" : "FAIL ", name, cycles,
                        work.value().description, check.ok() ? "" : check.to_string());
  }
  std::string note;
  const std::string table = cycle_table_path(workspace_root(a.root), m.name);
  // Cycles are held only for exact runs: a wrong result has no cycles worth committing.
  const Status held = failed ? Status() : hold_cycles(table, m.name, rows, a.rewrite_cycles, &note);
  if (a.json) {
    json errors = json::array();
    for (const Error& e : held.errors()) errors.push_back({{"kind", e.kind}, {"where", e.where}, {"message", e.message}});
    print(json{{"machine", m.name}, {"build", params_line(region.value())}, {"runs", runs}, {"exact", failed == 0},
               {"cycles", {{"table", table}, {"held", held.ok() && failed == 0}, {"note", note}, {"errors", errors}}}}
              .dump(2) + "\n");
    return failed == 0 && held.ok() ? kExitOk : kExitInput;
  }
  print(text + note);
  if (failed) {
    print(fmt::format("FAILURES: {} of 2 runs\n", failed));
    return kExitInput;
  }
  if (!held.ok()) return exit_reporting(held);
  print("ALL EXACT: 2 runs\n");
  return kExitOk;
}

// The run of a generic verb over the machine the command line chose.
template <class Args>
VerbRun run_on_machine(std::shared_ptr<Args> args, int (*verb)(const MachineEntry&, const Args&)) {
  return [args, verb](const Invocation& invocation) {
    Args a = *args;
    a.overrides = invocation.overrides;
    return verb(*invocation.machine, a);
  };
}

bool has_model(const MachineEntry& m) { return static_cast<bool>(m.model); }

}  // namespace

std::vector<VerbOffer> implied_verb_offers() {
  return {
      {"bench", "", kBenchHelp, kBenchRank, true,
       [](CLI::App& cmd) {
         auto a = std::make_shared<BenchArgs>();
         add_json(cmd, a->json);
         add_rewrite_cycles(cmd, a->rewrite_cycles);
         add_root(cmd, a->root, "the workspace holding machines/cycles/ (default: the workspace)");
         return run_on_machine(a, bench_verb);
       }},
      {"project", "", kProjectHelp, kProjectRank, true,
       [](CLI::App& cmd) {
         auto a = std::make_shared<ProjectArgs>();
         add_json(cmd, a->json);
         return run_on_machine(a, project_verb);
       }},
      {"cost", "", kCostHelp, kCostRank, true,
       [](CLI::App& cmd) {
         auto a = std::make_shared<CostArgs>();
         add_json(cmd, a->json);
         return run_on_machine(a, cost_verb);
       },
       has_model},
      {"conform", "", kConformHelp, kConformRank, true,
       [](CLI::App& cmd) {
         auto a = std::make_shared<ConformArgs>();
         add_seed(cmd, a->seed, "the operands' seed");
         add_json(cmd, a->json);
         add_model_only(cmd, a->model_only);
         return run_on_machine(a, conform_verb);
       },
       has_model},
  };
}

}  // namespace loom
