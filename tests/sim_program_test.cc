// `loom sim --machine tinytpu FILE --a A.csv --b B.csv`: a program of the
// user's simulated on the composed region. Its C is the plain triple loop of
// the CSVs and `loom ref`'s; its cycles are a direct simulate() of the same
// workload and its estimate cost() of the same program, both made here; the
// options are only valid together, each refusal named; bad input is the error
// `loom ref` gives; and a machine without a SimProgram takes none of it.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <vector>

#include "compose/sim/simulator.h"
#include "machines/tinytpu/action_model.h"
#include "machines/tinytpu/assembler.h"
#include "machines/tinytpu/isa_files.h"
#include "machines/tinytpu/layout.h"
#include "machines/tinytpu/reference.h"
#include "machines/tinytpu/tinytpu.h"
#include "machines/workload_run.h"
#include "spec/isa_spec.h"
#include "tests/loom_cli.h"

namespace {

using loom::test::loom;
using loom::test::Run;
using loom::test::slurp;
using loom::test::temp;
using Matrix = std::vector<std::vector<int64_t>>;
namespace tpu = loom::tinytpu;

std::string write(const std::string& name, const std::string& text) {
  std::ofstream(temp(name)) << text;
  return temp(name);
}

std::string csv_of(const Matrix& m) {
  std::string out;
  for (const auto& row : m) {
    for (size_t c = 0; c < row.size(); ++c) out += (c ? "," : "") + std::to_string(row[c]);
    out += "\n";
  }
  return out;
}

// C[0:4, 0:4] = A[0:4, 0:4] @ B[0:4, 0:4] at T=4, MAXDIM=16 (the default
// build): the first k-tile of A and column block of B and C. Row-major (the
// seed's), a tile's rows are words 0, 4, 8 and 12: stride MAXDIM / T = 4;
// tile-major, words 0..3: stride 1.
std::string gemm_text(tpu::Layout layout) {
  const std::string stride = layout == tpu::Layout::tile_major ? "1" : "4";
  return "dma_ld rows=4 route=1 dst=0 src=0 stride=" + stride + "\ndma_ld rows=4 route=2 dst=0 src=0 stride=" + stride +
         "\nmm rows=4 wgt=0 act=0 acc=0 dst=0\nmvout rows=4 src=0 dst=0 stride=" + stride + "\nhalt\n";
}

// 4 x 4 operands wide enough that some sums leave int8.
Matrix operand(int64_t r_step, int64_t c_step, int64_t mod, int64_t offset) {
  Matrix m(4, std::vector<int64_t>(4));
  for (int64_t r = 0; r < 4; ++r)
    for (int64_t c = 0; c < 4; ++c) m[r][c] = (r * r_step + c * c_step) % mod - offset;
  return m;
}

// The plain triple loop of the CSVs, clipped to int8, in the top-left 4 x 4 of
// a 16 x 16 C whose other elements are `prefill`'s.
Matrix triple_loop(const Matrix& a, const Matrix& b, Matrix prefill, bool* clipped = nullptr) {
  for (size_t r = 0; r < a.size(); ++r)
    for (size_t c = 0; c < b[0].size(); ++c) {
      int64_t sum = 0;
      for (size_t k = 0; k < b.size(); ++k) sum += a[r][k] * b[k][c];
      if (clipped != nullptr && (sum < -128 || sum > 127)) *clipped = true;
      prefill[r][c] = std::clamp<int64_t>(sum, -128, 127);
    }
  return prefill;
}

Matrix zeros() { return Matrix(16, std::vector<int64_t>(16, 0)); }

// What the command line should report, made here without it: the same
// workload simulated on the default build's region, and cost() of the same
// program under the tree's spec.
struct Direct {
  int64_t cycles = 0, estimate = 0;
};
Direct direct(const std::string& text, tpu::Layout layout, const Matrix& a, const Matrix& b, const Matrix& c) {
  auto region = loom::compose_for(tpu::architecture({}), {});
  REQUIRE(region.ok());
  const tpu::isa::Params p = tpu::isa_params(region.value());
  auto assembled = tpu::assemble_text(text, "gemm.s", p);
  REQUIRE(assembled.ok());
  tpu::IsaState initial(p, layout);
  const auto place = [&](const Matrix& m, std::vector<int64_t>& into) {
    std::fill(into.begin(), into.end(), 0);
    for (size_t r = 0; r < m.size(); ++r)
      for (size_t col = 0; col < m[r].size(); ++col)
        into[static_cast<size_t>(tpu::matrix_index(p, layout, static_cast<int64_t>(r), static_cast<int64_t>(col)))] = m[r][col];
  };
  place(a, initial.A);
  place(b, initial.B);
  place(c, initial.C);
  auto work = tpu::program_workload(region.value(), assembled.value(), initial);
  REQUIRE(work.ok());
  auto sim = loom::simulate(region.value(), work.value().inputs);
  REQUIRE(sim.ok());
  REQUIRE(sim.value().ok());
  REQUIRE(work.value().check(sim.value().arguments).ok());
  auto spec = loom::spec::load_spec_file(std::string(tpu::kSpecPath));
  REQUIRE(spec.ok());
  auto model = tpu::action_model(spec.value(), p);
  REQUIRE(model.ok());
  auto structure = tpu::composed_structure(p);
  REQUIRE(structure.ok());
  return {sim.value().cycles, tpu::cost(model.value(), assembled.value(), structure.value()).estimate};
}

// The first integer after `prefix` in `text`.
int64_t figure(const std::string& text, const std::string& prefix) {
  const size_t at = text.find(prefix);
  REQUIRE(at != std::string::npos);
  return std::stoll(text.substr(at + prefix.size()));
}

TEST_CASE("sim runs a program of the user's: C as the triple loop and ref have it, the cycles simulate() gives, "
          "cost()'s estimate beside them",
          "[cli][sim-program]") {
  const tpu::Layout layout = GENERATE(tpu::Layout::row_major, tpu::Layout::tile_major);
  const std::string name(tpu::to_string(layout));
  INFO(name);
  const std::string text = gemm_text(layout);
  const std::string program = write("gemm_" + name + ".s", text);
  const Matrix a = operand(7, 3, 41, 20), b = operand(5, 11, 37, 18);
  const std::string files = program + " --a " + write("a.csv", csv_of(a)) + " --b " + write("b.csv", csv_of(b)) +
                            (layout == tpu::Layout::tile_major ? " --layout tile-major" : "");
  bool clipped = false;
  const std::string expected = csv_of(triple_loop(a, b, zeros(), &clipped));
  CHECK(clipped);  // the clip to int8 is held too

  const std::string out = temp("c_" + name + ".csv");
  std::filesystem::remove(out);
  const Run r = loom("sim --machine tinytpu " + files + " --out " + out);
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(slurp(out) == expected);
  const Run ref = loom("ref " + files + " --out " + temp("ref_" + name + ".csv"));
  REQUIRE(ref.exit_code == 0);
  CHECK(slurp(temp("ref_" + name + ".csv")) == slurp(out));

  const Direct d = direct(text, layout, a, b, zeros());
  CHECK(figure(r.out, "completed in ") == d.cycles);
  CHECK(r.out.find("check against the reference: EXACT") != std::string::npos);
  std::smatch m;
  REQUIRE(std::regex_search(r.out, m, std::regex(R"(\nstatic estimate: (\d+) cycles \(gap ([-+]\d+\.\d)% against the simulated (\d+)\)\n)")));
  CHECK(std::stoll(m[1]) == d.estimate);
  CHECK(std::stoll(m[3]) == d.cycles);
  CHECK(m[2] == fmt::format("{:+.1f}", 100.0 * static_cast<double>(d.estimate - d.cycles) / static_cast<double>(d.cycles)));
  CHECK(r.out.find("\nC written to " + out + "\n") != std::string::npos);
  CHECK(r.out.find("workload: program " + program + " (" + name + "; ") == 0);

  // --json carries the same figures, and the estimate.
  const Run json = loom("sim --machine tinytpu " + files + " --json");
  REQUIRE(json.exit_code == 0);
  const auto j = nlohmann::json::parse(json.out);
  CHECK(j.at("cycles") == d.cycles);
  CHECK(j.at("check").at("verdict") == "EXACT");
  CHECK(j.at("seed").is_null());
  CHECK(j.at("estimate").at("cycles") == d.estimate);
  CHECK(j.at("estimate").at("simulated") == d.cycles);
  CHECK(j.at("estimate").at("gap_percent").get<double>() ==
        Approx(100.0 * static_cast<double>(d.estimate - d.cycles) / static_cast<double>(d.cycles)));
  CHECK(j.at("program").at("file") == program);
  CHECK(j.at("program").at("layout") == name);
  CHECK(j.at("program").at("c").is_null());
  CHECK(j.at("program").at("out").is_null());
  CHECK(j.at("program").at("written") == false);
  // Either engine reports the same run of it.
  CHECK(loom("sim --machine tinytpu " + files + " --json --engine trace").out == json.out);
}

TEST_CASE("sim --c starts C from a file, kept outside what the program writes", "[cli][sim-program]") {
  const std::string text = gemm_text(tpu::Layout::row_major);
  const Matrix a = operand(7, 3, 41, 20), b = operand(5, 11, 37, 18);
  Matrix c = zeros();
  for (int64_t r = 0; r < 16; ++r)
    for (int64_t col = 0; col < 16; ++col) c[r][col] = (r * 16 + col) % 201 - 100;
  const std::string out = temp("c_prefilled.csv");
  const Run r = loom("sim --machine tinytpu " + write("gemm.s", text) + " --a " + write("a.csv", csv_of(a)) + " --b " +
                     write("b.csv", csv_of(b)) + " --c " + write("c.csv", csv_of(c)) + " --out " + out);
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(slurp(out) == csv_of(triple_loop(a, b, c)));
  CHECK(r.out.find(", C " + temp("c.csv") + "): ") != std::string::npos);
  CHECK(figure(r.out, "completed in ") == direct(text, tpu::Layout::row_major, a, b, c).cycles);
}

TEST_CASE("sim's program options are only valid together, each refusal named, exit 2", "[cli][sim-program]") {
  const std::string program = write("gemm.s", gemm_text(tpu::Layout::row_major));
  const std::string a = write("one.csv", "1\n");
  const std::string files = program + " --a " + a + " --b " + a;
  const std::pair<std::string, std::string> cases[] = {
      {"--a " + a + " --b " + a, "--a requires FILE"},
      {"--b " + a, "--b requires FILE"},
      {program, "FILE requires --a"},
      {program + " --a " + a, "FILE requires --b"},
      {program + " --b " + a, "FILE requires --a"},
      {"--c " + a, "--c requires FILE"},
      {"--layout tile-major", "--layout requires FILE"},
      {"--out " + temp("never.csv"), "--out requires FILE"},
      {"--spec machines/tinytpu/isa_spec.json", "--spec requires FILE"},
      {"--root .", "--root requires FILE"},
      {files + " --seed 3", "--seed excludes FILE"},  // a program's inputs are its own: nothing is drawn
      {files + " --layout diagonal", "--layout: diagonal not in {row-major,tile-major}"},
      {files + " --a " + a, "--a: "},  // each once
      {files + " " + program, "The following argument was not expected: " + program},
  };
  for (const auto& [args, named] : cases) {
    INFO(args);
    const Run r = loom("sim --machine tinytpu " + args);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("loom: error[usage] `loom sim`: " + named) == 0);
    CHECK(r.out.empty());
  }
  CHECK(!std::filesystem::exists(temp("never.csv")));
  // A machine with no SimProgram takes none of it: the parser's unknown arguments.
  for (const std::string machine : {"--machine example ", "--machine dottree ", ""}) {
    INFO(machine);
    const Run r = loom("sim " + machine + files);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("loom: error[usage] `loom sim`: The following arguments were not expected: ") == 0);
  }
  CHECK(loom("sim --machine example --layout tile-major").exit_code == 2);
  // TinyTPU's sim --help lists them; the example's does not.
  const std::string tinytpu = loom("sim --machine tinytpu --help").out, example = loom("sim --machine example --help").out;
  for (const std::string option : {"FILE", "--a FILE", "--b FILE", "--c FILE", "--layout LAYOUT", "--out FILE"}) {
    INFO(option);
    CHECK(tinytpu.find("\n  " + option) != std::string::npos);
    CHECK(example.find("\n  " + option) == std::string::npos);
  }
}

TEST_CASE("sim refuses a program's bad input with the error ref gives, exit 1", "[cli][sim-program]") {
  const std::string program = write("gemm.s", gemm_text(tpu::Layout::row_major));
  const std::string good = write("good.csv", "1,2\n3,4\n");
  std::string long_program;
  for (int i = 0; i < 11; ++i) long_program += "dma_ld rows=4 route=1 dst=0 src=0 stride=4\n";
  long_program += "halt\n";
  const std::pair<std::string, std::string> cases[] = {
      {program + " --a " + temp("missing.csv") + " --b " + good, "error[unreadable] file '" + temp("missing.csv") + "'"},
      {program + " --a " + good + " --b " + write("bad_cell.csv", "1,2\n3,300\n"), "error[csv-value] " + temp("bad_cell.csv") + ":2:3"},
      {program + " --a " + write("ragged.csv", "1,2\n3\n") + " --b " + good, "error[csv-ragged] " + temp("ragged.csv") + ":2:1"},
      {program + " --a " + good + " --b " + write("empty.csv", ""), "error[csv-empty]"},
      {write("unwritten.s", "dma_ld rows=4 route=2 dst=0 src=0 stride=4\nmm rows=4 wgt=0 act=0 acc=0 dst=0\nhalt\n") +
           " --a " + good + " --b " + good,
       "error[unwritten-read] instruction 1 (line 2: mm)"},
      {write("retired.s", "dma_st rows=4\nhalt\n") + " --a " + good + " --b " + good, "error[retired-opcode]"},
      {write("long.s", long_program) + " --a " + good + " --b " + good + " --param IMEM_WORDS=16", "error[program-too-long]"},
      {temp("missing.s") + " --a " + good + " --b " + good, "error[unreadable] file '" + temp("missing.s") + "'"},
  };
  for (const auto& [args, named] : cases) {
    INFO(args);
    const Run sim = loom("sim --machine tinytpu " + args), ref = loom("ref " + args);
    CHECK(sim.exit_code == 1);
    CHECK(ref.exit_code == 1);
    CHECK(sim.err == ref.err);
    CHECK(sim.err.find(named) != std::string::npos);
    CHECK(sim.out.empty());
  }
  // A matrix larger than MAXDIM x MAXDIM, likewise.
  Matrix big(17, std::vector<int64_t>(17, 1));
  const std::string args = program + " --a " + write("big.csv", csv_of(big)) + " --b " + good;
  const Run sim = loom("sim --machine tinytpu " + args);
  CHECK(sim.exit_code == 1);
  CHECK(sim.err == loom("ref " + args).err);
  CHECK(sim.err.find("error[csv-shape]") != std::string::npos);
}

TEST_CASE("sim --out that cannot be written is named, exit 1; an incomplete run writes no C", "[cli][sim-program]") {
  const std::string files = write("gemm.s", gemm_text(tpu::Layout::row_major)) + " --a " + write("one.csv", "1\n") +
                            " --b " + temp("one.csv");
  const Run full = loom("sim --machine tinytpu " + files + " --out /dev/full");
  CHECK(full.exit_code == 1);
  CHECK(full.err == "loom: error[unwritable] file '/dev/full': cannot be written\n");
  CHECK(full.out.empty());
  CHECK(loom("sim --machine tinytpu " + files + " --out /dev/full --json").out.empty());
  // A directory that is not there is named before the run.
  const Run nowhere = loom("sim --machine tinytpu " + files + " --out /nonexistent/dir/c.csv");
  CHECK(nowhere.exit_code == 1);
  CHECK(nowhere.err == "loom: error[unwritable] file '/nonexistent/dir/c.csv': cannot be written\n");
  CHECK(nowhere.out.empty());
  // A run the watchdog stops has no C of the program's to write.
  const std::string out = temp("c_stopped.csv");
  std::filesystem::remove(out);
  const Run stopped = loom("sim --machine tinytpu " + files + " --max-cycles 20 --out " + out);
  CHECK(stopped.exit_code == 1);
  CHECK(stopped.out.find("WATCHDOG (") != std::string::npos);
  CHECK(stopped.out.find("\nC not written to " + out + ": the run did not complete\n") != std::string::npos);
  CHECK(stopped.out.find("static estimate: ") != std::string::npos);
  CHECK(!std::filesystem::exists(out));
  const auto j = nlohmann::json::parse(loom("sim --machine tinytpu " + files + " --max-cycles 20 --json").out);
  CHECK(j.at("outcome") == "watchdog");
  CHECK(j.at("estimate").at("simulated").is_null());
  CHECK(j.at("estimate").at("gap_percent").is_null());
}

TEST_CASE("sim's run options work with a program as without one", "[cli][sim-program]") {
  const std::string files = write("gemm.s", gemm_text(tpu::Layout::row_major)) + " --a " + write("one.csv", "1\n") +
                            " --b " + temp("one.csv");
  const std::string trace = temp("program_trace.json");
  const Run r = loom("sim --machine tinytpu " + files + " --depth acol=1 --depth a_fwd=1 --max-cycles 100000 --trace " + trace);
  INFO(r.err);
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("check against the reference: EXACT") != std::string::npos);
  CHECK(r.out.find("\ntrace: " + trace + " (") != std::string::npos);
  CHECK(nlohmann::json::parse(slurp(trace)).at("traceEvents").size() > 0);
  const auto shallow = nlohmann::json::parse(loom("sim --machine tinytpu " + files + " --depth acol=1 --json").out);
  for (const auto& c : shallow.at("channels"))
    if (c.at("name").get<std::string>().rfind("acol", 0) == 0) CHECK(c.at("depth") == 1);
  CHECK(shallow.at("estimate").at("simulated") == shallow.at("cycles"));
}

TEST_CASE("sim's own workload is untouched beside a program: the same options, the same run", "[cli][sim-program]") {
  const Run plain = loom("sim --machine tinytpu --seed 2 --json");
  REQUIRE(plain.exit_code == 0);
  const auto j = nlohmann::json::parse(plain.out);
  CHECK(j.at("seed") == 2);
  CHECK(!j.contains("estimate"));
  CHECK(!j.contains("program"));
  CHECK(j.at("workload").get<std::string>().find("GEMM 16^3 with ReLU") == 0);
}

}  // namespace
