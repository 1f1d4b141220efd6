// The verbs a machine offers beyond the ones every composed region has
// (describe, dot, sim, hls): its demo, its gates, its ISA tools and its action
// model. The command line parses each verb's options into VerbArgs and calls
// the machine's; a verb a machine leaves empty is one it does not offer.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "units/parameter_set.h"

namespace loom {

struct VerbArgs {
  Overrides overrides;     // --param, each name once
  bool json = false;       // --json: one JSON document on standard output (docs/cli.md)
  uint64_t seed = 0;       // demo: the operands' seed
  bool progress = false;   // stress: a progress line on standard error, which is a terminal
  bool check = false;      // gen-isa --check
  std::string root;        // gen-isa, project, cost: the workspace holding the machine's spec
  std::string spec;        // gen-isa, project, cost: the spec itself
  std::string file;        // asm, ref, cost: the program
  std::string a, b, out;   // ref: the DRAM matrices in, C out
  std::string gemm;        // cost: MxKxN
  bool bench = false;      // cost --bench
  bool model_only = false;  // conform --model-only: the reference and the executor, no body simulated
  bool rewrite_cycles = false;  // bench --rewrite-cycles: commit the cycles measured (machines/cycle_table.h)
};

// The workspace a verb reads the tree from: `root` (--root) if given, else
// the one `bazel run` ran in, else the working directory.
inline std::string workspace_root(const std::string& root) {
  if (!root.empty()) return root;
  const char* workspace = std::getenv("BUILD_WORKSPACE_DIRECTORY");
  return workspace ? workspace : ".";
}

// Each returns the process's exit code: 0 done, 1 the input was wrong.
using Verb = std::function<int(const VerbArgs&)>;

struct MachineVerbs {
  Verb demo;
  Verb bench, stress;
  Verb gen_isa, assemble, reference;  // gen-isa, asm, ref
  Verb project, cost, conform;
  // The verbs above that machines/model.h gives the machine (`project`,
  // `cost`, `conform`), not its own: a verb's default machine is the first
  // that offers it as its own.
  std::vector<std::string> implied = {};
};

}  // namespace loom
