// What emission refuses before it writes a line (emit_internal.h): options
// Vitis would not take, unit headers it cannot copy or compile under one set
// of pragmas, dependence claims with no array to name, test runs that do not
// fit the region or the testbench, and names that would collide.
#include <algorithm>
#include <cmath>
#include <iterator>
#include <map>
#include <regex>
#include <set>

#include "compose/hls/emit_internal.h"
#include "compose/hls/global_names.h"
#include "compose/hls/includes.h"
#include "units/bits.h"

namespace loom::hls {
namespace detail {
namespace {

const ArgumentInstance* argument(const Region& region, const std::string& name) {
  for (const ArgumentInstance& a : region.arguments)
    if (a.name == name) return &a;
  return nullptr;
}

}  // namespace

Status check_interfaces(const Region& region, const Options& options) {
  Status status;
  if (options.flow != FlowTarget::vitis) return status;
  const std::string hint = "; the Vitis kernel flow's arguments are m_axi (UG1399 \"Interfaces for Vitis Kernel "
                           "Flow\"): emit for Vivado IP (loom hls --flow-target vivado)";
  for (const ArgumentInstance& a : region.arguments)
    if (a.protocol != Protocol::m_axi)
      status.add("hls-flow-target", "argument " + quoted(a.name), std::string("is ") + protocol_name(a.protocol) + hint);
  if (region.control == BlockControl::ap_ctrl_none)
    status.add("hls-flow-target", "region " + quoted(region.name),
               "declares ap_ctrl_none, but a Vitis kernel is started through s_axilite (ap_ctrl_hs or ap_ctrl_chain); "
               "emit for Vivado IP (loom hls --flow-target vivado)");
  return status;
}

Status check_sources(const Region& region, const std::vector<Dependence>& dependences, const SourceTree& sources,
                     std::vector<std::string>& needed) {
  Status status;
  std::set<std::string> missing;  // each header named once, however many units it declares
  std::map<std::string, std::string> pragmas_by_source, unit_by_source;
  for (const Process& p : region.processes) {
    const UnitModel& u = *p.unit;
    if (!sources.count(u.source)) {
      if (missing.insert(u.source).second)
        status.add("hls-source-missing", "unit " + quoted(u.name),
                   "is declared in " + u.source + ", which this build did not embed for HLS emission; add it to a "
                   "loom_hls_sources target linked into the binary (compose/hls/hls_sources.bzl)");
      continue;
    }
    const std::string pragmas = loop_pragmas(u, dependences);
    auto [it, fresh] = pragmas_by_source.emplace(u.source, pragmas);
    if (fresh) {
      unit_by_source[u.source] = u.name;
      for (const std::string& f : closure(u.source, sources))
        if (std::find(needed.begin(), needed.end(), f) == needed.end()) needed.push_back(f);
    } else if (it->second != pragmas) {
      // Each takes its II from its own declaration, so only the machine's
      // claims, or one loop pipelined and one not, can set them apart.
      status.add("hls-shared-source", "unit " + quoted(u.name),
                 "is declared in " + u.source + " with unit " + quoted(unit_by_source[u.source]) +
                     ", but their loops get different pragmas (the machine's dependence claims, or pipeline off in "
                     "one and not the other); units whose loops differ so need headers of their own");
    }
  }
  // A header is compiled under the pragmas of the first unit that includes
  // it, so one unit's header may not include another's that needs others.
  for (const auto& [source, pragmas] : pragmas_by_source)
    for (const std::string& f : closure(source, sources)) {
      auto other = pragmas_by_source.find(f);
      if (f != source && other != pragmas_by_source.end() && other->second != pragmas)
        status.add("hls-shared-source", "unit " + quoted(unit_by_source[source]),
                   "its header " + source + " includes " + f + ", the header of unit " + quoted(unit_by_source[f]) +
                       ", whose loops the machine's dependence claims give different pragmas; a unit's header may "
                       "not include another unit's");
    }
  return status;
}

Status check_dependences(const Region& region, const std::vector<Dependence>& dependences) {
  Status status;
  for (const Dependence& d : dependences) {
    bool found = false;
    for (const Process& p : region.processes) {
      if (p.unit->name != d.unit) continue;
      const int port = p.unit->port_index(d.memory);
      found = found || (port >= 0 && p.unit->ports[static_cast<size_t>(port)].kind == PortKind::owns);
    }
    if (!found)
      status.add("hls-dependence", "claim on unit " + quoted(d.unit) + " memory " + quoted(d.memory),
                 "names no unit of region " + quoted(region.name) + " that owns such a memory");
    // The pragma names the array through the context, so every instance must have one.
    for (const Process& p : region.processes) {
      const int port = p.unit->name == d.unit ? p.unit->port_index(d.memory) : -1;
      if (port >= 0 && !p.ports[static_cast<size_t>(port)].bound())
        status.add("hls-dependence", "claim on unit " + quoted(d.unit) + " memory " + quoted(d.memory),
                   "process " + quoted(p.name()) + " leaves that memory unbound, so its loop has no array for the "
                   "dependence pragma to name");
    }
  }
  return status;
}

Status check_runs(const Region& region, const std::vector<TestRun>& runs) {
  Status status;
  for (const TestRun& run : runs)
    for (const auto* contents : {&run.inputs, &run.expected})
      for (const auto& [name, buffer] : *contents) {
        const ArgumentInstance* arg = argument(region, name);
        const std::string where = "test run " + quoted(run.name) + " argument " + quoted(name);
        if (arg == nullptr)
          status.add("hls-test-run", where, "names no argument of region " + quoted(region.name));
        else if (!(buffer.word() == arg->word) || buffer.rows() != arg->size)
          status.add("hls-test-run", where,
                     "holds " + std::to_string(buffer.rows()) + " words of " + buffer.word().to_string() +
                         ", but the argument is " + std::to_string(arg->size) + " words of " + arg->word.to_string());
      }
  for (const ArgumentInstance& a : region.arguments)
    if (a.word.bits() > kMaxAxiBits)
      status.add("hls-argument-width", "argument " + quoted(a.name),
                 "holds words of " + std::to_string(a.word.bits()) + " bits; an m_axi port carries at most " +
                     std::to_string(kMaxAxiBits) + " (UG1448 214-226)");
  // A run of a timing-dependent region may expect nothing: presimulate gives it Loom's simulated outputs.
  const bool timed = simulated_reference(region);
  std::string outputs;
  for (const ArgumentInstance& a : region.arguments)
    if (is_output(region, a)) outputs += (outputs.empty() ? "" : ", ") + quoted(a.name);
  for (const TestRun& run : runs) {
    if (run.expected.empty() && !timed)
      status.add("hls-test-run", "test run " + quoted(run.name),
                 "expects no output, so the testbench would compare nothing; give it the contents the region's plain "
                 "C++ reference computes for " + (outputs.empty() ? std::string("its outputs") : outputs) +
                     " (a machine's workload: Workload::expected). No non-blocking access reaches an output of "
                     "region " + quoted(region.name) + ", so that reference exists; only a timing-dependent region "
                     "is emitted against Loom's simulated outputs instead");
    for (const std::string& name : run.binary32) {
      const auto it = run.expected.find(name);
      if (it == run.expected.end() || it->second.word().lane_bits != 32)
        status.add("hls-test-run", "test run " + quoted(run.name) + " argument " + quoted(name),
                   "is compared as binary32, so it must be an expected output of 32-bit lanes");
    }
  }
  if (runs.empty()) status.add("hls-test-run", "region " + quoted(region.name), "the testbench needs at least one run");
  // The data is compiled into the testbench: past this it is a header no compiler takes in reasonable time.
  int64_t limbs = 0;
  for (const TestRun& run : runs) {
    for (const auto* contents : {&run.inputs, &run.expected})
      for (const auto& [name, buffer] : *contents) limbs += buffer.rows() * bits::limbs_for(static_cast<unsigned>(buffer.word().bits()));
    // The simulated outputs presimulate will give this run.
    if (run.expected.empty() && timed)
      for (const ArgumentInstance& a : region.arguments)
        if (is_output(region, a)) limbs += a.size * bits::limbs_for(static_cast<unsigned>(a.word.bits()));
  }
  if (limbs > kMaxTestbenchLimbs)
    status.add("hls-test-too-large", "region " + quoted(region.name),
               "its " + std::to_string(runs.size()) + " test runs hold " + std::to_string(limbs) +
                   " 64-bit words of data, and a testbench holds at most " + std::to_string(kMaxTestbenchLimbs) +
                   "; emit a smaller configuration (fewer rows) to C-simulate, and synthesise the large one from the same units");
  return status;
}

// A collision would fail to compile in a way that never says which two names met.
Status check_collisions(const Plan& plan, const SourceTree& sources, const std::vector<std::string>& needed) {
  Status status;
  // The unit headers, the stand-ins the project compiles against, and the C library they include.
  std::vector<std::string> scanned = needed;
  scanned.insert(scanned.end(), std::begin(kStandins), std::end(kStandins));
  std::map<std::string, GlobalName> taken = global_names(sources, scanned);
  taken.insert(c_library_names().begin(), c_library_names().end());
  const auto check = [&](const std::string& id, const std::string& what) {
    auto it = taken.find(id);
    if (it == taken.end()) return;
    const std::string at = it->second.line > 0 ? it->second.file + ":" + std::to_string(it->second.line)
                                               : it->second.file;
    status.add("hls-name-collision", "region " + quoted(plan.region.name),
               what + " " + quoted(id) + " would collide with the " + it->second.kind + " " + quoted(id) + " that " + at +
                   " declares at global scope; rename the region (or the placement), or move that name into a "
                   "namespace of its own");
  };
  check(plan.top, "its top function, extern \"C\" void");
  for (const Instance& inst : plan.instances) {
    const std::string process = plan.region.processes[static_cast<size_t>(inst.process)].name();
    check(inst.proc, "the process function of " + process + ",");
    check(inst.io, "the context of " + process + ",");
  }
  return status;
}

}  // namespace detail

namespace {

bool valid_part(const std::string& part) {
  static const std::regex shape(R"(x[a-zA-Z0-9]+(-[a-zA-Z0-9]+)+)");
  return part.size() <= 64 && std::regex_match(part, shape);
}

}  // namespace

Status check_options(const Options& options) {
  Status status;
  if (!valid_part(options.part))
    status.add("bad-part", "--part " + quoted(options.part),
               "is not a Xilinx part name: letters and digits in dash-separated groups, starting with x "
               "(e.g. xcu250-figd2104-2L-e)");
  if (!std::isfinite(options.clock_ns) || options.clock_ns < kMinClockNs || options.clock_ns > kMaxClockNs) {
    status.add("bad-clock", "--clock-ns " + detail::shortest(options.clock_ns),
               "is not a clock period in [0.5, 100] nanoseconds");
  }
  return status;
}

FlowTarget natural_flow(const Region& region) {
  bool kernel = region.control != BlockControl::ap_ctrl_none;
  for (const ArgumentInstance& a : region.arguments) kernel = kernel && a.protocol == Protocol::m_axi;
  return kernel ? FlowTarget::vitis : FlowTarget::vivado;
}

}  // namespace loom::hls
