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

#include "common/files.h"
#include "common/report.h"
#include "compose/depths.h"
#include "compose/describe.h"
#include "compose/dot.h"
#include "compose/sim/chrome_trace.h"
#include "compose/sim/sim_report.h"
#include "compose/sim/simulator.h"
#include "machines/registry.h"
#include "machines/sim_program.h"
#include "machines/verb_options.h"
#include "machines/workload_run.h"
#include "tools/fifo_command.h"
#include "tools/hls_command.h"
#include "units/parameter_set.h"

namespace loom {
namespace {

int usage(const std::string& where, const std::string& message) {
  return exit_reporting(Error{"usage", where, message}, kExitUsage);
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
  auto region = compose_for(c.machine->architecture(c.overrides), c.overrides);
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
  SimOptions::PipelineStyle pipeline_style = SimOptions::PipelineStyle::flushable;
  uint64_t seed = 0;
  int64_t max_cycles = SimOptions{}.max_cycles, max_steps = SimOptions{}.max_steps;
  std::string trace;
  bool json = false;
};

// A trace that cannot be written is named before the run, not after it.
Status trace_writable(const SimFlags& f) {
  if (!f.trace.empty() && !std::ofstream(user_path(f.trace), std::ios::app).good())
    return Error{"trace", "file '" + user_path(f.trace) + "'", "cannot be written"};
  return {};
}

// Simulates a region on a workload (the machine's, or a program's, whose
// `finish` then writes its outputs and adds to the report) and prints the
// report; 0 only when the run completed and matched the reference.
int simulate_and_report(const MachineEntry& machine, const Region& region, const SimFlags& f, const Workload& work,
                        const std::function<Result<SimProgramReport>(const SimResult&)>& finish = nullptr) {
  // The trace, if asked for, subscribes to the run as a view; the report and
  // the JSON format its result.
  TraceView trace;
  SimOptions options;
  options.max_cycles = f.max_cycles;
  options.max_steps = f.max_steps;
  options.depths = f.depths;
  options.engine = f.engine == "trace" ? SimOptions::Engine::trace : SimOptions::Engine::coupled;
  options.pipeline_style = f.pipeline_style;
  if (!f.trace.empty()) options.listeners.push_back(&trace);
  const std::string where = finish ? std::string("the program") : "seed " + std::to_string(f.seed);
  auto result = run_workload(region, work, where, options);
  if (!result.ok()) return exit_reporting(result.status());
  const SimResult& run = result.value().sim;
  // Only a completed run is checked: the report says why one did not complete.
  const Status check = run.ok() ? result.value().check : Status();
  const int code = result.value().exact() ? 0 : 1;
  if (!f.trace.empty()) {
    const std::string path = user_path(f.trace);
    // Checked once closed: a full disk (/dev/full) shows only as the buffer is written out.
    if (!write_file(path, trace.text()).ok())
      return exit_reporting(Error{"trace", "file '" + path + "'", "could not be written"});
  }
  SimProgramReport extra;
  if (finish) {
    auto finished = finish(run);
    if (!finished.ok()) return exit_reporting(finished.status());
    extra = std::move(finished).value();
  }
  if (f.json) {
    nlohmann::json j = sim_json(region, run);
    j["machine"] = machine.name;
    j["workload"] = work.description;
    j["seed"] = finish ? nlohmann::json(nullptr) : nlohmann::json(f.seed);  // a program's inputs are its own
    j["check"] = {{"verdict", !run.ok() ? "not-run" : check.ok() ? "EXACT" : "MISMATCH"}, {"mismatches", nlohmann::json::array()}};
    for (const Error& e : check.errors())
      j["check"]["mismatches"].push_back({{"kind", e.kind}, {"where", e.where}, {"message", e.message}});
    if (extra.json.is_object())
      for (const auto& [key, value] : extra.json.items()) j[key] = value;
    std::printf("%s\n", j.dump(2).c_str());
    return code;
  }
  std::printf("workload: %s\n", work.description.c_str());
  std::printf("%s", sim_report(region, run).c_str());
  if (run.ok())
    std::printf("\ncheck against the reference: %s\n%s", check.ok() ? "EXACT" : "MISMATCH", check.to_string().c_str());
  std::fwrite(extra.text.data(), 1, extra.text.size(), stdout);
  if (!f.trace.empty()) std::printf("trace: %s (%zu process tracks)\n", user_path(f.trace).c_str(), run.processes.size());
  return code;
}

// The verbs the machines offer beyond every region's, each once, in the
// order of their offers' ranks (then by name).
std::vector<std::string> machine_verbs() {
  std::vector<std::pair<int, std::string>> ranked;
  for (const VerbOffer& o : verb_offers()) {
    bool offered = false;
    for (const MachineEntry& m : machines()) offered = offered || offer_for(m, o.verb) == &o;
    auto at = std::find_if(ranked.begin(), ranked.end(), [&](const auto& r) { return r.second == o.verb; });
    if (!offered) continue;
    if (at == ranked.end()) ranked.emplace_back(o.rank, o.verb);
    else at->first = std::min(at->first, o.rank);
  }
  std::sort(ranked.begin(), ranked.end());
  std::vector<std::string> out;
  for (const auto& r : ranked) out.push_back(r.second);
  return out;
}

// The machines that offer `verb`, in the registry's order; the default, the
// first, is the first that offers it as its own rather than by implication.
std::vector<const MachineEntry*> offering_verb(const std::string& verb) {
  auto offered = offering([&](const MachineEntry& m) { return offer_for(m, verb) != nullptr; });
  std::stable_partition(offered.begin(), offered.end(),
                        [&](const MachineEntry* m) { return !offer_for(*m, verb)->machine.empty(); });
  return offered;
}

// The machine `--machine NAME` (or `--machine=NAME`) names after the verb, if
// it is known: whose options the verb's subcommand then declares. An unknown
// name is left to choose(), which names it once the command line is parsed.
const MachineEntry* machine_named(int argc, char** argv) {
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    std::string name;
    if (arg == "--machine" && i + 1 < argc) name = argv[i + 1];
    else if (arg.rfind("--machine=", 0) == 0) name = arg.substr(10);
    else continue;
    auto found = find_machine(name);
    return found.ok() ? found.value() : nullptr;
  }
  return nullptr;
}

// The command line being declared and parsed: each add_ method declares one
// verb's options and the action it runs once parsed. It holds what the
// callbacks bind to, so it stays where it was made.
class CommandLine {
 public:
  CommandLine(int argc, char** argv) : argc_(argc), argv_(argv) {
    app_.name("loom");
    app_.require_subcommand(1);
    app_.fallthrough(false);
    add_machines();
    add_describe();
    add_dot();
    add_sim();
    add_fifo();
    add_hls();
    add_machine_verbs();
  }
  CommandLine(const CommandLine&) = delete;
  CommandLine& operator=(const CommandLine&) = delete;

  // Parses the command line and, in CliMode::run, does what its verb says.
  // Returns the exit status.
  int run(CliMode mode) {
    if (int refused = refuse_misplaced_verb(); refused >= 0) return refused;
    try {
      app_.parse(argc_, argv_);
    } catch (const CLI::CallForHelp&) {
      std::printf("%s", app_.help().c_str());
      return kExitOk;
    } catch (const CLI::CallForAllHelp&) {
      std::printf("%s", app_.help("", CLI::AppFormatMode::All).c_str());
      return kExitOk;
    } catch (const CLI::ParseError& e) {
      if (e.get_exit_code() == 0) {  // --help on a verb
        app_.exit(e);
        return kExitOk;
      }
      return parse_error(e);
    }
    if (mode == CliMode::parse_only) return kExitOk;
    return action_ ? action_() : usage("`loom`", "no verb given");
  }

 private:
  void add_machines() {
    app_.add_subcommand("machines", "list the machines and the verbs each offers")->callback([&] {
      action_ = [&] {
        for (const MachineEntry& m : machines()) {
          std::string verbs = "describe dot sim fifo hls";
          for (const std::string& verb : machine_verbs())
            if (offer_for(m, verb) != nullptr) verbs += " " + verb;
          std::printf("%-10s %s\n%-10s verbs: %s\n", m.name.c_str(), m.summary.c_str(), "", verbs.c_str());
        }
        return 0;
      };
    });
  }

  void add_describe() {
    auto* describe = app_.add_subcommand("describe", "the composed region: units, channels, memories, arguments");
    add_machine_options(describe, region_options_, all_);
    add_depth_options(describe, region_options_);
    once(describe->add_flag("--json", describe_json_, "one JSON document (docs/cli.md)"));
    describe->callback([&] {
      action_ = [&] {
        auto c = choose("describe", region_options_, all_);
        if (!c.ok()) return exit_reporting(c.status(), kExitUsage);
        auto region = compose(c.value());
        if (!region.ok()) return exit_reporting(region.status());
        const std::string text =
            describe_json_ ? loom::describe_json(region.value()).dump(2) + "\n" : loom::describe(region.value());
        std::fwrite(text.data(), 1, text.size(), stdout);
        return 0;
      };
    });
  }

  void add_dot() {
    auto* dot = app_.add_subcommand("dot", "the region's channel graph as Graphviz DOT, on standard output");
    add_machine_options(dot, region_options_, all_);
    add_depth_options(dot, region_options_);
    once(dot->add_flag(
        "--per-placement", dot_options_.per_placement,
        "one node per placement and one edge per channel array, instead of one per instance and element"));
    once(dot->add_option("--wrap", dot_options_.wrap,
                         "wrap a vector of instances into rows of N (default 8; 0: one row however long)"))
        ->type_name("N")
        ->check(CLI::Range(0, 1 << 20));
    dot->callback([&] {
      action_ = [&] {
        auto c = choose("dot", region_options_, all_);
        if (!c.ok()) return exit_reporting(c.status(), kExitUsage);
        auto region = compose(c.value());
        if (!region.ok()) return exit_reporting(region.status());
        const std::string text = to_dot(region.value(), dot_options_);
        std::fwrite(text.data(), 1, text.size(), stdout);
        return 0;
      };
    });
  }

  void add_sim() {
    auto* sim = app_.add_subcommand("sim",
                                    "simulate the region on its workload: cycles, per-unit busy and stall cycles, "
                                    "FIFO occupancy, the check against the reference, a deadlock report if it hangs");
    add_machine_options(sim, region_options_, all_);
    add_depth_options(sim, region_options_);
    CLI::Option* seed = once(sim->add_option("--seed", sim_flags_.seed, "the workload's random seed (default 0)"))
                            ->type_name("N")
                            ->check(integer_at_least(0));
    once(sim->add_option("--max-cycles", sim_flags_.max_cycles, "the watchdog's cycle bound"))
        ->type_name("N")
        ->check(integer_at_least(1))
        ->capture_default_str();
    once(sim->add_option("--max-steps", sim_flags_.max_steps, "the watchdog's bound on channel and memory accesses"))
        ->type_name("N")
        ->check(integer_at_least(1))
        ->capture_default_str();
    once(sim->add_option("--trace", sim_flags_.trace, "write busy and blocked intervals as Chrome trace-event JSON"))
        ->type_name("FILE")
        ->check(nonempty());
    once(sim->add_option("--engine", sim_flags_.engine,
                         "coupled (each access timed as the body makes it) or trace (the bodies run once, unbounded, "
                         "and the trace timed at the depths); both report the same run (docs/timing.md)"))
        ->type_name("ENGINE")
        ->check(CLI::IsMember({"coupled", "trace"}))
        ->capture_default_str();
    add_pipeline_style(*sim, sim_flags_.pipeline_style);
    once(sim->add_flag("--json", sim_flags_.json, "one JSON document (docs/cli.md)"));
    // The machine the command line names (else sim's default) may take a
    // program of the user's, with options of its own (machines/sim_program.h):
    // only that machine's setup runs, so on another machine they are unknown.
    if (argc_ > 1 && std::string(argv_[1]) == "sim" && !all_.empty()) {
      const MachineEntry* named = machine_named(argc_, argv_);
      const MachineEntry& setup_for = named != nullptr ? *named : *all_[0];
      if (const SimProgram* program = find_extension<SimProgram>(setup_for.name)) {
        sim_program_ = program->setup(*sim);
        // A program brings its own inputs: nothing is drawn from a seed.
        if (sim_program_.program != nullptr) sim_program_.program->excludes(seed);
      }
    }
    sim->callback([&] {
      action_ = [&] {
        auto c = choose("sim", region_options_, all_);
        if (!c.ok()) return exit_reporting(c.status(), kExitUsage);
        auto region = compose(c.value(), &sim_flags_.depths);
        if (!region.ok()) return exit_reporting(region.status());
        if (Status trace = trace_writable(sim_flags_); !trace.ok()) return exit_reporting(trace);
        if (sim_program_.program != nullptr && sim_program_.program->count() > 0) {
          auto program = sim_program_.workload(region.value());
          if (!program.ok()) return exit_reporting(program.status());
          return simulate_and_report(*c.value().machine, region.value(), sim_flags_, program.value().work,
                                     program.value().finish);
        }
        auto work = c.value().machine->workload(region.value(), sim_flags_.seed);
        if (!work.ok()) return exit_reporting(work.status());
        return simulate_and_report(*c.value().machine, region.value(), sim_flags_, work.value());
      };
    });
  }

  void add_fifo() {
    auto* fifo = app_.add_subcommand("fifo",
                                     "the smallest FIFO depths the machine's workload allows, by re-timing its traces: "
                                     "a table of depths and storage, and a depths file for --depths");
    add_machine_options(fifo, region_options_, all_);
    once(fifo->add_option("--tolerance", fifo_options_.tolerance_percent,
                          "how many percent more cycles than with unbounded FIFOs each run may take (default 0)"))
        ->type_name("PCT")
        ->check(percentage_up_to(1000));
    once(fifo->add_option("--out", fifo_options_.out, "write the depths found there, as JSON (--depths takes it)"))
        ->type_name("FILE")
        ->check(nonempty());
    once(fifo->add_flag("--json", fifo_options_.json, "one JSON document (docs/cli.md)"));
    fifo->callback([&] {
      action_ = [&] {
        auto c = choose("fifo", region_options_, all_);
        if (!c.ok()) return exit_reporting(c.status(), kExitUsage);
        auto region = compose(c.value());
        if (!region.ok()) return exit_reporting(region.status());
        FifoCommand f = fifo_options_;
        if (!f.out.empty()) f.out = user_path(f.out);
        return fifo_command(*c.value().machine, region.value(), f);
      };
    });
  }

  void add_hls() {
    auto* hls = app_.add_subcommand("hls",
                                    "write the region as a Vitis HLS project, C-simulated by its Makefile "
                                    "(docs/hls.md)");
    add_machine_options(hls, region_options_, all_);
    add_depth_options(hls, region_options_);
    once(hls->add_option("--out", hls_options_.out, "the project directory: new, empty, or an earlier Loom project"))
        ->type_name("DIR")
        ->required()
        ->check(nonempty());
    once(hls->add_option("--part", hls_options_.options.part, "the FPGA part"))
        ->type_name("PART")
        ->capture_default_str();
    once(hls->add_option("--clock-ns", hls_options_.options.clock_ns, "the clock period in ns, 0.5 to 100"))
        ->type_name("NS")
        ->capture_default_str();
    once(hls->add_option("--flow-target", hls_options_.flow,
                         "vitis (a Vitis kernel: m_axi arguments, started through s_axilite), vivado (Vivado IP: "
                         "the region's own ports), or auto (vitis unless the region's interfaces need vivado)"))
        ->type_name("FLOW")
        ->check(CLI::IsMember({"auto", "vitis", "vivado"}))
        ->capture_default_str();
    once(hls->add_option("--root", hls_options_.root, "where a machine's spec is read from (default: the workspace)"))
        ->type_name("DIR")
        ->check(nonempty());
    hls->callback([&] {
      action_ = [&] {
        auto c = choose("hls", region_options_, all_);
        if (!c.ok()) return exit_reporting(c.status(), kExitUsage);
        HlsCommand h = hls_options_;
        h.machine = c.value().machine->name;
        h.overrides = c.value().overrides;
        auto settings = depth_settings(c.value());
        if (!settings.ok()) return exit_reporting(settings.status());
        h.depths = settings.value();
        h.out = user_path(h.out);
        h.root = user_path(h.root);
        if (const int code = hls_command(h); code != 0) return code;
        // Held to what was asked: the depths resolved here, as sim's are,
        // against the stream pragmas read back from the directory.
        auto asked = compose(c.value());
        if (!asked.ok()) return exit_reporting(asked.status());
        auto top = read_file(h.out + "/top.cpp");
        if (!top.ok()) return exit_reporting(top.status());
        auto held = hold_stream_depths(asked.value(), top.value());
        if (!held.ok()) return exit_reporting(held.status());
        std::printf("depths held: %zu channels as asked, read back from the stream pragmas of top.cpp\n", held.value());
        return 0;
      };
    });
  }

  // The machines' own verbs, each with the options of the machine the
  // command line names (else the verb's default): only that machine's setup
  // runs, so an option it does not declare is refused by the parser.
  void add_machine_verbs() {
    for (const std::string& name : machine_verbs()) {
      const std::vector<const MachineEntry*> offered = offering_verb(name);
      const MachineEntry* named = argc_ > 1 && name == argv_[1] ? machine_named(argc_, argv_) : nullptr;
      const MachineEntry* setup_for = named != nullptr && offer_for(*named, name) != nullptr ? named : offered[0];
      const VerbOffer& offer = *offer_for(*offered[0], name);
      CLI::App* verb = app_.add_subcommand(name, offer.help);
      add_machine_options(verb, machine_options_, offered, offer_for(*setup_for, name)->params);
      if (argc_ <= 1 || name != argv_[1]) continue;
      setup_machine_ = setup_for;
      VerbRun run = offer_for(*setup_for, name)->setup(*verb);
      verb->callback([&, name, offered, run] {
        action_ = [&, name, offered, run] {
          auto c = choose(name, machine_options_, offered);
          if (!c.ok()) return exit_reporting(c.status(), kExitUsage);
          return run(Invocation{c.value().machine, c.value().overrides});
        };
      });
    }
  }

  // A first word that is not a verb, or an option before the verb: named
  // before CLI11 parses. Returns the exit status, or -1 when neither.
  int refuse_misplaced_verb() {
    std::string verbs;
    bool known = false;
    for (const CLI::App* sub : app_.get_subcommands({})) {
      verbs += (verbs.empty() ? "" : ", ") + sub->get_name();
      known = known || (argc_ > 1 && sub->get_name() == argv_[1]);
    }
    if (argc_ > 1 && argv_[1][0] != '-' && !known)
      return usage("`loom`", "'" + std::string(argv_[1]) + "' is not a verb; the verbs are " + verbs);
    if (argc_ > 1 && argv_[1][0] == '-' && std::string(argv_[1]) != "-h" && std::string(argv_[1]) != "--help")
      return usage("`loom`", "'" + std::string(argv_[1]) +
                                 "' comes before the verb; a verb's options follow it (loom VERB --help)");
    return -1;
  }

  int parse_error(const CLI::ParseError& e) {
    std::string verb;
    for (const CLI::App* sub : app_.get_subcommands()) verb = sub->get_name();
    // An option the chosen machine's verb does not declare: say whose verb it is.
    if (dynamic_cast<const CLI::ExtrasError*>(&e) != nullptr && setup_machine_ != nullptr) {
      std::string extras, options;
      for (const std::string& x : app_.get_subcommand(verb)->remaining()) extras += (extras.empty() ? "" : " ") + x;
      for (const CLI::Option* o : app_.get_subcommand(verb)->get_options())
        if (o->get_name() != "--help") options += (options.empty() ? "" : ", ") + o->get_name();
      return usage("`loom " + verb + "`", setup_machine_->name + "'s " + verb + " does not take '" + extras +
                                              "'; it takes " + options + " (see `loom " + verb + " --machine " +
                                              setup_machine_->name + " --help`)");
    }
    return usage(verb.empty() ? "`loom`" : "`loom " + verb + "`",
                 std::string(e.what()) + " (see `loom" + (verb.empty() ? "" : " " + verb) + " --help`)");
  }

  int argc_;
  char** argv_;
  CLI::App app_{
      "loom: compose HLS dataflow accelerators from units, simulate them, cost their instructions and "
      "emit Vitis HLS projects.\nRun `loom VERB --help` for a verb's options; docs/cli.md has them all."};
  std::function<int()> action_;
  const std::vector<const MachineEntry*> all_ = offering([](const MachineEntry&) { return true; });
  MachineOptions region_options_, machine_options_;
  bool describe_json_ = false;
  DotOptions dot_options_;
  SimFlags sim_flags_;
  SimProgramRun sim_program_;  // the named machine's program options on sim, if it has any
  FifoCommand fifo_options_;
  HlsCommand hls_options_;
  const MachineEntry* setup_machine_ = nullptr;  // whose options the machine verb typed declares
};

}  // namespace

int run_cli(int argc, char** argv, CliMode mode) {
  CommandLine command_line(argc, argv);
  return command_line.run(mode);
}

}  // namespace loom
