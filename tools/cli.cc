// The `loom` command line: one subcommand per verb, each taking exactly its own
// options (CLI11); tools/loom.cc is its main. The verbs every composed region has (describe, dot, sim,
// hls) are here; the rest are the machines' own (machines/verbs.h), offered by
// whichever machines the registry says. Exit status: 0 done, 1 the input is
// wrong, 2 the command line is (docs/cli.md).
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "tools/cli.h"

#include "common/report.h"
#include "compose/depths.h"
#include "compose/describe.h"
#include "compose/dot.h"
#include "compose/sim/chrome_trace.h"
#include "compose/sim/sim_report.h"
#include "compose/sim/simulator.h"
#include "machines/registry.h"
#include "tools/fifo_command.h"
#include "tools/hls_command.h"
#include "units/parameter_set.h"

namespace loom {
namespace {

// `bazel run` starts the tool in its runfiles; a relative path means where the
// user typed the command.
std::string user_path(const std::string& path) {
  const char* cwd = std::getenv("BUILD_WORKING_DIRECTORY");
  return path.empty() || path[0] == '/' || cwd == nullptr ? path : std::string(cwd) + "/" + path;
}

int usage(const std::string& where, const std::string& message) {
  return exit_reporting(Error{"usage", where, message}, kExitUsage);
}

// An option's value as CLI11 checks it: an error message, or "" when it is good.
CLI::Validator nonempty() {
  return CLI::Validator([](std::string& v) { return v.empty() ? std::string("an empty value") : std::string(); },
                        "", "NONEMPTY");
}

// A decimal integer in [min, INT64_MAX], digits only: no hex, no sign, no
// silent clamping of a value too large.
CLI::Validator integer_at_least(int64_t min) {
  return CLI::Validator(
      [min](std::string& v) -> std::string {
        int64_t value = 0;
        auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), value);
        if (v.empty() || ec != std::errc() || end != v.data() + v.size() || value < min)
          return "'" + v + "' is not a decimal integer from " + std::to_string(min) + " to " +
                 std::to_string(INT64_MAX);
        return "";
      },
      "", "");
}

// A percentage from 0 to `max`, written as decimal digits with at most one
// point: no sign, exponent, hex, nan or inf.
CLI::Validator percentage_up_to(double max) {
  return CLI::Validator(
      [max](std::string& v) -> std::string {
        const std::string bad = "'" + v + "' is not a decimal percentage from 0 to " + std::to_string(static_cast<int>(max));
        size_t digits = 0, points = 0;
        for (char ch : v) {
          if (ch >= '0' && ch <= '9') ++digits;
          else if (ch == '.') ++points;
          else return bad;
        }
        if (digits == 0 || points > 1 || v.front() == '.' || v.back() == '.') return bad;
        return std::strtod(v.c_str(), nullptr) <= max ? "" : bad;  // strtod: no throw, HUGE_VAL past double
      },
      "", "");
}

// Flags and options given once: a second is refused, as a repeated --param is.
CLI::Option* once(CLI::Option* o) { return o->multi_option_policy(CLI::MultiOptionPolicy::Throw); }

// What every verb that composes a machine takes: --machine and --param.
struct MachineOptions {
  std::string machine;
  std::vector<std::string> params;
  std::vector<std::string> depths;  // --depth NAME=N
  std::string depths_file;          // --depths FILE
};

// The machines that offer a verb, in the registry's order.
std::vector<const MachineEntry*> offering(const std::function<bool(const MachineEntry&)>& offers) {
  std::vector<const MachineEntry*> out;
  for (const MachineEntry& m : machines())
    if (offers(m)) out.push_back(&m);
  return out;
}

std::string names(const std::vector<const MachineEntry*>& ms) {
  std::string out;
  for (const MachineEntry* m : ms) out += (out.empty() ? "" : ", ") + m->name;
  return out;
}

// --depth and --depths, for the verbs that show or run a region's FIFOs.
void add_depth_options(CLI::App* verb, MachineOptions& o) {
  verb->add_option("--depth", o.depths,
                   "a FIFO depth, NAME=N: one element (wq[3]) or a whole array (wq); repeatable, each element once")
      ->type_name("NAME=N")
      ->expected(1)
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  once(verb->add_option("--depths", o.depths_file, "FIFO depths from a file `loom fifo --out` wrote"))
      ->type_name("FILE")
      ->check(nonempty());
}

void add_machine_options(CLI::App* verb, MachineOptions& o, const std::vector<const MachineEntry*>& offered,
                         bool params = true) {
  once(verb->add_option("--machine", o.machine,
                        "the machine: " + names(offered) + " (default: " + (offered.empty() ? "none" : offered[0]->name) +
                            ")"))
      ->type_name("NAME")
      ->check(nonempty());
  if (params)
    verb->add_option("--param", o.params, "override a parameter, NAME=VALUE; repeatable, each name once")
        ->type_name("NAME=VALUE")
        ->expected(1)
        ->allow_extra_args(false)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}

// The machine a verb runs on, and its parameter overrides; errors are the
// command line's (exit 2).
struct Chosen {
  const MachineEntry* machine = nullptr;
  Overrides overrides;
  std::string depths_file;           // --depths, read once the machine is known
  std::vector<DepthSetting> depths;  // --depth, each of which reads as NAME=N
};

// The depths asked for: the file's, then the command line's. A file that
// cannot be read or is not a depths file is the input's error (exit 1), as a
// setting it gives that the region refuses is.
Result<std::vector<DepthSetting>> depth_settings(const Chosen& c) {
  std::vector<DepthSetting> out;
  if (!c.depths_file.empty()) {
    auto file = read_depths_file(c.depths_file);
    if (!file.ok()) return file.status();
    out = file.value();
  }
  out.insert(out.end(), c.depths.begin(), c.depths.end());
  return out;
}
Result<Chosen> choose(const std::string& verb, const MachineOptions& o, const std::vector<const MachineEntry*>& offered) {
  Chosen c;
  if (o.machine.empty()) {
    if (offered.empty()) return Error{"usage", "`loom " + verb + "`", "no machine offers it"};
    c.machine = offered[0];
  } else {
    auto found = find_machine(o.machine);
    if (!found.ok()) return found.status();
    c.machine = found.value();
    bool offers = false;
    for (const MachineEntry* m : offered) offers = offers || m == c.machine;
    if (!offers)
      return Error{"verb-not-offered", "machine '" + o.machine + "'",
                   "does not offer `loom " + verb + "`; the machines that do: " + names(offered)};
  }
  Status status;
  std::set<std::string> seen;
  for (const std::string& text : o.params) {
    auto parsed = parse_override(text);
    if (!parsed.ok()) {
      status.merge(parsed.status());
      continue;
    }
    if (!seen.insert(parsed.value().first).second)
      status.add("duplicate-override", "parameter '" + parsed.value().first + "'",
                 "is given twice on the command line; give each parameter once");
    c.overrides.push_back(parsed.value());
  }
  if (!o.depths_file.empty()) c.depths_file = user_path(o.depths_file);
  // A setting that does not read as NAME=N is the command line's error, as a
  // malformed --param is; what the region makes of it comes later.
  for (const std::string& d : o.depths) {
    c.depths.push_back({d, "--depth"});
    status.merge(check_depth_syntax(c.depths.back()));
  }
  if (!status.ok()) return status;
  return c;
}

// The machine's region, with the depths asked for; or, given `run_depths`,
// the region as declared and the depths there, for a run's SimOptions.
Result<Region> compose(const Chosen& c, std::vector<int64_t>* run_depths = nullptr) {
  auto arch = c.machine->architecture(c.overrides);
  if (!arch.ok()) return arch.status();
  auto region = arch.value().compose(c.overrides);
  if (!region.ok()) return region;
  auto settings = depth_settings(c);
  if (!settings.ok()) return settings.status();
  auto depths = resolve_depths(region.value(), settings.value());
  if (!depths.ok()) return depths.status();
  if (run_depths != nullptr) *run_depths = depths.value();
  else set_depths(region.value(), depths.value());
  return region;
}

struct SimFlags {
  std::vector<int64_t> depths;  // each channel's, for the run
  std::string engine = "coupled";
  uint64_t seed = 0;
  int64_t max_cycles = SimOptions{}.max_cycles, max_steps = SimOptions{}.max_steps;
  std::string trace;
  bool json = false;
};

// Simulates a region on its machine's workload and prints the report; 0 only
// when the run completed and matched the reference.
int simulate_and_report(const MachineEntry& machine, const Region& region, const SimFlags& f) {
  // A trace that cannot be written is named before the run, not after it.
  if (!f.trace.empty() && !std::ofstream(user_path(f.trace), std::ios::app).good())
    return exit_reporting(Error{"trace", "file '" + user_path(f.trace) + "'", "cannot be written"});
  auto work = machine.workload(region, f.seed);
  if (!work.ok()) return exit_reporting(work.status());
  // The trace, if asked for, subscribes to the run as a view; the report and
  // the JSON format its result.
  TraceView trace;
  SimOptions options;
  options.max_cycles = f.max_cycles;
  options.max_steps = f.max_steps;
  options.depths = f.depths;
  options.engine = f.engine == "trace" ? SimOptions::Engine::trace : SimOptions::Engine::coupled;
  if (!f.trace.empty()) options.listeners.push_back(&trace);
  auto result = simulate(region, work.value().inputs, options);
  if (!result.ok()) return exit_reporting(result.status());
  const SimResult& run = result.value();
  const Status check = run.ok() ? work.value().check(run.arguments) : Status();
  const int code = run.ok() && check.ok() ? 0 : 1;
  if (!f.trace.empty()) {
    const std::string path = user_path(f.trace);
    std::ofstream file(path);
    file << trace.text();
    if (!file.good()) return exit_reporting(Error{"trace", "file '" + path + "'", "could not be written"});
  }
  if (f.json) {
    nlohmann::json j = sim_json(region, run);
    j["machine"] = machine.name;
    j["workload"] = work.value().description;
    j["seed"] = f.seed;
    j["check"] = {{"verdict", !run.ok() ? "not-run" : check.ok() ? "EXACT" : "MISMATCH"}, {"mismatches", nlohmann::json::array()}};
    for (const Error& e : check.errors())
      j["check"]["mismatches"].push_back({{"kind", e.kind}, {"where", e.where}, {"message", e.message}});
    std::printf("%s\n", j.dump(2).c_str());
    return code;
  }
  std::printf("workload: %s\n", work.value().description.c_str());
  std::printf("%s", sim_report(region, run).c_str());
  if (run.ok())
    std::printf("\ncheck against the reference: %s\n%s", check.ok() ? "EXACT" : "MISMATCH", check.to_string().c_str());
  if (!f.trace.empty()) std::printf("trace: %s (%zu process tracks)\n", user_path(f.trace).c_str(), run.processes.size());
  return code;
}

}  // namespace

int run_cli(int argc, char** argv, CliMode mode) {
  CLI::App app{"loom: compose HLS dataflow accelerators from units, simulate them, cost their instructions and "
               "emit Vitis HLS projects.\nRun `loom VERB --help` for a verb's options; docs/cli.md has them all."};
  app.name("loom");
  app.require_subcommand(1);
  app.fallthrough(false);
  std::function<int()> action;

  // The verbs every machine has.
  const auto all = offering([](const MachineEntry&) { return true; });
  app.add_subcommand("machines", "list the machines and the verbs each offers")->callback([&] {
    action = [&] {
      for (const MachineEntry& m : machines()) {
        std::string verbs = "describe dot sim hls";
        for (const auto& [name, member] : std::vector<std::pair<const char*, Verb MachineVerbs::*>>{
                 {"demo", &MachineVerbs::demo}, {"bench", &MachineVerbs::bench}, {"stress", &MachineVerbs::stress},
                 {"gen-isa", &MachineVerbs::gen_isa}, {"asm", &MachineVerbs::assemble}, {"ref", &MachineVerbs::reference},
                 {"project", &MachineVerbs::project}, {"cost", &MachineVerbs::cost}, {"conform", &MachineVerbs::conform}})
          if (m.verbs.*member) verbs += std::string(" ") + name;
        std::printf("%-10s %s\n%-10s verbs: %s\n", m.name.c_str(), m.summary.c_str(), "", verbs.c_str());
      }
      return 0;
    };
  });

  MachineOptions region_options;
  bool describe_json = false;
  auto* describe = app.add_subcommand("describe", "the composed region: units, channels, memories, arguments");
  add_machine_options(describe, region_options, all);
  add_depth_options(describe, region_options);
  once(describe->add_flag("--json", describe_json, "one JSON document (docs/cli.md)"));
  describe->callback([&] {
    action = [&] {
      auto c = choose("describe", region_options, all);
      if (!c.ok()) return exit_reporting(c.status(), kExitUsage);
      auto region = compose(c.value());
      if (!region.ok()) return exit_reporting(region.status());
      const std::string text = describe_json ? loom::describe_json(region.value()).dump(2) + "\n" : loom::describe(region.value());
      std::fwrite(text.data(), 1, text.size(), stdout);
      return 0;
    };
  });

  auto* dot = app.add_subcommand("dot", "the region's channel graph as Graphviz DOT, on standard output");
  add_machine_options(dot, region_options, all);
  add_depth_options(dot, region_options);
  DotOptions dot_options;
  once(dot->add_flag("--per-placement", dot_options.per_placement,
                     "one node per placement and one edge per channel array, instead of one per instance and element"));
  once(dot->add_option("--wrap", dot_options.wrap,
                       "wrap a vector of instances into rows of N (default 8; 0: one row however long)"))
      ->type_name("N")
      ->check(CLI::Range(0, 1 << 20));
  dot->callback([&] {
    action = [&] {
      auto c = choose("dot", region_options, all);
      if (!c.ok()) return exit_reporting(c.status(), kExitUsage);
      auto region = compose(c.value());
      if (!region.ok()) return exit_reporting(region.status());
      const std::string text = to_dot(region.value(), dot_options);
      std::fwrite(text.data(), 1, text.size(), stdout);
      return 0;
    };
  });

  SimFlags sim_flags;
  auto* sim = app.add_subcommand("sim", "simulate the region on its workload: cycles, per-unit busy and stall cycles, "
                                        "FIFO occupancy, the check against the reference, a deadlock report if it hangs");
  add_machine_options(sim, region_options, all);
  add_depth_options(sim, region_options);
  once(sim->add_option("--seed", sim_flags.seed, "the workload's random seed (default 0)"))
      ->type_name("N")
      ->check(integer_at_least(0));
  once(sim->add_option("--max-cycles", sim_flags.max_cycles, "the watchdog's cycle bound"))
      ->type_name("N")
      ->check(integer_at_least(1))
      ->capture_default_str();
  once(sim->add_option("--max-steps", sim_flags.max_steps, "the watchdog's bound on channel and memory accesses"))
      ->type_name("N")
      ->check(integer_at_least(1))
      ->capture_default_str();
  once(sim->add_option("--trace", sim_flags.trace, "write busy and blocked intervals as Chrome trace-event JSON"))
      ->type_name("FILE")
      ->check(nonempty());
  once(sim->add_option("--engine", sim_flags.engine,
                       "coupled (each access timed as the body makes it) or trace (the bodies run once, unbounded, "
                       "and the trace timed at the depths); both report the same run (docs/timing.md)"))
      ->type_name("ENGINE")
      ->check(CLI::IsMember({"coupled", "trace"}))
      ->capture_default_str();
  once(sim->add_flag("--json", sim_flags.json, "one JSON document (docs/cli.md)"));
  sim->callback([&] {
    action = [&] {
      auto c = choose("sim", region_options, all);
      if (!c.ok()) return exit_reporting(c.status(), kExitUsage);
      auto region = compose(c.value(), &sim_flags.depths);
      if (!region.ok()) return exit_reporting(region.status());
      return simulate_and_report(*c.value().machine, region.value(), sim_flags);
    };
  });

  FifoCommand fifo_options;
  auto* fifo = app.add_subcommand("fifo", "the smallest FIFO depths the machine's workload allows, by re-timing its traces: "
                                          "a table of depths and storage, and a depths file for --depths");
  add_machine_options(fifo, region_options, all);
  once(fifo->add_option("--tolerance", fifo_options.tolerance_percent,
                        "how many percent more cycles than with unbounded FIFOs each run may take (default 0)"))
      ->type_name("PCT")
      ->check(percentage_up_to(1000));
  once(fifo->add_option("--out", fifo_options.out, "write the depths found there, as JSON (--depths takes it)"))
      ->type_name("FILE")
      ->check(nonempty());
  once(fifo->add_flag("--json", fifo_options.json, "one JSON document (docs/cli.md)"));
  fifo->callback([&] {
    action = [&] {
      auto c = choose("fifo", region_options, all);
      if (!c.ok()) return exit_reporting(c.status(), kExitUsage);
      auto region = compose(c.value());
      if (!region.ok()) return exit_reporting(region.status());
      FifoCommand f = fifo_options;
      if (!f.out.empty()) f.out = user_path(f.out);
      return fifo_command(*c.value().machine, region.value(), f);
    };
  });

  HlsCommand hls_options;
  auto* hls = app.add_subcommand("hls", "write the region as a Vitis HLS project, C-simulated by its Makefile "
                                        "(docs/hls.md)");
  add_machine_options(hls, region_options, all);
  add_depth_options(hls, region_options);
  once(hls->add_option("--out", hls_options.out, "the project directory: new, empty, or an earlier Loom project"))
      ->type_name("DIR")
      ->required()
      ->check(nonempty());
  once(hls->add_option("--part", hls_options.options.part, "the FPGA part"))->type_name("PART")->capture_default_str();
  once(hls->add_option("--clock-ns", hls_options.options.clock_ns, "the clock period in ns, 0.5 to 100"))
      ->type_name("NS")
      ->capture_default_str();
  once(hls->add_option("--root", hls_options.root, "where a machine's spec is read from (default: the workspace)"))
      ->type_name("DIR")
      ->check(nonempty());
  hls->callback([&] {
    action = [&] {
      auto c = choose("hls", region_options, all);
      if (!c.ok()) return exit_reporting(c.status(), kExitUsage);
      HlsCommand h = hls_options;
      h.machine = c.value().machine->name;
      h.overrides = c.value().overrides;
      auto settings = depth_settings(c.value());
      if (!settings.ok()) return exit_reporting(settings.status());
      h.depths = settings.value();
      h.out = user_path(h.out);
      h.root = user_path(h.root);
      return hls_command(h);
    };
  });

  // The machines' own verbs.
  VerbArgs args;
  MachineOptions machine_options;
  const auto add_verb = [&](const char* name, const char* help, Verb MachineVerbs::*member, bool params) {
    auto offered = offering([member](const MachineEntry& m) { return static_cast<bool>(m.verbs.*member); });
    // The default is the first machine that offers the verb as its own, not by implication.
    std::stable_partition(offered.begin(), offered.end(), [name](const MachineEntry* m) {
      return std::find(m->verbs.implied.begin(), m->verbs.implied.end(), name) == m->verbs.implied.end();
    });
    CLI::App* verb = app.add_subcommand(name, help);
    add_machine_options(verb, machine_options, offered, params);
    verb->callback([&, name, member, offered] {
      action = [&, name, member, offered] {
        auto c = choose(name, machine_options, offered);
        if (!c.ok()) return exit_reporting(c.status(), kExitUsage);
        VerbArgs a = args;
        a.overrides = c.value().overrides;
        a.progress = true;  // shown only where standard error is a terminal
        for (std::string* path : {&a.file, &a.a, &a.b, &a.out, &a.root, &a.spec}) *path = user_path(*path);
        return (c.value().machine->verbs.*member)(a);
      };
    });
    return verb;
  };
  const auto add_spec = [&](CLI::App* verb) {
    once(verb->add_option("--root", args.root, "the workspace holding the machine's spec (default: the workspace)"))
        ->type_name("DIR")
        ->check(nonempty());
    once(verb->add_option("--spec", args.spec, "the spec itself (default: ROOT's)"))->type_name("FILE")->check(nonempty());
  };
  auto* demo = add_verb("demo", "the machine end to end: a program assembled, validated, simulated on the composed "
                                "region and checked against the reference", &MachineVerbs::demo, true);
  once(demo->add_option("--seed", args.seed, "the operands' seed (default 0)"))->type_name("N")->check(integer_at_least(0));
  auto* bench = add_verb("bench", "the performance gate: every run checked against the reference, and its cycles held "
                                 "to the table committed in ROOT/machines/cycles/",
                         &MachineVerbs::bench, true);
  once(bench->add_flag("--json", args.json, "one JSON document (docs/cli.md)"));
  once(bench->add_flag("--rewrite-cycles", args.rewrite_cycles,
                       "write the cycles measured into the committed table instead of holding them to it; say in the "
                       "commit why each row moved"));
  add_spec(bench);
  auto* stress = add_verb("stress", "the correctness gate: hundreds of runs, each checked against the reference; "
                                    "a progress line on a terminal", &MachineVerbs::stress, true);
  once(stress->add_flag("--json", args.json, "one JSON document (docs/cli.md)"));
  add_spec(stress);
  auto* gen_isa = add_verb("gen-isa", "write the encoding header and the docs tables from the ISA spec; --check "
                                      "regenerates, compares byte for byte and holds the design to the spec",
                           &MachineVerbs::gen_isa, false);
  once(gen_isa->add_flag("--check", args.check, "compare instead of writing; print ISA OK or each disagreement"));
  add_spec(gen_isa);
  auto* assemble = add_verb("asm", "assemble and validate a program; print its words and headers, or every named "
                                   "error", &MachineVerbs::assemble, true);
  assemble->add_option("FILE", args.file, "the program")->required()->check(nonempty());
  auto* ref = add_verb("ref", "run a program on the ISA reference model; print C as CSV", &MachineVerbs::reference, true);
  ref->add_option("FILE", args.file, "the program")->required()->check(nonempty());
  once(ref->add_option("--a", args.a, "DRAM matrix A as CSV: one row a line, int8; a smaller one fills the top-left corner"))
      ->type_name("FILE")
      ->required()
      ->check(nonempty());
  once(ref->add_option("--b", args.b, "DRAM matrix B, likewise"))->type_name("FILE")->required()->check(nonempty());
  once(ref->add_option("--out", args.out, "write C there instead of to standard output"))->type_name("FILE")->check(nonempty());
  auto* project = add_verb("project", "the action model projected onto the composed region: every port DERIVED, ALIAS, "
                                      "ARITHMETIC or COUNTING, and the unmodelled table", &MachineVerbs::project, true);
  once(project->add_flag("--json", args.json, "one JSON document (docs/cli.md)"));
  add_spec(project);
  auto* cost = add_verb("cost", "per instruction: units reached, steps, span and initiation; per program: work per "
                                "unit, the bottleneck, a static estimate and the open obligations", &MachineVerbs::cost, true);
  auto* file = cost->add_option("FILE", args.file, "the program")->check(nonempty());
  auto* gemm = once(cost->add_option("--gemm", args.gemm, "a looped GEMM instead of a FILE"))->type_name("MxKxN")->check(nonempty());
  auto* beside = once(cost->add_flag("--bench", args.bench, "the estimate of each bench GEMM beside its simulated cycles"));
  file->excludes(gemm)->excludes(beside);
  gemm->excludes(beside);
  once(cost->add_flag("--json", args.json, "one JSON document (docs/cli.md)"));
  add_spec(cost);
  auto* conform = add_verb("conform", "the workload three ways: the reference model, the action executor and the "
                                      "simulated unit bodies, every output element compared", &MachineVerbs::conform, true);
  once(conform->add_option("--seed", args.seed, "the operands' seed (default 0)"))->type_name("N")->check(integer_at_least(0));
  once(conform->add_flag("--json", args.json, "one JSON document (docs/cli.md)"));
  once(conform->add_flag("--model-only", args.model_only,
                         "two ways: the reference and the action executor, with no unit body simulated"));
  add_spec(conform);

  std::string verbs;
  bool known = false;
  for (const CLI::App* sub : app.get_subcommands({})) {
    verbs += (verbs.empty() ? "" : ", ") + sub->get_name();
    known = known || (argc > 1 && sub->get_name() == argv[1]);
  }
  if (argc > 1 && argv[1][0] != '-' && !known)
    return usage("`loom`", "'" + std::string(argv[1]) + "' is not a verb; the verbs are " + verbs);
  if (argc > 1 && argv[1][0] == '-' && std::string(argv[1]) != "-h" && std::string(argv[1]) != "--help")
    return usage("`loom`", "'" + std::string(argv[1]) + "' comes before the verb; a verb's options follow it (loom VERB --help)");
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    std::printf("%s", app.help().c_str());
    return kExitOk;
  } catch (const CLI::CallForAllHelp&) {
    std::printf("%s", app.help("", CLI::AppFormatMode::All).c_str());
    return kExitOk;
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) {  // --help on a verb
      app.exit(e);
      return kExitOk;
    }
    std::string verb;
    for (const CLI::App* sub : app.get_subcommands()) verb = sub->get_name();
    return usage(verb.empty() ? "`loom`" : "`loom " + verb + "`",
                 std::string(e.what()) + " (see `loom" + (verb.empty() ? "" : " " + verb) + " --help`)");
  }
  if (mode == CliMode::parse_only) return kExitOk;
  return action ? action() : usage("`loom`", "no verb given");
}

}  // namespace loom
