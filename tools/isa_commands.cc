#include "tools/isa_commands.h"

#include <array>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "machines/tinytpu/action_model.h"
#include "machines/tinytpu/assembler.h"
#include "machines/tinytpu/build.h"
#include "machines/tinytpu/gates.h"
#include "machines/tinytpu/isa_dsl.h"
#include "machines/tinytpu/gen_isa.h"
#include "machines/tinytpu/isa_files.h"
#include "machines/tinytpu/reference.h"
#include "tools/report.h"
#include "common/files.h"

namespace loom {
namespace {

// A MAXDIM x MAXDIM int8 matrix from CSV: one row a line; a smaller matrix fills
// the top-left corner. Errors name file:line:column.
Status read_matrix(const std::string& path, int64_t maxdim, std::vector<int64_t>& into) {
  auto text = read_file(path);
  if (!text.ok()) return text.status();
  Status status;
  std::istringstream lines(text.value());
  std::string line;
  int64_t row = 0;
  for (int line_no = 1; std::getline(lines, line); ++line_no) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    const std::string where = path + ":" + std::to_string(line_no);
    if (row >= maxdim) {
      status.add("csv-shape", where, "row " + std::to_string(row + 1) + " is past MAXDIM = " + std::to_string(maxdim));
      break;
    }
    int64_t col = 0;
    size_t pos = 0;
    while (pos <= line.size()) {
      const size_t comma = std::min(line.find(',', pos), line.size());
      std::string cell = line.substr(pos, comma - pos);
      const size_t a = cell.find_first_not_of(" \t"), b = cell.find_last_not_of(" \t");
      cell = a == std::string::npos ? "" : cell.substr(a, b - a + 1);
      int64_t value = 0;
      auto [end, ec] = std::from_chars(cell.data(), cell.data() + cell.size(), value);
      const std::string at = where + ":" + std::to_string(pos + 1);
      if (cell.empty() || ec != std::errc() || end != cell.data() + cell.size() || value < -128 || value > 127) {
        status.add("csv-value", at, "'" + cell + "' is not an int8 value (-128 to 127)");
      } else if (col >= maxdim) {
        status.add("csv-shape", at, "column " + std::to_string(col + 1) + " is past MAXDIM = " + std::to_string(maxdim));
        break;
      } else {
        into[static_cast<size_t>(row * maxdim + col)] = value;
      }
      ++col;
      pos = comma + 1;
    }
    ++row;
  }
  return status;
}

Result<tinytpu::Assembled> assemble_file(const IsaOptions& o, tinytpu::isa::Params& p) {
  auto params = tinytpu::build_from(o.overrides);
  if (!params.ok()) return params.status();
  p = params.value();
  auto text = read_file(o.file);
  if (!text.ok()) return text.status();
  return tinytpu::assemble_text(text.value(), o.file, p);
}

std::string root_of(const IsaOptions& o) {
  if (!o.root.empty()) return o.root;
  const char* workspace = std::getenv("BUILD_WORKSPACE_DIRECTORY");
  return workspace ? workspace : ".";
}

std::string spec_of(const IsaOptions& o) {
  return o.spec.empty() ? root_of(o) + "/" + std::string(tinytpu::kSpecPath) : o.spec;
}

// The spec, the options' build, and the spec's behavioural model at that build.
struct Modelled {
  spec::IsaSpec spec;
  tinytpu::isa::Params build;
  tinytpu::ActionModel model;
};
Result<Modelled> modelled(const IsaOptions& o) {
  auto build = tinytpu::build_from(o.overrides);
  if (!build.ok()) return build.status();
  auto spec = spec::load_spec_file(spec_of(o));
  if (!spec.ok()) return spec.status();
  auto model = tinytpu::action_model(spec.value(), build.value());
  if (!model.ok()) return model.status();
  return Modelled{std::move(spec).value(), build.value(), std::move(model).value()};
}

// "16x16x8" -> {16, 16, 8}
Result<std::array<int64_t, 3>> shape(const std::string& text) {
  std::array<int64_t, 3> mkn{};
  size_t pos = 0;
  for (int k = 0; k < 3; ++k) {
    const size_t end = k < 2 ? text.find('x', pos) : text.size();
    if (end == std::string::npos) break;
    auto [p, ec] = std::from_chars(text.data() + pos, text.data() + end, mkn[static_cast<size_t>(k)]);
    if (ec != std::errc() || p != text.data() + end)
      return Error{"usage", "option '--gemm'", "takes MxKxN, such as 16x16x8, not '" + text + "'"};
    pos = end + 1;
  }
  if (mkn[2] == 0) return Error{"usage", "option '--gemm'", "takes MxKxN, such as 16x16x8, not '" + text + "'"};
  return mkn;
}

}  // namespace

int project_command(const IsaOptions& o) {
  auto m = modelled(o);
  if (!m.ok()) return report(m.status());
  const tinytpu::isa::Params& p = m.value().build;
  auto projected = tinytpu::project(m.value().spec, m.value().model.machine, p);
  if (!projected.ok()) return report(projected.status());
  std::printf("projection of TinyTPU's action model onto its composed region (T=%lld, MAXDIM=%lld):\n\n%s",
              static_cast<long long>(p.T), static_cast<long long>(p.MAXDIM), projected.value().to_string().c_str());
  return 0;
}

int cost_command(const IsaOptions& o) {
  auto m = modelled(o);
  if (!m.ok()) return report(m.status());
  const tinytpu::isa::Params& p = m.value().build;
  const tinytpu::ActionModel& model = m.value().model;
  auto structure = tinytpu::composed_structure(p);
  if (!structure.ok()) return report(structure.status());
  if (o.bench) {
    // The static estimate beside what the composed region simulates.
    auto runs = tinytpu::bench(o.overrides);
    if (!runs.ok()) return report(runs.status());
    std::printf("%-22s %10s %10s %8s\n", "bench GEMM", "simulated", "static", "gap");
    for (const tinytpu::GateRun& r : runs.value()) {
      if (r.m == 0) continue;
      auto program = tinytpu::gemm_program(r.m, r.k, r.n, r.relu, r.form, p);
      if (!program.ok()) return report(program.status());
      auto assembled = tinytpu::assemble(program.value(), p);
      if (!assembled.ok()) return report(assembled.status());
      const tinytpu::Cost c = tinytpu::cost(model, assembled.value(), structure.value());
      std::printf("%-22s %10lld %10lld %+7.1f%%\n", r.name.substr(5).c_str(), static_cast<long long>(r.cycles),
                  static_cast<long long>(c.estimate),
                  100.0 * static_cast<double>(c.estimate - r.cycles) / static_cast<double>(r.cycles));
    }
    return 0;
  }
  Result<tinytpu::Assembled> assembled = Error{"usage", "`loom cost`", "needs a program FILE, --gemm MxKxN or --bench"};
  if (!o.gemm.empty()) {
    auto mkn = shape(o.gemm);
    if (!mkn.ok()) return report(mkn.status());
    auto program = tinytpu::gemm_program(mkn.value()[0], mkn.value()[1], mkn.value()[2], false, tinytpu::Form::looped, p);
    if (!program.ok()) return report(program.status());
    assembled = tinytpu::assemble(program.value(), p);
  } else if (!o.file.empty()) {
    auto text = read_file(o.file);
    if (!text.ok()) return report(text.status());
    assembled = tinytpu::assemble_text(text.value(), o.file, p);
  }
  if (!assembled.ok()) return report(assembled.status());
  const tinytpu::Cost c = tinytpu::cost(model, assembled.value(), structure.value());
  std::fwrite(c.table.data(), 1, c.table.size(), stdout);
  return 0;
}

int gen_isa_command(const IsaOptions& o) {
  const std::string root = root_of(o);
  const std::string spec = spec_of(o);
  if (!o.check) {
    const Status written = tinytpu::write_generated(root, spec);
    if (!written.ok()) return report(written);
    std::printf("wrote %s/%s and the tables in %s/%s\n", root.c_str(), std::string(tinytpu::kEncodingPath).c_str(),
                root.c_str(), std::string(tinytpu::kDocPath).c_str());
    return 0;
  }
  const Status checked = tinytpu::check_isa(root, spec);
  if (!checked.ok()) {
    report(checked);
    std::fprintf(stderr, "ISA CHECK FAILED: %zu disagreement%s\n", checked.errors().size(),
                 checked.errors().size() == 1 ? "" : "s");
    return 1;
  }
  std::printf("ISA OK\n");
  return 0;
}

int asm_command(const IsaOptions& o) {
  tinytpu::isa::Params p{};
  auto a = assemble_file(o, p);
  if (!a.ok()) return report(a.status());
  const std::string text = tinytpu::listing(a.value());
  std::fwrite(text.data(), 1, text.size(), stdout);
  return 0;
}

int ref_command(const IsaOptions& o) {
  if (o.a.empty() || o.b.empty()) return report(Error{"usage", "`loom ref`", "needs --a A.csv and --b B.csv"});
  tinytpu::isa::Params p{};
  auto a = assemble_file(o, p);
  if (!a.ok()) return report(a.status());
  tinytpu::IsaState state(p);
  std::fill(state.C.begin(), state.C.end(), 0);
  Status inputs = read_matrix(o.a, p.MAXDIM, state.A);
  inputs.merge(read_matrix(o.b, p.MAXDIM, state.B));
  if (!inputs.ok()) return report(inputs);
  const Status ran = tinytpu::run_reference(a.value().encoded, state);
  if (!ran.ok()) return report(ran);
  std::string csv;
  for (int64_t r = 0; r < p.MAXDIM; ++r) {
    for (int64_t c = 0; c < p.MAXDIM; ++c)
      csv += (c ? "," : "") + std::to_string(state.C[static_cast<size_t>(r * p.MAXDIM + c)]);
    csv += "\n";
  }
  if (o.out.empty()) {
    std::fwrite(csv.data(), 1, csv.size(), stdout);
    return 0;
  }
  const Status written = write_file(o.out, csv);
  return written.ok() ? 0 : report(written);
}

}  // namespace loom
