// What a machine adds to `loom sim` beyond its workload: a program of the
// user's, with the inputs it runs on and the outputs it writes. The command
// line declares no machine's options (tools/cli.cc): a machine that registers
// a SimProgram beside itself (ExtensionRegistration, machines/registry.h)
// has its setup add its own options to `sim` when the command line names the
// machine, so on any other machine they are unknown, and refused by the
// parser as any unknown option is.
//
//   const ExtensionRegistration<SimProgram> kSimProgram("tinytpu", {setup});
//
// A program brings its own inputs, so `sim` refuses --seed, which draws the
// machine's workload, beside it.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <string>

#include "common/status.h"
#include "compose/region.h"
#include "compose/sim/simulator.h"
#include "machines/workload.h"

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace loom {

// What one run of a program reports beyond the simulator's report and the
// check, and has written.
struct SimProgramReport {
  std::string text;     // printed beneath the check; each line ends in '\n'
  nlohmann::json json;  // an object: its fields join `sim --json`'s document
};

// A program's workload for one region, and what follows its run.
struct SimProgramWork {
  Workload work;
  // Called once the run has ended, complete or not: writes the outputs the
  // command line asked for and says what to print. Errors: an output that
  // cannot be written (the input's error, exit 1; nothing is printed).
  std::function<Result<SimProgramReport>(const SimResult& run)> finish;
};

// What the setup returns: how the parsed command line is read.
struct SimProgramRun {
  // The option that names the program (a positional FILE, say). Given, `sim`
  // runs the program; not given, the machine's own workload, as it does on a
  // machine with no SimProgram.
  CLI::Option* program = nullptr;
  // The program's workload for the region the command line composed, read
  // from the options once they are parsed. Errors: the input's (exit 1).
  std::function<Result<SimProgramWork>(const Region&)> workload;
};

struct SimProgram {
  // Adds the machine's own options to `sim` (the command line's are there
  // already) and returns what reads them. Called at most once a process, for
  // the machine the command line names. An option given without those it
  // needs is the setup's to refuse by name, through CLI11 (needs, excludes):
  // the parser's refusal is a usage error, exit 2.
  std::function<SimProgramRun(CLI::App& sim)> setup;
};

}  // namespace loom
