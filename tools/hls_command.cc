#include "tools/hls_command.h"

#include <cstdio>
#include <cstdlib>

#include "machines/registry.h"
#include "common/report.h"

namespace loom {

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
  std::printf("C simulation here: make -C '%s' csim    with Vitis: cd '%s' && vitis_hls -f run_hls.tcl\n",
              c.out.c_str(), c.out.c_str());
  return 0;
}

}  // namespace loom
