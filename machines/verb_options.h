// The options machines' verbs share, as CLI11 declares them, so that `--json`
// or `--root` reads and checks the same on every verb that takes it. Included
// only by the sources that register verbs (machines/verb.h) and by the command
// line.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>

#include "compose/sim/simulator.h"

namespace loom {

// `bazel run` starts the tool in its runfiles; a relative path means where the
// user typed the command.
std::string user_path(const std::string& path);

// An option's value as CLI11 checks it: an error message, or "" when it is good.
CLI::Validator nonempty();
// A decimal integer in [min, INT64_MAX], digits only: no hex, no sign, no
// silent clamping of a value too large.
CLI::Validator integer_at_least(int64_t min);
// Rewrites a path as user_path() does.
CLI::Validator from_user();

// Flags and options given once: a second is refused, as a repeated --param is.
CLI::Option* once(CLI::Option* o);

// --json: one JSON document on standard output (docs/cli.md).
void add_json(CLI::App& cmd, bool& json);
// --seed N, with what the seed draws.
void add_seed(CLI::App& cmd, uint64_t& seed, const std::string& what);
// A FILE-valued option or positional, relative to where the user typed it.
CLI::Option* add_path(CLI::App& cmd, const std::string& name, std::string& path, const std::string& help);

// --root and --spec: the workspace holding the machine's spec, and the spec itself.
void add_spec_paths(CLI::App& cmd, std::string& root, std::string& spec);
// --root alone, for a verb that reads the tree (a cycle table) but no spec.
void add_root(CLI::App& cmd, std::string& root, const std::string& what);

// --rewrite-cycles, for a bench that holds its cycles to a committed table.
void add_rewrite_cycles(CLI::App& cmd, bool& rewrite);
// --pipeline-style flushable|stp, for a verb that simulates (SimOptions::PipelineStyle).
void add_pipeline_style(CLI::App& cmd, SimOptions::PipelineStyle& style);
// --model-only, for a conform that can leave the bodies out.
void add_model_only(CLI::App& cmd, bool& model_only);

// The verbs that more than one machine offers mean one thing on each; their
// help and their place in `loom --help` are given once, here.
inline constexpr int kDemoRank = 10, kBenchRank = 20, kStressRank = 30, kGenIsaRank = 40, kAsmRank = 50, kRefRank = 60,
                     kProjectRank = 70, kCostRank = 80, kConformRank = 90;
inline constexpr const char* kBenchHelp =
    "the performance gate: every run checked against the reference, and its cycles held to the table committed in "
    "ROOT/machines/cycles/";
inline constexpr const char* kStressHelp =
    "the correctness gate: hundreds of runs, each checked against the reference; a progress line on a terminal";
inline constexpr const char* kProjectHelp =
    "the action model projected onto the composed region: every port DERIVED, ALIAS, ARITHMETIC or COUNTING, and the "
    "unmodelled table";
inline constexpr const char* kCostHelp =
    "per instruction: units reached, steps, span and initiation; per program: work per unit, the bottleneck, a static "
    "estimate and the open obligations";
inline constexpr const char* kConformHelp =
    "the workload three ways: the reference model, the action executor and the simulated unit bodies, every output "
    "element compared";

}  // namespace loom
