// The `loom` command line.
#include <charconv>
#include <type_traits>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.h"
#include "compose/describe.h"
#include "compose/dot.h"
#include "compose/sim/chrome_trace.h"
#include "compose/sim/sim_report.h"
#include "compose/sim/simulator.h"
#include "machines/registry.h"
#include "machines/tinytpu/isa_dsl.h"
#include "machines/tinytpu/tinytpu.h"
#include "tools/gate_commands.h"
#include "tools/hls_command.h"
#include "tools/report.h"
#include "tools/isa_commands.h"
#include "units/parameter_set.h"

namespace loom {
namespace {

constexpr std::string_view kUsage = R"(usage: loom <command> [options]

commands:
  demo                      TinyTPU end to end: assemble a GEMM, validate it, simulate the
                            composed region, compare with the reference model
  machines                  list the machines Loom knows
  describe --machine NAME   the composed region: units, channels, memories, arguments
  dot --machine NAME        the region's channel graph as Graphviz DOT, on standard output
  sim --machine NAME        simulate the region on its workload: cycles, per-unit busy and
                            stall cycles, FIFO occupancy, the check against the reference,
                            and a deadlock report if it hangs
  gen-isa [--check]         write TinyTPU's isa_encoding.h and docs/isa.md tables from
                            isa_spec.json; --check regenerates, diffs byte for byte, holds
                            the design to the spec, and prints ISA OK
  bench                     TinyTPU's performance gate: GEMMs at the published shapes and
                            vadd_program, each checked against the reference; the cycle table
  stress                    TinyTPU's correctness gate: ~500 runs, full-range operands, every
                            shape, clip and ReLU edges, random programs; STRESS OK or each failure
  asm FILE                  assemble and validate a TinyTPU program; print its words and
                            headers, or every named error
  ref FILE --a A.csv --b B.csv
                            run a TinyTPU program on the ISA reference model; print C as CSV
  project                   TinyTPU's action model projected onto its composed region: every
                            port DERIVED, ALIAS, ARITHMETIC or COUNTING, and the unmodelled table
  cost FILE | --gemm MxKxN  per instruction: units reached, steps, span and initiation; per
                            program: work per unit, the bottleneck, a static estimate, obligations
  cost --bench              the static estimate of each bench GEMM beside its simulated cycles
  hls --machine NAME --out DIR
                            write the region as a Vitis HLS project: the top function, the unit
                            sources as they are, a testbench with the reference's outputs,
                            run_hls.tcl, and a Makefile whose `csim` target C-simulates it
                            with the system compiler (see docs/hls.md)

options:
  --machine NAME            the machine to compose (see `loom machines`)
  --param NAME=VALUE        override a parameter; repeatable
  --seed N                  the workload's random seed (default 0)
  --max-cycles N            with sim: the watchdog's cycle bound (default 100000000)
  --max-steps N             with sim: the watchdog's bound on accesses (default 1000000000)
  --trace FILE              with sim: write busy and blocked intervals as Chrome trace-event
                            JSON (open in ui.perfetto.dev or chrome://tracing)
  --root DIR                with gen-isa: the workspace to read and write; with hls: where a
                            machine's spec is read from (default: the workspace `bazel run`
                            was started in, else the current directory)
  --spec FILE               with gen-isa: the spec to use (default: ROOT/machines/tinytpu/isa_spec.json)
  --a FILE, --b FILE        with ref: the DRAM matrices A and B as CSV, one matrix row a line,
                            int8 values; a smaller matrix fills the top-left corner, the rest is 0
  --out FILE                with ref: write C there instead of to standard output;
                            with hls: the project directory (new, empty, or an earlier project)
  --part PART               with hls: the FPGA part (default xcu250-figd2104-2L-e, an Alveo U250)
  --clock-ns NS             with hls: the clock period in ns, 0.5 to 100 (default 3.33: 300 MHz)
  --param NAME=VALUE        with asm, ref, bench and stress: T, MAXDIM, QD, AR_RAW_DIST, ...
)";

struct Command {
  std::string verb;
  std::string machine;
  Overrides overrides;
  uint64_t seed = 0;
  std::string trace;
  SimOptions sim;
  IsaOptions isa;
  hls::Options hls;
};

// Parses an option's integer value into `into`, or adds a usage error.
template <class T>
void number(std::string_view option, std::string_view text, T& into, std::type_identity_t<T> min, Status& status) {
  T value{};
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || value < min)
    status.add("usage", "option '" + std::string(option) + "'",
               "takes an integer of at least " + std::to_string(min) + ", not '" + std::string(text) + "'");
  else
    into = value;
}

Result<Command> parse(const std::vector<std::string_view>& args) {
  if (args.empty()) return Error{"usage", "", "no command given"};
  Command cmd{std::string(args[0]), "", {}, 0, "", {}, {}, {}};
  Status status;
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string_view a = args[i];
    const bool has_value = i + 1 < args.size();
    if (a == "--machine" && has_value) {
      cmd.machine = args[++i];
    } else if (a == "--param" && has_value) {
      auto o = parse_override(args[++i]);
      if (o.ok()) cmd.overrides.push_back(o.value());
      else status.merge(o.status());
    } else if (a == "--trace" && has_value) {
      cmd.trace = args[++i];
    } else if (a == "--seed" && has_value) {
      number(a, args[++i], cmd.seed, 0, status);
    } else if (a == "--max-cycles" && has_value) {
      number(a, args[++i], cmd.sim.max_cycles, 1, status);
    } else if (a == "--max-steps" && has_value) {
      number(a, args[++i], cmd.sim.max_steps, 1, status);
    } else if (a == "--check") {
      cmd.isa.check = true;
    } else if (a == "--root" && has_value) {
      cmd.isa.root = args[++i];
    } else if (a == "--spec" && has_value) {
      cmd.isa.spec = args[++i];
    } else if (a == "--a" && has_value) {
      cmd.isa.a = args[++i];
    } else if (a == "--b" && has_value) {
      cmd.isa.b = args[++i];
    } else if (a == "--out" && has_value) {
      cmd.isa.out = args[++i];
    } else if (a == "--gemm" && has_value) {
      cmd.isa.gemm = args[++i];
    } else if (a == "--bench") {
      cmd.isa.bench = true;
    } else if (a == "--part" && has_value) {
      cmd.hls.part = args[++i];
    } else if (a == "--clock-ns" && has_value) {
      const std::string_view text = args[++i];
      auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), cmd.hls.clock_ns);
      if (text.empty() || ec != std::errc() || end != text.data() + text.size())
        status.add("usage", "option '--clock-ns'", "takes a number of nanoseconds, not '" + std::string(text) + "'");
    } else if (a == "--machine" || a == "--param" || a == "--trace" || a == "--seed" || a == "--max-cycles" ||
               a == "--max-steps" || a == "--root" || a == "--spec" || a == "--a" || a == "--b" || a == "--out" ||
               a == "--gemm" || a == "--part" || a == "--clock-ns") {
      status.add("usage", "option '" + std::string(a) + "'", "needs a value");
    } else if (!a.starts_with("-") && (cmd.verb == "asm" || cmd.verb == "ref" || cmd.verb == "cost") &&
               cmd.isa.file.empty()) {
      cmd.isa.file = a;
    } else {
      status.add("usage", "argument '" + std::string(a) + "'", "is not an option of `loom " + cmd.verb + "`");
    }
  }
  if (!status.ok()) return status;
  return cmd;
}

// `bazel run` starts the tool in its runfiles; a relative path means where the
// user typed the command.
std::string user_path(const std::string& path) {
  const char* cwd = std::getenv("BUILD_WORKING_DIRECTORY");
  return path.empty() || path[0] == '/' || cwd == nullptr ? path : std::string(cwd) + "/" + path;
}

Result<Region> compose_named(const Command& cmd) {
  if (cmd.machine.empty()) return Error{"usage", "`loom " + cmd.verb + "`", "needs --machine NAME"};
  auto entry = find_machine(cmd.machine);
  if (!entry.ok()) return entry.status();
  auto arch = entry.value()->architecture(cmd.overrides);
  if (!arch.ok()) return arch.status();
  return arch.value().compose(cmd.overrides);
}

// Simulates a composed region on its machine's workload and prints the report.
// Returns the exit code: 0 only when the run completed and matched the reference.
int simulate_and_report(const MachineEntry& machine, const Region& region, const Command& cmd) {
  auto work = machine.workload(region, cmd.seed);
  if (!work.ok()) return report(work.status());
  std::printf("workload: %s\n", work.value().description.c_str());
  auto result = simulate(region, work.value().inputs, cmd.sim);
  if (!result.ok()) return report(result.status());
  const SimResult& run = result.value();
  std::printf("%s", sim_report(region, run).c_str());
  int code = run.ok() ? 0 : 1;
  if (run.ok()) {
    const Status check = work.value().check(run);
    std::printf("\ncheck against the reference: %s\n%s", check.ok() ? "EXACT" : "MISMATCH", check.to_string().c_str());
    if (!check.ok()) code = 1;
  }
  if (!cmd.trace.empty()) {
    const std::string path = user_path(cmd.trace);
    std::ofstream file(path);
    file << chrome_trace(region, run);
    if (!file.good()) {
      std::fprintf(stderr, "loom: error[trace] file '%s': could not be written\n", path.c_str());
      return 1;
    }
    std::printf("trace: %s (%zu process tracks)\n", path.c_str(), run.processes.size());
  }
  return code;
}

int demo(const Command& cmd) {
  using namespace tinytpu;
  std::printf("== TinyTPU: an int8 instruction-programmable tiled-GEMM accelerator, composed from units\n\n");
  Command on_tpu = cmd;
  on_tpu.machine = "tinytpu";
  auto region = compose_named(on_tpu);
  if (!region.ok()) return report(region.status());
  const isa::Params p = isa_params(region.value());
  std::printf("%s\n", region.value().summary().c_str());

  const int64_t side = p.MAXDIM;
  std::printf("== A %lldx%lldx%lld GEMM with ReLU, written as a loop nest (isa_dsl.gemm_program):\n\n",
              static_cast<long long>(side), static_cast<long long>(side), static_cast<long long>(side));
  auto program = gemm_program(side, side, side, true, Form::looped, p);
  if (!program.ok()) return report(program.status());
  std::printf("%s\n", to_text(program.value()).c_str());

  std::printf("== Assembled and validated: check_program walks the exact dynamic trace\n");
  auto assembled = assemble(program.value(), p);
  if (!assembled.ok()) return report(assembled.status());
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
              static_cast<unsigned long long>(cmd.seed));
  const IsaState initial = random_state(p, cmd.seed);
  auto work = program_workload(region.value(), assembled.value(), initial);
  if (!work.ok()) return report(work.status());
  auto result = simulate(region.value(), work.value().inputs, cmd.sim);
  if (!result.ok()) return report(result.status());
  std::printf("%s", sim_report(region.value(), result.value()).c_str());
  if (!result.value().ok()) return 1;
  const Status check = work.value().check(result.value());
  const int64_t macs = side * side * side / (p.T * p.T);
  std::printf("\ncheck against the reference model: %s\n%s", check.ok() ? "EXACT" : "MISMATCH", check.to_string().c_str());
  std::printf("array utilisation: the MAC limit %lld cycles / %lld simulated = %.1f%%\n\n", static_cast<long long>(macs),
              static_cast<long long>(result.value().cycles),
              100.0 * static_cast<double>(macs) / static_cast<double>(result.value().cycles));
  std::printf("== More: loom bench | loom stress | loom sim --machine tinytpu --param T=8 --param MAXDIM=64\n"
              "         loom dot --machine tinytpu | dot -Tsvg > tinytpu.svg | loom gen-isa --check\n");
  return check.ok() ? 0 : 1;
}

int run(const std::vector<std::string_view>& args) {
  auto parsed = parse(args);
  if (!parsed.ok()) {
    report(parsed.status());
    std::fprintf(stderr, "\n%.*s", static_cast<int>(kUsage.size()), kUsage.data());
    return 2;
  }
  const Command& cmd = parsed.value();
  if (cmd.verb == "help" || cmd.verb == "--help" || cmd.verb == "-h") {
    std::printf("%.*s", static_cast<int>(kUsage.size()), kUsage.data());
    return 0;
  }
  if (cmd.verb == "demo") return demo(cmd);
  if (cmd.verb == "machines") {
    for (const MachineEntry& m : machines()) std::printf("%-10s %s\n", m.name.c_str(), m.summary.c_str());
    return 0;
  }
  if (cmd.verb == "sim") {
    auto region = compose_named(cmd);
    if (!region.ok()) return report(region.status());
    return simulate_and_report(*find_machine(cmd.machine).value(), region.value(), cmd);
  }
  if (cmd.verb == "bench") return bench_command(cmd.overrides);
  if (cmd.verb == "stress") return stress_command(cmd.overrides);
  if (cmd.verb == "gen-isa" || cmd.verb == "asm" || cmd.verb == "ref" || cmd.verb == "project" || cmd.verb == "cost") {
    IsaOptions options = cmd.isa;
    options.overrides = cmd.overrides;
    options.file = options.file.empty() ? "" : user_path(options.file);
    for (std::string* path : {&options.a, &options.b, &options.out, &options.spec, &options.root})
      if (!path->empty()) *path = user_path(*path);
    if (cmd.verb == "gen-isa") return gen_isa_command(options);
    if (cmd.verb == "project") return project_command(options);
    if (cmd.verb == "cost") return cost_command(options);
    if (options.file.empty()) return report(Error{"usage", "`loom " + cmd.verb + "`", "needs a program FILE"});
    return cmd.verb == "asm" ? asm_command(options) : ref_command(options);
  }
  if (cmd.verb == "hls") {
    HlsCommand hls{cmd.machine, cmd.overrides, user_path(cmd.isa.out), cmd.isa.root.empty() ? "" : user_path(cmd.isa.root),
                   cmd.hls};
    return hls_command(hls);
  }
  if (cmd.verb == "describe" || cmd.verb == "dot") {
    auto region = compose_named(cmd);
    if (!region.ok()) return report(region.status());
    const std::string text = cmd.verb == "dot" ? to_dot(region.value()) : describe(region.value());
    std::fwrite(text.data(), 1, text.size(), stdout);
    return 0;
  }
  std::fprintf(stderr, "loom: error[usage] command '%s': is not a loom command\n\n%.*s", cmd.verb.c_str(),
               static_cast<int>(kUsage.size()), kUsage.data());
  return 2;
}

}  // namespace
}  // namespace loom

int main(int argc, char** argv) {
  std::vector<std::string_view> args(argv + 1, argv + argc);
  return loom::run(args);
}
