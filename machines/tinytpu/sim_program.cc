// `loom sim --machine tinytpu FILE --a A.csv --b B.csv`: a program of the
// user's simulated on the composed region instead of the built-in GEMM, as
// `loom ref` runs it on the reference model (the same files, read the same
// way, program_files.h), checked in full against that model, with the static
// estimate of the same program (`loom cost FILE`) beside the simulated
// cycles. Registered as TinyTPU's SimProgram (machines/sim_program.h), so only
// TinyTPU's sim takes these options.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "common/files.h"
#include "machines/conform.h"
#include "machines/registry.h"
#include "machines/sim_program.h"
#include "machines/tinytpu/action_model.h"
#include "machines/tinytpu/isa_files.h"
#include "machines/tinytpu/layout.h"
#include "machines/tinytpu/program_files.h"
#include "machines/tinytpu/reference.h"
#include "machines/tinytpu/tinytpu.h"
#include "machines/verb.h"
#include "machines/verb_options.h"
#include "spec/isa_spec.h"

namespace loom::tinytpu {
namespace {

using nlohmann::json;

// The options, as setup() declares them.
struct ProgramArgs {
  std::string file, a, b, c, out;  // FILE, --a, --b, --c, --out
  std::string layout = std::string(to_string(Layout::row_major));
  std::string root, spec;  // --root, --spec: where the estimate's model is read from
};

std::string spec_path(const ProgramArgs& a) {
  return a.spec.empty() ? workspace_root(a.root) + "/" + std::string(kSpecPath) : a.spec;
}

// After the run: C written where --out says, and the estimate set beside the
// simulated cycles.
Result<SimProgramReport> finish(const ProgramArgs& a, const isa::Params& p, Layout layout, int64_t estimate,
                                const SimResult& run) {
  SimProgramReport r;
  const bool ran = run.ok();
  const double gap = ran && run.cycles > 0
                         ? 100.0 * static_cast<double>(estimate - run.cycles) / static_cast<double>(run.cycles)
                         : 0.0;
  r.text = ran ? fmt::format("static estimate: {} cycles (gap {:+.1f}% against the simulated {})\n", estimate, gap,
                             run.cycles)
               : fmt::format("static estimate: {} cycles (the run did not complete, so no simulated cycles to set it "
                             "beside)\n",
                             estimate);
  bool written = false;
  if (!a.out.empty()) {
    // Only a completed run's C is the program's: an incomplete one is not written.
    if (ran) {
      const Status w = write_file(a.out, matrix_csv(p, layout, lanes_of(run.arguments.at("C"))));
      if (!w.ok()) return w;
      written = true;
      r.text += "C written to " + a.out + "\n";
    } else {
      r.text += "C not written to " + a.out + ": the run did not complete\n";
    }
  }
  const auto or_null = [](const std::string& s) { return s.empty() ? json(nullptr) : json(s); };
  r.json = {{"program",
             {{"file", a.file}, {"layout", a.layout}, {"a", a.a}, {"b", a.b}, {"c", or_null(a.c)}, {"out", or_null(a.out)},
              {"written", written}}},
            {"estimate",
             {{"cycles", estimate},
              {"simulated", ran ? json(run.cycles) : json(nullptr)},
              {"gap_percent", ran ? json(gap) : json(nullptr)}}}};
  return r;
}

// The program assembled and validated for the region's build, A, B (and C)
// placed by the layout, and the static estimate made, all before the run.
Result<SimProgramWork> program_work(const ProgramArgs& a, const Region& region) {
  const isa::Params p = isa_params(region);
  auto assembled = assemble_file(a.file, p);
  if (!assembled.ok()) return assembled.status();
  auto layout = parse_layout(a.layout);
  if (!layout.ok()) return layout.status();
  // C starts zeroed, as `loom ref` starts it, unless --c fills it.
  IsaState initial(p, layout.value());
  std::fill(initial.C.begin(), initial.C.end(), 0);
  Status inputs = read_matrix(a.a, p, initial.layout, initial.A);
  inputs.merge(read_matrix(a.b, p, initial.layout, initial.B));
  if (!a.c.empty()) inputs.merge(read_matrix(a.c, p, initial.layout, initial.C));
  if (!inputs.ok()) return inputs;
  // The static estimate of the same program at the same build, as `loom cost` makes it.
  auto spec = spec::load_spec_file(spec_path(a));
  if (!spec.ok()) return spec.status();
  auto model = action_model(spec.value(), p);
  if (!model.ok()) return model.status();
  auto structure = composed_structure(p);
  if (!structure.ok()) return structure.status();
  const int64_t estimate = cost(model.value(), assembled.value(), structure.value()).estimate;
  // An output that cannot be opened is named before the run, as a trace is
  // (and a file the check made is removed again); one that cannot take the
  // bytes (a full disk), when C is written.
  if (!a.out.empty()) {
    std::error_code ignored;
    const bool existed = std::filesystem::exists(a.out, ignored);
    const bool opens = std::ofstream(a.out, std::ios::app).good();
    if (!existed) std::filesystem::remove(a.out, ignored);
    if (!opens) return Error{"unwritable", "file '" + a.out + "'", "cannot be written"};
  }
  auto work = program_workload(region, assembled.value(), initial);
  if (!work.ok()) return work.status();
  work.value().description = fmt::format("program {} ({}; A {}, B {}, C {}): {}", a.file, a.layout, a.a, a.b,
                                         a.c.empty() ? "zeroed" : a.c, work.value().description);
  const Layout l = layout.value();
  return SimProgramWork{std::move(work).value(),
                        [a, p, l, estimate](const SimResult& run) { return finish(a, p, l, estimate, run); }};
}

SimProgramRun setup(CLI::App& sim) {
  auto a = std::make_shared<ProgramArgs>();
  CLI::Option* file = add_path(sim, "FILE", a->file,
                               "a program of your own, run instead of the built-in GEMM on the matrices --a, --b "
                               "and --c give, and held to the reference model (needs --a and --b)");
  CLI::Option* in_a =
      add_path(sim, "--a", a->a, "DRAM matrix A as CSV: one row a line, int8; a smaller one fills the top-left corner");
  CLI::Option* in_b = add_path(sim, "--b", a->b, "DRAM matrix B, likewise");
  CLI::Option* in_c = add_path(sim, "--c", a->c, "DRAM matrix C's starting contents, likewise (default: zeroed)");
  CLI::Option* layout = once(add_layout_option(sim, a->layout));
  CLI::Option* out = add_path(sim, "--out", a->out, "write the simulated C there as CSV, as `loom ref --out` writes it");
  add_spec_paths(sim, a->root, a->spec);
  // Only together: the program and its two operands, and the rest only with a program.
  file->needs(in_a)->needs(in_b);
  for (CLI::Option* o : {in_a, in_b, in_c, layout, out, sim.get_option("--root"), sim.get_option("--spec")})
    o->needs(file);
  return {file, [a](const Region& region) { return program_work(*a, region); }};
}

const ExtensionRegistration<SimProgram> kSimProgram("tinytpu", {setup});

}  // namespace
}  // namespace loom::tinytpu
