#include "machines/tinytpu/commands.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include <array>
#include <cmath>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <nlohmann/json.hpp>
#include <tuple>

#include "actions/queries.h"
#include "common/files.h"
#include "common/report.h"
#include "common/settings_line.h"
#include "machines/cycle_table.h"
#include "compose/sim/sim_report.h"
#include "compose/sim/simulator.h"
#include "machines/conform.h"
#include "machines/tinytpu/action_model.h"
#include "machines/tinytpu/assembler.h"
#include "machines/tinytpu/build.h"
#include "machines/tinytpu/gates.h"
#include "machines/tinytpu/gen_isa.h"
#include "machines/tinytpu/isa_dsl.h"
#include "machines/tinytpu/isa_files.h"
#include "machines/tinytpu/program_files.h"
#include "machines/tinytpu/reference.h"
#include "machines/tinytpu/tinytpu.h"
#include "machines/verb.h"
#include "machines/verb_options.h"
#include "machines/workload_run.h"

namespace loom::tinytpu {
namespace {

using nlohmann::json;

void print(const std::string& text) { std::fwrite(text.data(), 1, text.size(), stdout); }
void print(const json& j) { print(j.dump(2) + "\n"); }

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Every parameter of the build, as --param would set it.
std::string config(const isa::Params& p) {
  return settings_line({{"T", p.T}, {"MAXDIM", p.MAXDIM}, {"QD", p.QD}, {"AR_RAW_DIST", p.AR_RAW_DIST},
                        {"IMEM_WORDS", p.IMEM_WORDS}, {"DATA_QD", p.DATA_QD}});
}

// Each verb's options, as its registration below declares them.
struct SpecArgs {
  Overrides overrides;
  std::string root, spec;  // --root, --spec
  bool json = false;
};
struct BenchArgs : SpecArgs {
  bool rewrite_cycles = false;
  SimOptions::PipelineStyle pipeline_style = SimOptions::PipelineStyle::flushable;
};
struct StressArgs : SpecArgs {
  bool progress = true;  // shown only where standard error is a terminal
};
struct ConformArgs : SpecArgs {
  uint64_t seed = 0;
  bool model_only = false;
  std::vector<std::string> workload;  // --workload: the families to run; empty: all
};
using ProjectArgs = SpecArgs;
struct CostArgs : SpecArgs {
  std::string file, gemm;  // FILE, --gemm MxKxN
  bool bench = false;
};
struct GenIsaArgs : SpecArgs {
  bool check = false;
};
struct AsmArgs {
  Overrides overrides;
  std::string file;
};
struct RefArgs : AsmArgs {
  std::string a, b, out;  // --a, --b: the DRAM matrices in; --out: C
  std::string layout = std::string(to_string(Layout::row_major));  // --layout
};
struct DemoArgs {
  Overrides overrides;
  uint64_t seed = 0;
};

std::string root_of(const SpecArgs& a) { return workspace_root(a.root); }

std::string spec_of(const SpecArgs& a) {
  return a.spec.empty() ? root_of(a) + "/" + std::string(kSpecPath) : a.spec;
}

// The spec, the arguments' build, and the spec's behavioural model at that build.
struct Modelled {
  spec::IsaSpec spec;
  isa::Params build;
  ActionModel model;
};
Result<Modelled> modelled(const SpecArgs& a) {
  auto build = build_from(a.overrides);
  if (!build.ok()) return build.status();
  auto spec = spec::load_spec_file(spec_of(a));
  if (!spec.ok()) return spec.status();
  auto model = action_model(spec.value(), build.value());
  if (!model.ok()) return model.status();
  return Modelled{std::move(spec).value(), build.value(), std::move(model).value()};
}

// "16x16x8" -> {16, 16, 8}; each side a positive integer.
Result<std::array<int64_t, 3>> shape(const std::string& text) {
  std::array<int64_t, 3> mkn{};
  size_t pos = 0;
  const Error bad{"usage", "option '--gemm'", "takes MxKxN with positive sides, such as 16x16x8, not '" + text + "'"};
  for (size_t k = 0; k < 3; ++k) {
    const size_t end = k < 2 ? text.find('x', pos) : text.size();
    if (end == std::string::npos) return bad;
    auto [p, ec] = std::from_chars(text.data() + pos, text.data() + end, mkn[k]);
    if (ec != std::errc() || p != text.data() + end || mkn[k] <= 0) return bad;
    pos = end + 1;
  }
  return mkn;
}

json run_json(const GateRun& r) {
  json j = {{"name", r.name}, {"seed", r.seed}, {"exact", r.exact}, {"cycles", r.cycles}, {"failure", r.failure.to_string()}};
  if (r.m > 0)
    j["gemm"] = {{"m", r.m}, {"k", r.k}, {"n", r.n}, {"relu", r.relu}, {"form", r.form == Form::looped ? "looped" : "flat"}};
  if (r.control) j["control"] = true;
  return j;
}

void print_failure(const GateRun& r) {
  std::printf("  FAIL  %-40s seed %llu\n", r.name.c_str(), static_cast<unsigned long long>(r.seed));
  const std::string failure = r.failure.to_string();
  size_t pos = 0;
  for (int lines = 0; pos < failure.size() && lines < 6; ++lines) {
    const size_t eol = std::min(failure.find('\n', pos), failure.size());
    std::printf("        %s\n", failure.substr(pos, eol - pos).c_str());
    pos = eol + 1;
  }
}

int bench_verb(const BenchArgs& a) {
  const auto start = std::chrono::steady_clock::now();
  auto p = build_from(a.overrides);
  if (!p.ok()) return exit_reporting(p.status());
  const bool stp = a.pipeline_style == SimOptions::PipelineStyle::stp;
  if (stp && a.rewrite_cycles)
    return exit_reporting(Error{"usage", "`loom bench --pipeline-style stp`",
                                "has no cycle table to rewrite: the committed table is the flushable style's"});
  auto runs = tinytpu::bench(a.overrides, architecture, spec_of(a), a.pipeline_style);
  if (!runs.ok()) return exit_reporting(runs.status());
  const int64_t t = p.value().T;
  // The seed published its cycles at the default build, and only there.
  const bool published_build = values_of(p.value()) == values_of(build_from({}).value());
  // The cycle table: per shape, the cycles of each form beside the published
  // co-simulation row and the MAC limit; references, not targets.
  // The seed's row-major layout is the table; Loom's tile-major variant (layout.h) is
  // a column of its own, the looped GEMM's, which the published row is not for.
  std::map<std::tuple<int64_t, int64_t, int64_t>, std::map<std::pair<bool, Form>, int64_t>> cycles;
  std::map<std::tuple<int64_t, int64_t, int64_t>, int64_t> tiled;
  for (const GateRun& r : runs.value()) {
    if (r.m == 0) continue;
    if (r.layout == Layout::row_major) cycles[{r.m, r.k, r.n}][{r.relu, r.form}] = r.cycles;
    else if (!r.relu && r.form == Form::looped) tiled[{r.m, r.k, r.n}] = r.cycles;
  }
  int failed = 0;
  for (const GateRun& r : runs.value()) failed += !r.exact;
  // Every run's cycles, held to the committed table; only exact runs have any worth holding.
  std::vector<CycleRow> measured;
  for (const GateRun& r : runs.value())
    if (!r.control) measured.push_back({config(p.value()), r.name, r.cycles});
  std::string cycles_note;
  const std::string cycles_path = cycle_table_path(root_of(a), "tinytpu");
  if (stp) cycles_note = "under the stalled pipeline style (stp): not held to " + cycles_path + ", the flushable style's\n";
  const Status held =
      failed || stp ? Status() : hold_cycles(cycles_path, "tinytpu", measured, a.rewrite_cycles, &cycles_note);
  json table = json::array();
  for (const auto& [mkn, by_form] : cycles) {
    const auto [m, k, n] = mkn;
    json row = {{"m", m}, {"k", k}, {"n", n}, {"mac_limit", m * k * n / (t * t)}, {"published", nullptr}};
    for (const PublishedRow& pub : published_cosim())
      if (published_build && pub.m == m && pub.k == k && pub.n == n) row["published"] = pub.cycles;
    for (const auto& [key, form] : {std::pair{std::pair{false, Form::looped}, "looped"}, std::pair{std::pair{false, Form::flat}, "flat"},
                                    std::pair{std::pair{true, Form::looped}, "relu"}, std::pair{std::pair{true, Form::flat}, "relu_flat"}}) {
      auto it = by_form.find(key);
      row[form] = it == by_form.end() ? json(nullptr) : json(it->second);
    }
    // The prediction: the looped GEMM (the seed's cosim program) over the published cycles.
    const auto ratio = [&](const json& v) {
      return row["published"].is_null() || v.is_null()
                 ? json(nullptr)
                 : json(static_cast<double>(v.get<int64_t>()) / static_cast<double>(row["published"].get<int64_t>()));
    };
    row["ratio"] = ratio(row["looped"]);
    const auto t = tiled.find(mkn);
    row["tile_major"] = t == tiled.end() ? json(nullptr) : json(t->second);
    row["tile_major_ratio"] = ratio(row["tile_major"]);
    table.push_back(row);
  }
  if (a.json) {
    json errors = json::array();
    for (const Error& e : held.errors()) errors.push_back({{"kind", e.kind}, {"where", e.where}, {"message", e.message}});
    json j = {{"build", config(p.value())}, {"runs", json::array()}, {"cycle_table", table},
              {"failed", failed}, {"total", runs.value().size()}, {"exact", failed == 0},
              {"cycles", {{"table", cycles_path}, {"held", failed == 0 && held.ok()}, {"note", cycles_note}, {"errors", errors}}}};
    for (const GateRun& r : runs.value()) j["runs"].push_back(run_json(r));
    print(j);
    return failed == 0 && held.ok() ? 0 : 1;
  }
  std::printf("bench (%s): operands in [-4, 4], seed 0; every run's C compared in full with the reference model\n",
              config(p.value()).c_str());
  size_t controls = 0;
  for (const GateRun& r : runs.value()) {
    controls += r.control;
    if (r.exact && r.control) std::printf("  REFUSED %s\n", r.name.c_str());
    else if (r.exact) std::printf("  EXACT %-40s %7lld cycles\n", r.name.c_str(), static_cast<long long>(r.cycles));
    else print_failure(r);
  }
  std::printf("\ncycle table, the seed's row-major layout (simulated, ap_start to ap_done: every loop's entry, drain\n"
              "and exit, every DRAM wait and answer, start and done; not the s_axilite programming around the kernel,\n"
              "42 clocks of the seed's trace window at T=4, which its cycle counts leave out too). The published cosim\n"
              "row, looped / published, and the MAC limit M*K*N/T^2 are references; 'tile-major' is Loom's variant\n"
              "layout, the looped GEMM, which the published row is not for:\n");
  print(fmt::format("  {:<10} {:>8} {:>8} {:>8} {:>9} {:>10} {:>7} {:>10} {:>7} {:>10}\n", "MxKxN", "looped", "flat", "relu",
                    "relu flat", "published", "ratio", "tile-major", "ratio", "MAC limit"));
  const auto cell = [](const json& v) { return v.is_null() ? std::string("-") : std::to_string(v.get<int64_t>()); };
  const auto fraction = [](const json& v) { return v.is_null() ? std::string("-") : fmt::format("{:.3f}", v.get<double>()); };
  for (const json& row : table)
    print(fmt::format("  {:<10} {:>8} {:>8} {:>8} {:>9} {:>10} {:>7} {:>10} {:>7} {:>10}\n",
                      fmt::format("{}x{}x{}", row["m"].get<int64_t>(), row["k"].get<int64_t>(), row["n"].get<int64_t>()),
                      cell(row["looped"]), cell(row["flat"]), cell(row["relu"]), cell(row["relu_flat"]),
                      cell(row["published"]), fraction(row["ratio"]), cell(row["tile_major"]),
                      fraction(row["tile_major_ratio"]), row["mac_limit"].get<int64_t>()));
  const size_t total = runs.value().size();
  if (failed != 0) {
    std::printf("\nFAILURES: %d of %zu runs (%.3f s)\n", failed, total, seconds_since(start));
    return 1;
  }
  print("\n" + cycles_note);
  if (!held.ok()) return exit_reporting(held);
  std::printf("ALL EXACT (%zu runs, %s; %zu gate controls refused; %.3f s)\n", total - controls,
              stp ? "each timed by the coupled engine under stp" : "each timed by both engines alike", controls,
              seconds_since(start));
  return 0;
}

// The builds a gate runs: the one `overrides` names when they name T or
// MAXDIM, else each of default_stress_builds() with `overrides` added.
std::vector<Overrides> stress_builds(const Overrides& overrides) {
  const bool named =
      std::any_of(overrides.begin(), overrides.end(), [](const auto& o) { return o.first == "T" || o.first == "MAXDIM"; });
  if (named) return {overrides};
  std::vector<Overrides> builds;
  for (Overrides o : default_stress_builds()) {
    o.insert(o.end(), overrides.begin(), overrides.end());
    builds.push_back(std::move(o));
  }
  return builds;
}

// stress: the named build, or when neither T nor MAXDIM is named, each of
// default_stress_builds() (with the other overrides given); per build, its
// runs, its validator controls and its generated programs, counted apart.
int stress_verb(const StressArgs& a) {
  const auto start = std::chrono::steady_clock::now();
  const std::vector<Overrides> builds = stress_builds(a.overrides);
  // A line that updates in place, only where a person is watching.
  const bool show = a.progress && isatty(STDERR_FILENO);
  json j = {{"builds", json::array()}};
  size_t passed = 0, total = 0;
  std::string summary;
  for (const Overrides& o : builds) {
    auto p = build_from(o);
    if (!p.ok()) return exit_reporting(p.status());
    const Progress progress = [show, &p](size_t done, size_t all) {
      if (show && (done % 8 == 0 || done == all))
        std::fprintf(stderr, "\rstress (T=%lld MAXDIM=%lld): %zu/%zu%s", static_cast<long long>(p.value().T),
                     static_cast<long long>(p.value().MAXDIM), done, all, done == all ? "\n" : "");
    };
    auto runs = tinytpu::stress(o, architecture, progress, {}, spec_of(a));
    if (!runs.ok()) return exit_reporting(runs.status());
    size_t ok = 0, programs = 0, accepted = 0, controls = 0, refused = 0;
    for (const GateRun& r : runs.value()) {
      ok += r.exact;
      (r.control ? controls : programs)++;
      (r.control ? refused : accepted) += r.control ? r.exact : r.assembled;
    }
    passed += ok;
    total += runs.value().size();
    const std::string counts = fmt::format("T={} MAXDIM={}: {}/{} ({}/{} runs exact, {}/{} generated programs accepted, "
                                           "{}/{} validator controls refused for their reason)",
                                           p.value().T, p.value().MAXDIM, ok, runs.value().size(), ok - refused, programs,
                                           accepted, programs, refused, controls);
    summary += (summary.empty() ? "" : "; ") + fmt::format("T={} MAXDIM={} {}/{}", p.value().T, p.value().MAXDIM, ok,
                                                            runs.value().size());
    if (a.json) {
      json build = {{"build", config(p.value())}, {"runs", json::array()}, {"passed", ok}, {"total", runs.value().size()},
                    {"controls", controls}, {"controls_refused", refused}, {"programs", programs}, {"programs_accepted", accepted}};
      for (const GateRun& r : runs.value()) build["runs"].push_back(run_json(r));
      j["builds"].push_back(build);
      continue;
    }
    std::printf("stress (%s): full-range operands with -128 and 127 forced, C prefilled and compared in full\n",
                config(p.value()).c_str());
    for (const GateRun& r : runs.value())
      if (!r.exact) print_failure(r);
    std::printf("  %s\n", counts.c_str());
  }
  if (a.json) {
    j["passed"] = passed;
    j["total"] = total;
    j["ok"] = passed == total;
    print(j);
    return passed == total ? 0 : 1;
  }
  if (passed == total) std::printf("STRESS OK: %zu/%zu (%s; %.3f s)\n", passed, total, summary.c_str(), seconds_since(start));
  else std::printf("STRESS FAILED: %zu/%zu passed (%s; %.3f s)\n", passed, total, summary.c_str(), seconds_since(start));
  return passed == total ? 0 : 1;
}

// conform: at each build stress runs (or the one named), `loom sim`'s
// workload (a MAXDIM-cubed GEMM with ReLU, full range, from --seed), every
// program bench runs (its GEMMs in every form and layout, and vadd_program)
// and every program stress runs (vector, accumulator-distance, wrap and
// boundary programs, random valid programs), each through the reference, the
// action executor and the bodies; and which of each instruction's actions the
// runs executed. It vouches only for what it ran: the actions no run reached
// are named, and a narrowed --workload says so.
constexpr std::array<const char*, 3> kConformFamilies = {"sim", "bench", "stress"};

struct BuildConformance {
  isa::Params build;
  std::vector<std::string> programs;
  size_t bench = 0, stress = 0;  // of programs: bench's and stress's
  size_t elements = 0, on_chip = 0;
  Status three;  // the disagreements, each naming its program
  json coverage = json::array();
  std::vector<std::string> uncovered;
  size_t actions = 0, covered = 0;
};

bool runs_family(const ConformArgs& a, const std::string& family) {
  return a.workload.empty() || std::find(a.workload.begin(), a.workload.end(), family) != a.workload.end();
}

// One build, every family `a` runs. Errors: the build's, the spec's, a
// program the gates cannot generate or assemble, a simulation that stops.
Result<BuildConformance> conform_build(const ConformArgs& a, const Overrides& overrides) {
  SpecArgs at = a;
  at.overrides = overrides;
  auto m = modelled(at);
  if (!m.ok()) return m.status();
  BuildConformance out;
  const isa::Params& p = out.build = m.value().build;
  const actions::Machine& machine = m.value().model.machine;
  auto region = compose_for(architecture(overrides), overrides);
  if (!region.ok()) return region.status();
  std::vector<GateCase> cases;
  if (runs_family(a, "sim")) {
    cases.push_back({{}, gemm_program(p.MAXDIM, p.MAXDIM, p.MAXDIM, true, Form::looped, p), random_state(p, a.seed)});
    cases.back().run.name = fmt::format("GEMM {0}x{0}x{0} with ReLU, full-range int8, seed {1}", p.MAXDIM, a.seed);
  }
  if (runs_family(a, "bench"))
    for (GateCase& c : bench_cases(p)) cases.push_back(std::move(c)), ++out.bench;
  if (runs_family(a, "stress"))
    for (GateCase& c : stress_cases(p)) cases.push_back(std::move(c)), ++out.stress;
  std::map<std::string, std::vector<int64_t>> runs;  // each instruction's actions, as often as they ran
  for (const GateCase& c : cases) {
    const std::string program = "build " + config(p) + " program '" + c.run.name + "'";
    const auto in_case = [&](const Status& s) {
      Status named;
      for (const Error& e : s.errors()) named.add(e.kind, program + (e.where.empty() ? "" : " " + e.where), e.message);
      return named;
    };
    if (!c.program.ok()) return in_case(c.program.status());
    auto assembled = assemble(c.program.value(), p);
    if (!assembled.ok()) return in_case(assembled.status());
    IsaState after = c.initial;
    auto work = program_workload(region.value(), assembled.value(), c.initial, &after);
    if (!work.ok()) return in_case(work.status());
    std::vector<int64_t> bodies;  // empty under --model-only: two ways
    if (!a.model_only) {
      auto sim = simulate(region.value(), work.value().inputs);
      if (!sim.ok()) return in_case(sim.status());
      if (!sim.value().ok()) return Error{"conform-run", "machine 'tinytpu' " + program, sim.value().summary()};
      bodies = lanes_of(sim.value().arguments.at("C"));
    }
    actions::ExecState executed;
    out.three.merge(in_case(conform_program(machine, assembled.value(), c.initial, after, bodies, &executed)));
    for (const auto& [name, counts] : executed.action_runs) {
      std::vector<int64_t>& total = runs[name];
      total.resize(std::max(total.size(), counts.size()), 0);
      for (size_t k = 0; k < counts.size(); ++k) total[k] += counts[k];
    }
    out.programs.push_back(c.run.name);
    out.elements += after.C.size();
    out.on_chip += after.spad.size() + after.vr.size() + after.ar.size();
  }
  // Coverage: every action of every instruction, run or not.
  for (const actions::Instruction& ins : machine.instructions) {
    const std::vector<int64_t>& counts = runs[ins.name];
    for (size_t k = 0; k < ins.actions.size(); ++k) {
      const int64_t n = k < counts.size() ? counts[k] : 0;
      const std::string port = ins.actions[k].unit + "." + ins.actions[k].port;
      ++out.actions;
      if (n > 0) ++out.covered;
      else out.uncovered.push_back(ins.name + " action " + std::to_string(k) + " (" + port + ")");
      out.coverage.push_back({{"instruction", ins.name}, {"action", k}, {"port", port}, {"runs", n}});
    }
  }
  return out;
}

int conform_verb(const ConformArgs& a) {
  const auto start = std::chrono::steady_clock::now();
  std::vector<BuildConformance> builds;
  for (const Overrides& o : stress_builds(a.overrides)) {
    auto b = conform_build(a, o);
    if (!b.ok()) return exit_reporting(b.status());
    builds.push_back(std::move(b).value());
  }
  Status three;
  size_t actions_total = 0, covered = 0;
  std::vector<std::string> uncovered;
  for (const BuildConformance& b : builds) {
    three.merge(b.three);
    actions_total += b.actions;
    covered += b.covered;
    for (const std::string& u : b.uncovered) uncovered.push_back(config(b.build) + ": " + u);
  }
  std::vector<std::string> families;
  for (const char* f : kConformFamilies)
    if (runs_family(a, f)) families.push_back(f);
  const bool narrowed = families.size() != kConformFamilies.size();
  const std::string workload = fmt::format("{}", fmt::join(families, ","));
  const double seconds = seconds_since(start);
  const bool complete = three.ok() && uncovered.empty();
  if (a.json) {
    json j = {{"workload", workload}, {"narrowed", narrowed}, {"builds", json::array()}, {"conforms", three.ok()},
              {"complete", complete}, {"bodies", !a.model_only}, {"seconds", seconds}, {"errors", json::array()},
              {"actions", actions_total}, {"covered", covered}, {"uncovered", uncovered}};
    for (const BuildConformance& b : builds)
      j["builds"].push_back({{"build", config(b.build)}, {"programs", b.programs}, {"elements", b.elements},
                             {"on_chip", b.on_chip}, {"conforms", b.three.ok()}, {"coverage", b.coverage},
                             {"actions", b.actions}, {"covered", b.covered}, {"uncovered", b.uncovered}});
    for (const Error& e : three.errors()) j["errors"].push_back({{"kind", e.kind}, {"where", e.where}, {"message", e.message}});
    print(j);
    return three.ok() ? kExitOk : kExitInput;
  }
  if (narrowed)
    std::printf("narrowed by --workload to %s: only these families ran, so only their actions are vouched for\n",
                workload.c_str());
  size_t elements = 0, on_chip = 0, programs = 0;
  for (const BuildConformance& b : builds) {
    std::printf("tinytpu (%s): %zu programs", config(b.build).c_str(), b.programs.size());
    if (runs_family(a, "sim")) std::printf("; %s", b.programs.front().c_str());
    if (runs_family(a, "bench")) std::printf("; bench's %zu (its GEMMs in every form and layout, vadd_program)", b.bench);
    if (runs_family(a, "stress"))
      std::printf("; stress's %zu (every GEMM shape to 4T, the clip and ReLU edges, the vector, accumulator-distance, "
                  "wrap and boundary programs, random valid programs)", b.stress);
    std::printf("\n  coverage: %zu of %zu actions ran at least once%s\n", b.covered, b.actions,
                b.uncovered.empty() ? "" : "; not run, so not vouched for:");
    for (const std::string& u : b.uncovered) std::printf("    %s\n", u.c_str());
    elements += b.elements;
    on_chip += b.on_chip;
    programs += b.programs.size();
  }
  if (!three.ok()) return exit_reporting(three);
  const std::string ways = a.model_only ? " (no body simulated: --model-only)" : " and the simulated bodies";
  if (!uncovered.empty()) {
    // Asked for the whole workload, a gap fails: the claim cannot be made.
    // Narrowed, the gap is what the user asked for, and is said.
    if (!narrowed)
      return exit_reporting(Error{"conform-uncovered", "machine 'tinytpu'",
                                  std::to_string(actions_total - covered) + " of " + std::to_string(actions_total) +
                                      " actions never ran over the whole workload (listed above), so nothing vouches for them"});
    std::printf("AGREES, NOT CONFORMS: the reference, the action executor%s agree on all %zu elements of C and %zu "
                "lanes of spad, vr and ar over %zu programs, but %zu of %zu actions never ran (listed above), so the "
                "machine's conformance is not shown (%.3f s)\n",
                ways.c_str(), elements, on_chip, programs, actions_total - covered, actions_total, seconds);
    return kExitOk;
  }
  std::printf("CONFORMS: the reference, the action executor%s agree on all %zu elements of C, and the reference and the "
              "executor on all %zu lanes of spad, vr and ar, over every program above, and every action ran (%.3f s)%s\n",
              ways.c_str(), elements, on_chip, seconds, narrowed ? "; workload narrowed by --workload" : "");
  return kExitOk;
}

int project_verb(const ProjectArgs& a) {
  auto m = modelled(a);
  if (!m.ok()) return exit_reporting(m.status());
  const isa::Params& p = m.value().build;
  auto projected = tinytpu::project(m.value().spec, m.value().model.machine, p);
  if (!projected.ok()) return exit_reporting(projected.status());
  const actions::Machine& machine = m.value().model.machine;
  if (a.json) {
    json j = {{"build", config(p)}, {"ports", json::array()}, {"unmodelled", json::array()}, {"grain", projected.value().grain},
              {"values", json::object()}};
    for (const actions::ProjectionRow& r : projected.value().ports)
      j["ports"].push_back({{"unit", r.unit}, {"port", r.port}, {"class", actions::origin_name(r.origin)}, {"detail", r.detail}});
    for (const actions::Unmodelled& u : projected.value().unmodelled)
      j["unmodelled"].push_back({{"unit", u.unit}, {"port", u.port}, {"reason", u.reason}});
    for (const actions::Instruction& ins : machine.instructions) j["values"][ins.name] = actions::values_out(ins);
    print(j);
    return 0;
  }
  std::printf("projection of TinyTPU's action model onto its composed region (T=%lld, MAXDIM=%lld):\n\n%s",
              static_cast<long long>(p.T), static_cast<long long>(p.MAXDIM), projected.value().to_string().c_str());
  // What each instruction puts out, as its actions state it: a run of the
  // design is what holds these to the hardware, not the projection.
  std::printf("\nvalues each instruction puts out, as its actions state them:\n");
  for (const actions::Instruction& ins : machine.instructions)
    for (const std::string& v : actions::values_out(ins)) std::printf("  %-10s %s\n", ins.name.c_str(), v.c_str());
  return 0;
}

json cost_json(const Cost& c, const ActionModel& model) {
  json j = {{"estimate", c.estimate},
            {"bottleneck", c.bottleneck},
            {"bottleneck_port", c.bottleneck_port},
            {"instructions", json::array()},
            {"units", json::object()}, {"obligations", json::array()}};
  for (const Cost::Row& row : c.instructions) {
    json units = json::array();
    for (const Cost::UnitStep& u : row.units)
      units.push_back({{"unit", u.unit}, {"steps", u.steps}, {"span", u.span}, {"initiation", u.initiation},
                       {"per_instruction", u.per_instruction}});
    j["instructions"].push_back({{"opcode", row.opcode}, {"rows", row.rows}, {"units", units}});
  }
  for (const auto& [unit, w] : c.work) j["units"][unit] = {{"steps", w.steps}, {"latency", w.latency}};
  for (const actions::Obligation& o : model.obligations)
    j["obligations"].push_back({{"where", o.where}, {"claim", o.claim}, {"reason", o.reason},
                                {"discharged_under", o.discharged_under}, {"open", o.open}});
  return j;
}

// The band `cost --bench` holds every bench GEMM's static estimate to, as
// tests/tinytpu/action_model_test.cc holds random programs.
constexpr double kCostBandPercent = 5.0;

int cost_verb(const CostArgs& a) {
  auto m = modelled(a);
  if (!m.ok()) return exit_reporting(m.status());
  const isa::Params& p = m.value().build;
  const ActionModel& model = m.value().model;
  auto structure = composed_structure(p);
  if (!structure.ok()) return exit_reporting(structure.status());
  if (a.bench) {
    // The static estimate beside what the composed region simulates.
    auto runs = tinytpu::bench(a.overrides, architecture, spec_of(a));
    if (!runs.ok()) return exit_reporting(runs.status());
    json rows = json::array();
    Status failed;
    for (const GateRun& r : runs.value())
      if (!r.exact)
        failed.add("bench-failed", "run '" + r.name + "'",
                   "did not simulate exactly, so it has no cycles to set beside: " +
                       r.failure.to_string().substr(0, r.failure.to_string().find('\n')));
    if (!failed.ok()) return exit_reporting(failed);
    for (const GateRun& r : runs.value()) {
      if (r.m == 0) continue;
      auto program = gemm_program(r.m, r.k, r.n, r.relu, r.form, p, r.layout);
      if (!program.ok()) return exit_reporting(program.status());
      auto assembled = assemble(program.value(), p);
      if (!assembled.ok()) return exit_reporting(assembled.status());
      const Cost c = tinytpu::cost(model, assembled.value(), structure.value());
      rows.push_back({{"gemm", r.name}, {"simulated", r.cycles}, {"estimate", c.estimate},
                      {"gap_percent", 100.0 * static_cast<double>(c.estimate - r.cycles) / static_cast<double>(r.cycles)}});
    }
    // A gate: the estimate a user reads before synthesis stays within the
    // band the static cost claims (docs/timing.md), or the run fails by name.
    Status off;
    for (json& r : rows) {
      r["within_band"] = std::abs(r["gap_percent"].get<double>()) <= kCostBandPercent;
      if (!r["within_band"].get<bool>())
        off.add("cost-off-band", "run '" + r["gemm"].get<std::string>() + "'",
                fmt::format("the static estimate {} is {:+.1f}% from the simulated {}, past the {}% band",
                            r["estimate"].get<int64_t>(), r["gap_percent"].get<double>(), r["simulated"].get<int64_t>(),
                            kCostBandPercent));
    }
    if (a.json) {
      print(json{{"build", config(p)}, {"bench", rows}, {"band_percent", kCostBandPercent}, {"within_band", off.ok()}});
      return off.ok() ? 0 : 1;
    }
    std::printf("%-34s %10s %10s %8s\n", "bench GEMM", "simulated", "static", "gap");
    for (const json& r : rows) {
      const std::string name = r["gemm"].get<std::string>();
      std::printf("%-34s %10lld %10lld %+7.1f%%%s\n", name.substr(name.find(' ') + 1).c_str(),
                  static_cast<long long>(r["simulated"].get<int64_t>()), static_cast<long long>(r["estimate"].get<int64_t>()),
                  r["gap_percent"].get<double>(), r["within_band"].get<bool>() ? "" : "  OFF BAND");
    }
    if (!off.ok()) return exit_reporting(off);
    std::printf("WITHIN BAND: every estimate within %g%% of its simulated cycles\n", kCostBandPercent);
    return 0;
  }
  Result<Assembled> assembled = Error{"usage", "`loom cost`", "needs a program FILE, --gemm MxKxN or --bench"};
  std::string what;
  if (!a.gemm.empty()) {
    auto mkn = shape(a.gemm);
    if (!mkn.ok()) return exit_reporting(mkn.status(), kExitUsage);
    auto program = gemm_program(mkn.value()[0], mkn.value()[1], mkn.value()[2], false, Form::looped, p);
    if (!program.ok()) return exit_reporting(program.status());
    assembled = assemble(program.value(), p);
    if (assembled.ok())
      if (Status fits = check_fits(static_cast<int64_t>(assembled.value().encoded.words.size()), p); !fits.ok())
        return exit_reporting(fits);
    what = "gemm " + a.gemm;
  } else if (!a.file.empty()) {
    assembled = assemble_file(a.file, p);
    what = a.file;
  } else {
    return exit_reporting(assembled.status(), kExitUsage);
  }
  if (!assembled.ok()) return exit_reporting(assembled.status());
  const Cost c = tinytpu::cost(model, assembled.value(), structure.value());
  if (a.json) {
    json j = cost_json(c, model);
    j["build"] = config(p);
    j["program"] = what;
    print(j);
    return 0;
  }
  print(c.table);
  return 0;
}

int gen_isa(const GenIsaArgs& a) {
  const std::string root = root_of(a);
  const std::string spec = spec_of(a);
  if (!a.check) {
    const Status written = write_generated(root, spec);
    if (!written.ok()) return exit_reporting(written);
    std::printf("wrote %s/%s and the tables in %s/%s\n", root.c_str(), std::string(kEncodingPath).c_str(), root.c_str(),
                std::string(kDocPath).c_str());
    return 0;
  }
  const Status checked = check_isa(root, spec);
  if (!checked.ok()) {
    exit_reporting(checked);
    std::fprintf(stderr, "ISA CHECK FAILED: %zu disagreement%s\n", checked.errors().size(),
                 checked.errors().size() == 1 ? "" : "s");
    return 1;
  }
  std::printf("ISA OK\n");
  return 0;
}

int assemble_command(const AsmArgs& a) {
  auto p = build_from(a.overrides);
  if (!p.ok()) return exit_reporting(p.status());
  auto assembled = assemble_file(a.file, p.value());
  if (!assembled.ok()) return exit_reporting(assembled.status());
  print(listing(assembled.value()));
  return 0;
}

int reference(const RefArgs& a) {
  auto p = build_from(a.overrides);
  if (!p.ok()) return exit_reporting(p.status());
  auto assembled = assemble_file(a.file, p.value());
  if (!assembled.ok()) return exit_reporting(assembled.status());
  auto layout = parse_layout(a.layout);
  if (!layout.ok()) return exit_reporting(layout.status(), kExitUsage);
  IsaState state(p.value(), layout.value());
  std::fill(state.C.begin(), state.C.end(), 0);
  Status inputs = read_matrix(a.a, p.value(), state.layout, state.A);
  inputs.merge(read_matrix(a.b, p.value(), state.layout, state.B));
  if (!inputs.ok()) return exit_reporting(inputs);
  const Status ran = run_reference(assembled.value().encoded, state);
  if (!ran.ok()) return exit_reporting(ran);
  const std::string csv = matrix_csv(p.value(), state.layout, state.C);
  if (a.out.empty()) {
    print(csv);
    return 0;
  }
  const Status written = write_file(a.out, csv);
  return written.ok() ? 0 : exit_reporting(written);
}

int demo(const DemoArgs& a) {
  std::printf("== TinyTPU: an int8 instruction-programmable tiled-GEMM accelerator, composed from units\n\n");
  auto region = compose_for(architecture(a.overrides), a.overrides);
  if (!region.ok()) return exit_reporting(region.status());
  const isa::Params p = isa_params(region.value());
  std::printf("%s\n", region.value().summary().c_str());

  const int64_t side = p.MAXDIM;
  std::printf("== A %lldx%lldx%lld GEMM with ReLU, written as a loop nest (isa_dsl.gemm_program):\n\n",
              static_cast<long long>(side), static_cast<long long>(side), static_cast<long long>(side));
  auto program = gemm_program(side, side, side, true, Form::looped, p);
  if (!program.ok()) return exit_reporting(program.status());
  std::printf("%s\n", to_text(program.value()).c_str());

  std::printf("== Assembled and validated: check_program walks the exact dynamic trace\n");
  auto assembled = assemble(program.value(), p);
  if (!assembled.ok()) return exit_reporting(assembled.status());
  std::printf("   %zu words, %lld dynamic instructions, %lld accumulator iterations; headers:",
              assembled.value().encoded.words.size(), static_cast<long long>(assembled.value().walk.instructions),
              static_cast<long long>(assembled.value().walk.accu_iterations));
  for (size_t h = 0; h < isa::kHeaderCount; ++h)
    std::printf(" %s=%lld", std::string(isa::kHeaderUnits[h]).c_str(), static_cast<long long>(assembled.value().walk.counts[h]));
  std::printf("\n   A program the hardware would get wrong is refused by name:\n");
  Program bad;
  bad.add(isa::dma_ld(p.T, 2, 0, 0, p.MAXDIM / p.T)).add(isa::mm(p.T, 0, 0, 0, 0)).halt();
  auto refused = assemble(bad, p);
  std::printf("   %s\n", refused.ok() ? "(unexpectedly accepted)" : refused.errors()[0].to_string().c_str());

  std::printf("== Simulated on the composed region (full-range int8 operands, seed %llu), and checked\n"
              "   against the ISA reference model:\n\n",
              static_cast<unsigned long long>(a.seed));
  const IsaState initial = random_state(p, a.seed);
  auto work = program_workload(region.value(), assembled.value(), initial);
  if (!work.ok()) return exit_reporting(work.status());
  auto run = run_workload(region.value(), work.value(), "the demo's GEMM");
  if (!run.ok()) return exit_reporting(run.status());
  const SimResult& result = run.value().sim;
  std::printf("%s", sim_report(region.value(), result).c_str());
  if (!result.ok()) return 1;
  const Status& check = run.value().check;
  const int64_t macs = side * side * side / (p.T * p.T);
  std::printf("\ncheck against the reference model: %s\n%s", check.ok() ? "EXACT" : "MISMATCH", check.to_string().c_str());
  std::printf("array utilisation: the MAC limit %lld cycles / %lld simulated = %.1f%%\n\n", static_cast<long long>(macs),
              static_cast<long long>(result.cycles),
              100.0 * static_cast<double>(macs) / static_cast<double>(result.cycles));
  std::printf("== More: loom bench | loom stress | loom sim --machine tinytpu --param T=8 --param MAXDIM=64\n"
              "         loom dot --machine tinytpu | dot -Tsvg > tinytpu.svg | loom gen-isa --check\n"
              "         loom hls --machine tinytpu --out DIR && make -C DIR csim\n");
  return check.ok() ? 0 : 1;
}

// Adds --root and --spec, and returns `a`'s run.
template <class Args>
VerbRun with_spec(CLI::App& cmd, std::shared_ptr<Args> a, int (*verb)(const Args&)) {
  add_spec_paths(cmd, a->root, a->spec);
  return run_with(a, verb);
}

const VerbRegistration kDemo({"demo", "tinytpu",
                              "the machine end to end: a program assembled, validated, simulated on the composed region "
                              "and checked against the reference",
                              kDemoRank, true, [](CLI::App& cmd) {
                                auto a = std::make_shared<DemoArgs>();
                                add_seed(cmd, a->seed, "the operands' seed");
                                return run_with(a, demo);
                              }});

const VerbRegistration kBench({"bench", "tinytpu", kBenchHelp, kBenchRank, true, [](CLI::App& cmd) {
                                 auto a = std::make_shared<BenchArgs>();
                                 add_json(cmd, a->json);
                                 add_rewrite_cycles(cmd, a->rewrite_cycles);
                                 add_pipeline_style(cmd, a->pipeline_style);
                                 return with_spec(cmd, a, bench_verb);
                               }});

const VerbRegistration kStress({"stress", "tinytpu", kStressHelp, kStressRank, true, [](CLI::App& cmd) {
                                  auto a = std::make_shared<StressArgs>();
                                  add_json(cmd, a->json);
                                  return with_spec(cmd, a, stress_verb);
                                }});

const VerbRegistration kGenIsa({"gen-isa", "tinytpu",
                                "write the encoding header and the docs tables from the ISA spec; --check regenerates, "
                                "compares byte for byte and holds the design to the spec",
                                kGenIsaRank, false, [](CLI::App& cmd) {
                                  auto a = std::make_shared<GenIsaArgs>();
                                  once(cmd.add_flag("--check", a->check,
                                                    "compare instead of writing; print ISA OK or each disagreement"));
                                  return with_spec(cmd, a, gen_isa);
                                }});

const VerbRegistration kAsm({"asm", "tinytpu",
                             "assemble and validate a program; print its words and headers, or every named error", kAsmRank,
                             true, [](CLI::App& cmd) {
                               auto a = std::make_shared<AsmArgs>();
                               add_path(cmd, "FILE", a->file, "the program")->required();
                               return run_with(a, assemble_command);
                             }});

const VerbRegistration kRef({"ref", "tinytpu", "run a program on the ISA reference model; print C as CSV", kRefRank, true,
                             [](CLI::App& cmd) {
                               auto a = std::make_shared<RefArgs>();
                               add_path(cmd, "FILE", a->file, "the program")->required();
                               add_path(cmd, "--a", a->a,
                                        "DRAM matrix A as CSV: one row a line, int8; a smaller one fills the top-left corner")
                                   ->required();
                               add_path(cmd, "--b", a->b, "DRAM matrix B, likewise")->required();
                               add_path(cmd, "--out", a->out, "write C there instead of to standard output");
                               once(add_layout_option(cmd, a->layout));
                               return run_with(a, reference);
                             }});

const VerbRegistration kProject({"project", "tinytpu", kProjectHelp, kProjectRank, true, [](CLI::App& cmd) {
                                   auto a = std::make_shared<ProjectArgs>();
                                   add_json(cmd, a->json);
                                   return with_spec(cmd, a, project_verb);
                                 }});

const VerbRegistration kCost({"cost", "tinytpu", kCostHelp, kCostRank, true, [](CLI::App& cmd) {
                                auto a = std::make_shared<CostArgs>();
                                auto* file = add_path(cmd, "FILE", a->file, "the program");
                                auto* gemm = once(cmd.add_option("--gemm", a->gemm, "a looped GEMM instead of a FILE"))
                                                 ->type_name("MxKxN")
                                                 ->check(nonempty());
                                auto* beside = once(cmd.add_flag("--bench", a->bench,
                                                                 "the estimate of each bench GEMM beside its simulated cycles"));
                                file->excludes(gemm)->excludes(beside);
                                gemm->excludes(beside);
                                add_json(cmd, a->json);
                                return with_spec(cmd, a, cost_verb);
                              }});

const VerbRegistration kConform({"conform", "tinytpu", kConformHelp, kConformRank, true, [](CLI::App& cmd) {
                                   auto a = std::make_shared<ConformArgs>();
                                   add_seed(cmd, a->seed, "the operands' seed");
                                   add_json(cmd, a->json);
                                   add_model_only(cmd, a->model_only);
                                   once(cmd.add_option("--workload", a->workload,
                                                       "narrow the run to these families (comma-separated): sim "
                                                       "(`loom sim`'s GEMM), bench, stress; default all three")
                                            ->delimiter(',')
                                            ->type_name("FAMILY[,FAMILY...]")
                                            ->check(CLI::IsMember({"sim", "bench", "stress"})));
                                   return with_spec(cmd, a, conform_verb);
                                 }});

}  // namespace
}  // namespace loom::tinytpu
