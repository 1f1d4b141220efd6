// The verbs a machine offers beyond the ones every composed region has
// (describe, dot, sim, fifo, hls). A machine registers each verb it offers, with
// its own options and help: a setup that adds the options to the verb's CLI11
// subcommand and returns the run that reads them once the command line is
// parsed. The command line (tools/cli.cc) knows no verb's options but
// --machine and --param; each machine's are its own, so an option a machine
// does not read is refused by the parser, not ignored.
//
//   const VerbRegistration kRef({"ref", "tinytpu", "run a program on the ISA reference model", 60,
//                                [](CLI::App& cmd) { ... return run_with(args, reference); }});
//
// Registrations live in the machine's own library (alwayslink), beside the
// commands they run, so that a mutant's zone carries its machine's verbs with
// it (mutants/). Only those sources include CLI11 (machines/verb_options.h).
#pragma once

#include <cstdint>
#include <cstdlib>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "units/parameter_set.h"

namespace CLI {
class App;
}  // namespace CLI

namespace loom {

struct MachineEntry;

// What a verb's run is told once the command line is parsed: the machine the
// command line chose (one that offers the verb) and its --param overrides.
struct Invocation {
  const MachineEntry* machine = nullptr;
  Overrides overrides;
};

// Returns the process's exit code: 0 done, 1 the input was wrong, 2 the command line was.
using VerbRun = std::function<int(const Invocation&)>;

struct VerbOffer {
  std::string verb;     // as typed: "ref", "gen-isa"
  std::string machine;  // the machine offering it; "" for an implied verb, offered where `applies` says
  std::string help;     // one line for `loom --help`; the default machine's is shown
  int rank = 100;       // the verbs' order in `loom --help` and `loom machines`
  bool params = true;   // it takes --param
  // Adds the verb's own options to `cmd` and returns the run that reads them.
  // Called at most once a process, for the machine the command line names.
  std::function<VerbRun(CLI::App& cmd)> setup;
  // An implied verb's test of a machine; every machine when empty.
  std::function<bool(const MachineEntry&)> applies = {};
};

// Adds an offer from the machine's library, at namespace scope, as
// MachineRegistration adds a machine. Two offers of one verb by one machine
// are refused when verb_offers() is first called (a duplicate-verb line on
// standard error, and the second left out).
class VerbRegistration {
 public:
  explicit VerbRegistration(VerbOffer offer);
};

// Every offer: the machines' own, then the implied verbs every machine gets
// where it offers none of its own (machines/model_verbs.cc: project and bench
// always, cost and conform with a model).
const std::vector<VerbOffer>& verb_offers();

// The offer of `verb` for `m`: its own, else an implied one that applies, else null.
const VerbOffer* offer_for(const MachineEntry& m, std::string_view verb);

// The workspace a verb reads the tree from: `root` (--root) if given, else
// the one `bazel run` ran in, else the working directory.
inline std::string workspace_root(const std::string& root) {
  if (!root.empty()) return root;
  const char* workspace = std::getenv("BUILD_WORKSPACE_DIRECTORY");
  return workspace ? workspace : ".";
}

// The run of a verb whose options `setup` parsed into `*args`: a copy of them,
// given the invocation's overrides, passed to `verb`. Args has `overrides`.
template <class Args>
VerbRun run_with(std::shared_ptr<Args> args, int (*verb)(const Args&)) {
  return [args, verb](const Invocation& invocation) {
    Args a = *args;
    a.overrides = invocation.overrides;
    return verb(a);
  };
}

}  // namespace loom
