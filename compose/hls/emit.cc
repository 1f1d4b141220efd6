// Emission of a region as a Vitis HLS project (project.h, docs/hls.md): the
// checks run first (emit_checks.cc), then the region's things are named, then
// the project is put together from the files each part writes (emit_top.cc,
// emit_testbench.cc, emit_scripts.cc), the unit sources as they are, the
// stand-in headers, the poison check and the manifest.
#include "compose/hls/call_order.h"
#include "compose/hls/emit_internal.h"
#include "compose/hls/identifiers.h"
#include "compose/hls/poison.h"
#include "compose/hls/presimulate.h"

namespace loom::hls {
namespace {

using detail::Instance;
using detail::Plan;

std::string index_suffix(const Index& i) {
  std::string out;
  for (int d = 0; d < i.rank; ++d) out += "_" + std::to_string(i[d]);
  return out;
}

// The C++ names of the region's things, made in a fixed order (the top, the
// arguments, the channels, then each process in call order), so that the
// same region always gets the same names.
Plan name_things(const Region& region, const Options& options, const std::vector<Dependence>& dependences,
                 const std::vector<TestRun>& runs, const CallOrder& order) {
  Identifiers ids;
  Plan plan{region, options, dependences, runs, ids.make(region.name), {}, {}, {}, order.cycle};
  for (const ArgumentInstance& a : region.arguments) plan.arg_ids.push_back(ids.make(a.name));
  for (const ChannelInstance& c : region.channels) plan.stream_ids.push_back(ids.make(c.name + index_suffix(c.index)));
  for (int p : order.processes) {
    const Process& proc = region.processes[static_cast<size_t>(p)];
    const std::string base = proc.placement + index_suffix(proc.index);
    plan.instances.push_back({p, ids.make(base + "_proc"), ids.make(base + "_io")});
  }
  return plan;
}

// Every file of the project, and last the manifest (.loom-hls) that lists them.
Result<Project> assemble(const Plan& plan, const SourceTree& sources, const std::vector<std::string>& needed) {
  Project project;
  project.top = plan.top;
  std::map<std::string, std::string>& files = project.files;
  files["loom_top.h"] = detail::top_header(plan);
  files["top.cpp"] = detail::top_source(plan);
  if (!plan.feedback.empty()) files["loom_concurrent.h"] = detail::concurrent_header(plan);
  files["tb.cpp"] = detail::testbench(plan);
  files["loom_tb_data.h"] = detail::testbench_data(plan);
  files["run_hls.tcl"] = detail::tcl_script(plan);
  files["Makefile"] = detail::makefile(plan);
  for (const std::string& path : needed) files["src/" + path] = std::string(sources.at(path));
  for (const std::string standin : detail::kStandins) {
    auto text = sources.find(standin);
    if (text == sources.end())
      return Error{"hls-source-missing", "stand-in " + standin,
                   "was not embedded in this build; link //compose/hls, whose sources it is"};
    files["standin/" + standin.substr(standin.rfind('/') + 1)] = std::string(text->second);
  }
  for (const auto& [path, text] : poison_files()) files["check/" + path] = text;
  std::string manifest = "loom-hls-project 1\nregion " + plan.region.name + "\ntop " + plan.top + "\n";
  for (const auto& [path, text] : files) manifest += "file " + path + "\n";
  files[".loom-hls"] = manifest;
  return project;
}

}  // namespace

Result<Project> emit(const Region& region, const Options& options, const std::vector<Dependence>& dependences,
                     const std::vector<TestRun>& runs, const SourceTree& sources) {
  Status status = check_options(options);
  std::vector<std::string> needed;  // the embedded files the unit headers reach
  status.merge(detail::check_sources(region, dependences, sources, needed));
  status.merge(detail::check_dependences(region, dependences));
  status.merge(detail::check_runs(region, runs));
  status.merge(detail::check_interfaces(region, options));
  if (!status.ok()) return status;
  // Nothing is emitted that deadlocks at its depths or breaks an II budget;
  // a timing-dependent run that expects nothing comes back expecting what Loom simulated.
  auto emitted = presimulate(region, runs);
  if (!emitted.ok()) return emitted.status();
  const Plan plan = name_things(region, options, dependences, emitted.value(), call_order(region));
  if (Status clear = detail::check_collisions(plan, sources, needed); !clear.ok()) return clear;
  return assemble(plan, sources, needed);
}

}  // namespace loom::hls
