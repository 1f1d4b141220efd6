// `loom hls`: the project written, and read back to hold its depths to those asked.
#include "tools/hls_command.h"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <optional>
#include <string_view>

#include "machines/registry.h"
#include "common/report.h"

namespace loom {
namespace {

// The text of `line` from `start` up to `stop`, or nothing when either is missing.
std::optional<std::string_view> between(std::string_view line, std::string_view start, std::string_view stop) {
  const size_t from = line.find(start);
  if (from == std::string_view::npos) return std::nullopt;
  const size_t begin = from + start.size(), end = line.find(stop, begin);
  if (end == std::string_view::npos) return std::nullopt;
  return line.substr(begin, end - begin);
}

}  // namespace

Result<size_t> hold_stream_depths(const Region& asked, const std::string& top) {
  // The top declares each stream, `hls::stream<W> ID("LABEL");`, and then
  // gives its depth, `#pragma HLS stream variable=ID depth=N` (emit_top.cc);
  // read line by line, as a reader of the project would.
  std::map<std::string, std::string> id_of;       // label -> stream id
  std::map<std::string, std::string> depth_of;    // stream id -> the depth's digits
  std::string_view rest = top;
  while (!rest.empty()) {
    const size_t eol = rest.find('\n');
    const std::string_view line = rest.substr(0, eol);
    rest = eol == std::string_view::npos ? std::string_view() : rest.substr(eol + 1);
    if (line.find("hls::stream<") != std::string_view::npos) {
      const auto label = between(line, "(\"", "\")");
      const size_t open = line.find("(\"");
      const size_t space = open == std::string_view::npos ? open : line.rfind(' ', open);
      if (label && space != std::string_view::npos)
        id_of[std::string(*label)] = std::string(line.substr(space + 1, open - space - 1));
      continue;
    }
    if (line.find("#pragma HLS stream ") == 0) {
      const auto id = between(line, "variable=", " ");
      const size_t depth = line.find("depth=");
      if (id && depth != std::string_view::npos) depth_of[std::string(*id)] = std::string(line.substr(depth + 6));
    }
  }
  Status status;
  for (const ChannelInstance& c : asked.channels) {
    const std::string label = c.label(), want = std::to_string(c.depth);
    const auto id = id_of.find(label);
    const auto emitted = id == id_of.end() ? depth_of.end() : depth_of.find(id->second);
    if (emitted == depth_of.end())
      status.add("hls-depth-mismatch", "channel '" + label + "'",
                 "is asked depth " + want + ", and the project's top.cpp gives it no stream pragma with a depth");
    else if (emitted->second != want)
      status.add("hls-depth-mismatch", "channel '" + label + "'",
                 "is asked depth " + want + ", and the project's top.cpp gives it depth=" + emitted->second);
  }
  if (!status.ok()) return status;
  return asked.channels.size();
}

int hls_command(const HlsCommand& c) {
  if (c.machine.empty()) return exit_reporting(Error{"usage", "`loom hls`", "needs --machine NAME"});
  if (c.out.empty()) return exit_reporting(Error{"usage", "`loom hls`", "needs --out DIR, the project directory to write"});
  // A bad part or clock is the command line's error.
  const Status options = hls::check_options(c.options);
  if (!options.ok()) return exit_reporting(options, kExitUsage);
  auto entry = find_machine(c.machine);
  if (!entry.ok()) return exit_reporting(entry.status());
  const MachineEntry& machine = *entry.value();
  auto arch = machine.architecture(c.overrides);
  if (!arch.ok()) return exit_reporting(arch.status());
  auto region = arch.value().compose(c.overrides);
  if (!region.ok()) return exit_reporting(region.status());
  // The depths asked for are the project's: its pragmas, and the simulation it runs first.
  auto depths = resolve_depths(region.value(), c.depths);
  if (!depths.ok()) return exit_reporting(depths.status());
  set_depths(region.value(), depths.value());
  const hls::Extension extension = hls_extension(machine);
  auto runs = extension.runs(region.value());
  if (!runs.ok()) return exit_reporting(runs.status());
  const std::string root = workspace_root(c.root);
  // A machine that claims nothing of its memories gets no dependence pragmas.
  auto dependences = extension.dependences ? extension.dependences(region.value(), root)
                                           : Result<std::vector<hls::Dependence>>(std::vector<hls::Dependence>{});
  if (!dependences.ok()) return exit_reporting(dependences.status());
  hls::Options chosen = c.options;
  chosen.flow = c.flow == "auto"     ? hls::natural_flow(region.value())
                : c.flow == "vivado" ? hls::FlowTarget::vivado
                                     : hls::FlowTarget::vitis;
  auto project = hls::emit(region.value(), chosen, dependences.value(), runs.value());
  if (!project.ok()) return exit_reporting(project.status());
  const Status synthesisable = hls::check_synthesisable(project.value(), region.value());
  if (!synthesisable.ok()) return exit_reporting(synthesisable);
  const Status written = hls::write_project(project.value(), c.out);
  if (!written.ok()) return exit_reporting(written);
  std::printf("wrote the Vitis HLS project of region '%s' (top function %s, %zu test runs) to %s:\n",
              region.value().name.c_str(), project.value().top.c_str(), runs.value().size(), c.out.c_str());
  for (const auto& [path, text] : project.value().files) {
    size_t lines = 0;
    for (char ch : text) lines += ch == '\n';
    std::printf("  %6zu lines  %s\n", lines, path.c_str());
  }
  // emit gave a run that expected nothing Loom's simulated outputs (a timing-dependent region's): say whose they are.
  for (const hls::TestRun& run : runs.value())
    if (run.expected.empty())
      std::printf("test run '%s' gave no expected outputs: the testbench expects Loom's simulated ones, not an "
                  "independent reference (docs/hls.md, \"A design with no reference\")\n",
                  run.name.c_str());
  std::printf("C simulation here: make -C '%s' csim    with Vitis: cd '%s' && vitis_hls -f run_hls.tcl\n",
              c.out.c_str(), c.out.c_str());
  return 0;
}

}  // namespace loom
