// The `loom` binary as a user runs it: exit codes, output, and named errors.
#include <catch2/catch.hpp>

#include <filesystem>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>
#include <sys/wait.h>

#include <fmt/format.h>
#include <map>
#include <vector>

#include "compose/depths.h"
#include "compose/sim/fifo_search.h"
#include "compose/sim/simulator.h"
#include "machines/cycle_table.h"
#include "machines/registry.h"
#include "machines/tinytpu/build.h"
#include "machines/tinytpu/gates.h"
#include "tests/loom_cli.h"
#include "tests/tinytpu/stress_counts.h"
#include "tools/fifo_command.h"
#include "tools/hls_command.h"

namespace {

using loom::test::loom;
using loom::test::Run;
using loom::test::slurp;

TEST_CASE("loom dot prints a graph that Graphviz accepts", "[cli]") {
  const Run r = loom("dot --machine example");
  REQUIRE(r.exit_code == 0);
  CHECK(r.err.empty());
  const int status =
      std::system(("dot -Tsvg " + loom::test::temp("loom.out") + " > " + loom::test::temp("cli.svg")).c_str());
  CHECK(status == 0);
  CHECK(slurp(loom::test::temp("cli.svg")).find("<svg") != std::string::npos);
}

TEST_CASE("loom describe honours parameter overrides", "[cli]") {
  const Run r = loom("describe --machine example --param N=3 --param K=10");
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("region 'example': 5 instances, 6 channels") != std::string::npos);
  CHECK(r.out.find("parameters: T=4 N=3 K=10 QD=2") != std::string::npos);
  CHECK(r.out.find("  weight      x3     1 x 4x8          owned by one instance of tap.weight each, true dual-port RAM "
                   "(ram_t2p): 2 loads or stores a cycle\n") != std::string::npos);
}

TEST_CASE("loom offers every built lane count T, and names the ones it has", "[cli]") {
  for (int t : {4, 8, 16, 32}) {
    const Run r = loom("describe --machine example --param T=" + std::to_string(t));
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("x_chain     x8     " + std::to_string(t) + "x8 ") != std::string::npos);
    CHECK(r.out.find("p_chain     x8     " + std::to_string(t) + "x32 ") != std::string::npos);
  }
  const Run r = loom("describe --machine example --param T=5");
  CHECK(r.exit_code == 1);
  CHECK(r.err == "loom: error[not-built] parameter 'T': 5 sets word types, and this build has T = 4, 8, 16, 32\n");
}

TEST_CASE("loom refuses bad input with named errors: 2 for the command line, 1 for the input", "[cli]") {
  Run r = loom("dot --machine nope");
  CHECK(r.exit_code == 2);
  // The list is the registry's, whatever machines it holds.
  std::string known;
  for (const loom::MachineEntry& m : loom::machines()) known += (known.empty() ? "" : ", ") + m.name;
  CHECK(r.err == "loom: error[unknown-machine] machine 'nope': is not known; the machines are " + known +
                    ". If it is registered, link its machine's library with alwayslink = True: the linker drops a "
                    "registration in a library that is not alwayslinked\n");
  CHECK(known.find("dottree") != std::string::npos);

  r = loom("dot --machine example --param N=0");
  CHECK(r.exit_code == 1);
  CHECK(r.err == "loom: error[parameter-out-of-range] parameter 'N': 0 is outside its range [1, 4096]\n");

  // The default machine is the first that offers the verb.
  r = loom("dot");
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("digraph \"example\"") != std::string::npos);

  r = loom("describe --machine example --param N");
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("loom: error[bad-override] 'N': expected NAME=VALUE") == 0);

  r = loom("frobnicate");
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("loom: error[usage] `loom`: 'frobnicate' is not a verb; the verbs are machines, describe, dot, sim, fifo, hls,") == 0);

  r = loom("");
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("loom: error[usage] `loom`: A subcommand is required") == 0);
  CHECK(r.err.find("(see `loom --help`)") != std::string::npos);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
}

TEST_CASE("loom sim writes a trace that parses as JSON with one track per process", "[cli]") {
  const char* tmp = std::getenv("TEST_TMPDIR");
  const std::string trace = std::string(tmp ? tmp : "/tmp") + "/t.json";
  const Run r = loom("sim --machine example --param N=5 --trace " + trace);
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("completed in ") != std::string::npos);
  CHECK(r.out.find("check against the reference: EXACT") != std::string::npos);
  CHECK(r.out.find("  tap          fir_tap           5 ") != std::string::npos);
  const auto json = nlohmann::json::parse(slurp(trace));
  int tracks = 0;
  for (const auto& e : json.at("traceEvents")) tracks += e.at("name") == "thread_name";
  CHECK(tracks == 7);

  const Run bad = loom("sim --machine example --seed -1");
  CHECK(bad.exit_code == 2);
  CHECK(bad.err.find("loom: error[usage] `loom sim`:") == 0);
  CHECK(bad.err.find("--seed") != std::string::npos);
}

TEST_CASE("loom sim's watchdog bounds are options, and stop a run by name", "[cli]") {
  const Run r = loom("sim --machine example --param N=8 --max-cycles 20");
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("WATCHDOG (") != std::string::npos);
  CHECK(r.out.find("passed cycle 20)") != std::string::npos);
  const Run zero = loom("sim --machine example --max-steps 0");
  CHECK(zero.exit_code == 2);
  CHECK(zero.err.find("loom: error[usage] `loom sim`: --max-steps") == 0);
}

TEST_CASE("loom sim simulates the example and checks it against its reference", "[cli]") {
  const Run r = loom("sim --machine example");
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("check against the reference: EXACT") != std::string::npos);
}

}  // namespace

namespace {

std::string write_temp(const std::string& name, const std::string& text) {
  const char* tmp = std::getenv("TEST_TMPDIR");
  const std::string path = std::string(tmp ? tmp : "/tmp") + "/" + name;
  std::ofstream(path) << text;
  return path;
}

TEST_CASE("loom gen-isa --check prints ISA OK on the checked-in files", "[cli][isa]") {
  const Run r = loom("gen-isa --check --root .");
  CHECK(r.exit_code == 0);
  CHECK(r.out == "ISA OK\n");
  CHECK(r.err.empty());
}

TEST_CASE("loom asm refuses the retired dma_st by name", "[cli][isa]") {
  const std::string file = write_temp("store.s", "dma_ld rows=4 route=1 dst=0 src=0 stride=4\ndma_st rows=4\nhalt\n");
  const Run r = loom("asm " + file);
  CHECK(r.exit_code == 1);
  CHECK(r.err.find("error[retired-opcode] " + file + ":2:1") != std::string::npos);
  CHECK(r.out.empty());
}

TEST_CASE("loom asm prints the words and headers of a valid program", "[cli][isa]") {
  const std::string file = write_temp("ok.s", "dma_ld rows=4 route=1 dst=0 src=0 stride=4\nhalt\n");
  const Run r = loom("asm " + file);
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("dma_ld rows=4 route=1 dst=0 src=0 stride=4") != std::string::npos);
  CHECK(r.out.find("dma_ld trip count 4") != std::string::npos);
  const Run wide = loom("asm " + file + " --param T=8 --param MAXDIM=12");
  CHECK(wide.exit_code == 1);
  CHECK(wide.err.find("constraint-violated") != std::string::npos);
  const Run zero = loom("asm " + file + " --param T=0");
  CHECK(zero.exit_code == 1);
  CHECK(zero.err.find("error[not-built] parameter 'T': 0 sets word types") != std::string::npos);
}

TEST_CASE("loom ref runs a GEMM program on CSV matrices", "[cli][isa]") {
  // C[0:4, 0:4] = A[0:4, 0:4] @ B[0:4, 0:4] at T=4, MAXDIM=16: the first
  // k-tile of A and column block of B and C. Row-major (the default, the
  // seed's), its rows are words 0, 4, 8 and 12: stride MAXDIM / T = 4;
  // tile-major, words 0..3: stride 1.
  const bool tiled = GENERATE(false, true);
  const std::string stride = tiled ? "1" : "4";
  const std::string program = write_temp("gemm.s", "dma_ld rows=4 route=1 dst=0 src=0 stride=" + stride +
                                                       "\ndma_ld rows=4 route=2 dst=0 src=0 stride=" + stride +
                                                       "\nmm rows=4 wgt=0 act=0 acc=0 dst=0\nmvout rows=4 src=0 dst=0 stride=" +
                                                       stride + "\nhalt\n");
  int a[4][4], b[4][4];
  std::string a_csv, b_csv;
  for (int r = 0; r < 4; ++r) {
    for (int c = 0; c < 4; ++c) {
      a[r][c] = (r * 4 + c) % 11 - 5;
      b[r][c] = (r * 3 + c * 5) % 9 - 4;
      a_csv += (c ? "," : "") + std::to_string(a[r][c]);
      b_csv += (c ? "," : "") + std::to_string(b[r][c]);
    }
    a_csv += "\n";
    b_csv += "\n";
  }
  const Run r = loom("ref " + program + " --a " + write_temp("a.csv", a_csv) + " --b " + write_temp("b.csv", b_csv) +
                     (tiled ? " --layout tile-major" : ""));
  REQUIRE(r.exit_code == 0);
  std::istringstream lines(r.out);
  std::string line;
  for (int row = 0; row < 4; ++row) {
    REQUIRE(std::getline(lines, line));
    std::string expected;
    for (int c = 0; c < 16; ++c) {
      int sum = 0;
      for (int k = 0; k < 4 && c < 4; ++k) sum += a[row][k] * b[k][c];
      expected += (c ? "," : "") + std::to_string(std::max(-128, std::min(127, sum)));
    }
    CHECK(line == expected);
  }
}

TEST_CASE("loom ref names an output it cannot write, a full disk among them", "[cli][isa]") {
  const std::string program = write_temp("halt.s", "halt\n");
  const std::string a = write_temp("one.csv", "1\n");
  for (const std::string out : {"/dev/full", "/nonexistent/dir/c.csv"}) {
    INFO(out);
    const Run r = loom("ref " + program + " --a " + a + " --b " + a + " --out " + out);
    CHECK(r.exit_code == 1);
    CHECK(r.err == "loom: error[unwritable] file '" + out + "': cannot be written\n");
  }
}

TEST_CASE("loom ref names a bad CSV cell by file, line and column", "[cli][isa]") {
  const std::string program = write_temp("halt.s", "halt\n");
  const std::string a = write_temp("bad_a.csv", "1,2\n3,300\n");
  const Run r = loom("ref " + program + " --a " + a + " --b " + a);
  CHECK(r.exit_code == 1);
  CHECK(r.err.find("error[csv-value] " + a + ":2:3") != std::string::npos);
}

}  // namespace

namespace {

// The committed cycles of TinyTPU's default build (machines/cycles/tinytpu.txt),
// by run name; the table names a build by its parameters as --param sets them.
std::map<std::string, int64_t> committed_default_cycles(const loom::tinytpu::isa::Params& p) {
  std::string build;
  for (const loom::tinytpu::isa::ParameterInfo& param : loom::tinytpu::isa::kParameters)
    build += (build.empty() ? "" : " ") + std::string(param.name) + "=" + std::to_string(*loom::tinytpu::isa::find_value(p, param.name));
  auto rows = loom::read_cycle_table(loom::cycle_table_path(".", "tinytpu"));
  REQUIRE(rows.ok());
  std::map<std::string, int64_t> out;
  for (const loom::CycleRow& row : rows.value())
    if (row.build == build) out[row.run] = row.cycles;
  REQUIRE(!out.empty());
  return out;
}

// Whitespace-separated fields of the line of `text` that starts with `start`.
std::vector<std::string> row_fields(const std::string& text, const std::string& start) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    if (line.rfind(start, 0) == 0) {
      std::istringstream words(line);
      std::vector<std::string> fields;
      for (std::string w; words >> w;) fields.push_back(w);
      return fields;
    }
  return {};
}

TEST_CASE("loom bench prints ALL EXACT, every run at its committed cycles, and the cycle table from its sources", "[cli][tinytpu]") {
  const Run r = loom("bench");
  CHECK(r.exit_code == 0);
  const loom::tinytpu::isa::Params p = loom::tinytpu::build_from({}).value();
  const std::vector<loom::tinytpu::GateCase> cases = loom::tinytpu::bench_cases(p);
  const std::map<std::string, int64_t> committed = committed_default_cycles(p);
  CHECK(committed.size() == cases.size());
  // Each of bench's cases, EXACT at the cycles the table commits.
  for (const loom::tinytpu::GateCase& c : cases) {
    INFO(c.run.name);
    REQUIRE(committed.count(c.run.name) == 1);
    CHECK(r.out.find(fmt::format("\n  EXACT {:<40} {:>7} cycles\n", c.run.name, committed.at(c.run.name))) != std::string::npos);
  }
  CHECK(r.out.find("\ncycles: all " + std::to_string(cases.size()) + " runs as ./machines/cycles/tinytpu.txt commits them\n") !=
        std::string::npos);
  CHECK(r.out.find("\nALL EXACT (" + std::to_string(cases.size()) + " runs") != std::string::npos);
  // The cycle table: a row a published shape (gates.cc published_cosim, the
  // seed's cosim figures), its four forms' cycles as committed, the published
  // figure, looped / published, and the MAC limit M*K*N / T^2.
  REQUIRE(r.out.find("\ncycle table") != std::string::npos);
  const std::string table = r.out.substr(r.out.find("\ncycle table"));
  const std::vector<std::string> header = row_fields(table, "  MxKxN");
  CHECK(header == std::vector<std::string>{"MxKxN", "looped", "flat", "relu", "relu", "flat", "published", "ratio",
                                           "tile-major", "ratio", "MAC", "limit"});
  for (const loom::tinytpu::PublishedRow& pub : loom::tinytpu::published_cosim()) {
    const std::string shape = std::to_string(pub.m) + "x" + std::to_string(pub.k) + "x" + std::to_string(pub.n);
    INFO(shape);
    const std::vector<std::string> row = row_fields(table, "  " + shape + " ");
    REQUIRE(row.size() == 10);
    const std::string gemm = "gemm " + shape;
    CHECK(row[1] == std::to_string(committed.at(gemm + " looped")));
    CHECK(row[2] == std::to_string(committed.at(gemm + " flat")));
    CHECK(row[3] == std::to_string(committed.at(gemm + " relu looped")));
    CHECK(row[4] == std::to_string(committed.at(gemm + " relu flat")));
    CHECK(row[5] == std::to_string(pub.cycles));
    CHECK(row[6] == fmt::format("{:.3f}", static_cast<double>(committed.at(gemm + " looped")) / static_cast<double>(pub.cycles)));
    CHECK(row[7] == std::to_string(committed.at(gemm + " looped tile-major")));
    CHECK(row[8] == fmt::format("{:.3f}", static_cast<double>(committed.at(gemm + " looped tile-major")) /
                                              static_cast<double>(pub.cycles)));
    CHECK(row[9] == std::to_string(pub.m * pub.k * pub.n / (p.T * p.T)));
  }
}

TEST_CASE("loom stress prints STRESS OK over every run its generators make, at each default build", "[cli][tinytpu]") {
  const Run r = loom("stress");
  CHECK(r.exit_code == 0);
  int64_t total = 0;
  // Each default build, counting its runs, its generated programs and its
  // validator controls, as many as its lists hold (tests/tinytpu/stress_counts.h).
  for (const loom::Overrides& build : loom::tinytpu::default_stress_builds()) {
    auto p = loom::tinytpu::build_from(build);
    REQUIRE(p.ok());
    const loom::tinytpu::test::StressCounts want = loom::tinytpu::test::stress_counts(p.value());
    total += want.total();
    const std::string name = "T=" + std::to_string(p.value().T) + " MAXDIM=" + std::to_string(p.value().MAXDIM);
    INFO(name);
    std::smatch m;
    REQUIRE(std::regex_search(r.out, m, std::regex("\\n  " + name + R"(: (\d+)/\1 \((\d+)/\2 runs exact, (\d+)/\3 generated programs accepted, (\d+)/\4 validator controls refused for their reason\))")));
    CHECK(std::stoll(m[1]) == want.total());
    CHECK(std::stoll(m[2]) == want.programs);  // runs exact, of the programs
    CHECK(std::stoll(m[3]) == want.programs);  // accepted, of the programs
    CHECK(std::stoll(m[4]) == want.controls);
  }
  CHECK(r.out.find("STRESS OK: " + std::to_string(total) + "/" + std::to_string(total) + " (") != std::string::npos);
}

TEST_CASE("loom demo runs TinyTPU end to end", "[cli][tinytpu]") {
  const Run r = loom("demo");
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("region 'tinytpu': 38 instances") != std::string::npos);
  CHECK(r.out.find("error[unwritten-read]") != std::string::npos);
  CHECK(r.out.find("check against the reference model: EXACT") != std::string::npos);
  CHECK(r.out.find("array utilisation") != std::string::npos);
}

}  // namespace

namespace {

TEST_CASE("loom project prints the classified table with every port accounted for", "[cli][actions]") {
  const Run r = loom("project --root .");
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("landed.read       ALIAS        stands for a_onchip.read + b_onchip.read") != std::string::npos);
  CHECK(r.out.find("28 ports: 21 derived, 3 alias, 3 arithmetic, 1 counting; 16 unmodelled") != std::string::npos);
  CHECK(r.out.find("array is one dispatch domain") != std::string::npos);
}

TEST_CASE("loom cost --gemm prints the per-instruction table and the obligations", "[cli][actions]") {
  const Run r = loom("cost --gemm 16x16x16 --root .");
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("per instruction") != std::string::npos);
  CHECK(r.out.find("mm           16  sequencer: 1 (1/1*) spm: 5 (8/5*) vru: 16 (1/1) array: 21 (1/1) accu: 16 (1/1)") !=
        std::string::npos);
  CHECK(r.out.find("static estimate: ") != std::string::npos);
  CHECK(r.out.find("OPEN  accu: ar carries no dependence") != std::string::npos);
  const Run bad = loom("cost --gemm 16by16 --root .");
  CHECK(bad.exit_code == 2);
  CHECK(bad.err.find("error[usage] option '--gemm'") != std::string::npos);
}

}  // namespace

namespace {

std::string scratch_dir(const std::string& name) {
  const char* tmp = std::getenv("TEST_TMPDIR");
  const std::string dir = std::string(tmp ? tmp : "/tmp") + "/" + name;
  std::error_code ignored;  // absent already is fine
  std::filesystem::remove_all(dir, ignored);
  return dir;
}

TEST_CASE("loom hls writes a project whose csim target passes", "[cli][hls]") {
  const std::string dir = scratch_dir("cli_hls_example");
  const Run r = loom("hls --machine example --param N=4 --out " + dir);
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("wrote the Vitis HLS project of region 'example' (top function example, 2 test runs)") !=
        std::string::npos);
  CHECK(r.out.find("  src/machines/example/fir_tap.h\n") != std::string::npos);
  const int status = std::system(("make -s -C '" + dir + "' csim > '" + dir + "/csim.log' 2>&1").c_str());
  CHECK(status == 0);
  CHECK(slurp(dir + "/csim.log").find("LOOM CSIM PASS: 2 runs") != std::string::npos);
  CHECK(slurp(dir + "/run_hls.tcl").find("set_part {xcu250-figd2104-2L-e}\ncreate_clock -period 3.33 -name default") !=
        std::string::npos);
  // Emitting again into the same project replaces it, with the options given.
  const Run again = loom("hls --machine example --param N=4 --part xc7z020clg400-1 --clock-ns 10 --out " + dir);
  CHECK(again.exit_code == 0);
  CHECK(slurp(dir + "/run_hls.tcl").find("set_part {xc7z020clg400-1}\ncreate_clock -period 10 -name default") !=
        std::string::npos);
}

TEST_CASE("loom hls refuses a bad part, clock or output directory by name", "[cli][hls]") {
  const std::string dir = scratch_dir("cli_hls_refused");
  const Run part = loom("hls --machine example --part 'xcu250 bad' --out " + dir);
  CHECK(part.exit_code == 2);
  CHECK(part.err.find("error[bad-part] --part 'xcu250 bad': is not a Xilinx part name") != std::string::npos);
  const Run clock = loom("hls --machine example --clock-ns 0 --out " + dir);
  CHECK(clock.exit_code == 2);
  CHECK(clock.err.find("error[bad-clock] --clock-ns 0:") != std::string::npos);
  const Run garbled = loom("hls --machine example --clock-ns 3ns --out " + dir);
  CHECK(garbled.exit_code == 2);
  CHECK(garbled.err.find("loom: error[usage] `loom hls`:") == 0);
  CHECK(garbled.err.find("3ns") != std::string::npos);
  const Run no_out = loom("hls --machine example");
  CHECK(no_out.exit_code == 2);
  CHECK(no_out.err.find("error[usage] `loom hls`: --out is required") != std::string::npos);
  REQUIRE(std::filesystem::create_directories(dir));
  std::ofstream(dir + "/notes.txt") << "mine\n";
  REQUIRE(std::filesystem::exists(dir + "/notes.txt"));
  const Run taken = loom("hls --machine tinytpu --out " + dir);
  CHECK(taken.exit_code == 1);
  CHECK(taken.err.find("error[hls-output-exists]") != std::string::npos);
  CHECK(slurp(dir + "/notes.txt") == "mine\n");
}

}  // namespace

namespace {

using loom::test::loom;
using loom::test::Run;
using loom::test::slurp;

// Each "#pragma HLS stream variable=ID depth=N" of a kernel, as ID -> N.
std::map<std::string, int64_t> stream_depths(const std::string& kernel) {
  std::map<std::string, int64_t> out;
  const std::regex pragma("#pragma HLS stream variable=(\\S+) depth=(\\d+)");
  for (auto it = std::sregex_iterator(kernel.begin(), kernel.end(), pragma); it != std::sregex_iterator(); ++it)
    out[(*it)[1]] = std::stoll((*it)[2]);
  return out;
}

TEST_CASE("--depth sets one element or a whole array, and the run, the description and the project show it", "[cli][fifo]") {
  const Run d = loom("describe --machine example --json --depth x_chain[3]=5 --depth p_chain=4");
  REQUIRE(d.exit_code == 0);
  const nlohmann::json j = nlohmann::json::parse(d.out);
  for (const auto& c : j["channels"]) {
    const std::string name = c["name"];
    const int64_t expected = name == "x_chain[3]" ? 5 : name.rfind("p_chain", 0) == 0 ? 4 : 2;
    CHECK(c["depth"].get<int64_t>() == expected);
  }
  // An array drawn as one edge shows the range of its elements' depths.
  const Run dot = loom("dot --machine example --per-placement --depth x_chain[2]=6");
  REQUIRE(dot.exit_code == 0);
  CHECK(dot.out.find("x_chain x7\\n4x8 d2..6") != std::string::npos);
  // On a grid, one index is a row, and two an element.
  const Run g = loom("describe --machine tinytpu --json --depth wq[1]=3 --depth wq[2][2]=7");
  REQUIRE(g.exit_code == 0);
  const nlohmann::json grid = nlohmann::json::parse(g.out);  // kept: a range-for over a temporary's member dangles
  for (const auto& c : grid["channels"]) {
    const std::string name = c["name"];
    if (name.rfind("wq[", 0) != 0) continue;
    CHECK(c["depth"].get<int64_t>() == (name.rfind("wq[1][", 0) == 0 ? 3 : name == "wq[2][2]" ? 7 : 4));
  }
  const Run s = loom("sim --machine example --json --depth x_chain=1 --depth p_chain[0]=3");
  REQUIRE(s.exit_code == 0);
  const nlohmann::json run = nlohmann::json::parse(s.out);
  REQUIRE(run.contains("channels"));
  for (const auto& c : run["channels"]) {
    const std::string name = c.value("name", c.value("label", std::string()));
    if (name.rfind("x_chain", 0) == 0) CHECK(c["depth"].get<int64_t>() == 1);
  }
}

TEST_CASE("--depth refuses an unknown channel, a bad index, a depth below 1 and a repeat, by name", "[cli][fifo]") {
  const std::pair<const char*, const char*> cases[] = {
      {"--depth nowhere=3", "error[unknown-channel] --depth 'nowhere=3'"},
      {"--depth x_chain[8]=3", "error[bad-index] --depth 'x_chain[8]=3': channel array 'x_chain' has no element x_chain[8]"},
      {"--depth x_chain[1]=0", "error[invalid-depth] --depth 'x_chain[1]=0'"},
      {"--depth x_chain[1]=3 --depth x_chain=2", "error[duplicate-depth] --depth 'x_chain=2': sets channel x_chain[1] again"},
      {"--depth x_chain", "error[depth-syntax] --depth 'x_chain'"},
      {"--depth x_chain[x]=2", "error[depth-syntax]"},
  };
  for (const char* verb : {"sim", "describe", "dot", "hls --out " /* a directory is needed only after the depths */}) {
    for (const auto& [flags, expected] : cases) {
      const std::string args = std::string(verb) + (std::string(verb).rfind("hls", 0) == 0 ? loom::test::temp("never") : "") +
                               " --machine example " + flags;
      const Run r = loom(args);
      INFO(args << "\n" << r.err);
      CHECK(r.exit_code != 0);
      CHECK(r.err.find(expected) != std::string::npos);
    }
  }
}

TEST_CASE("loom fifo finds depths every testbench run passes at, and sim and hls take them", "[cli][fifo]") {
  const std::string file = loom::test::temp("depths.json");
  const Run r = loom("fifo --machine example --json --tolerance 5 --out " + file);
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const nlohmann::json j = nlohmann::json::parse(r.out);
  const int64_t unbounded = j["cycles"]["unbounded"], found = j["cycles"]["found"];
  CHECK(found <= static_cast<int64_t>(static_cast<double>(unbounded) * 1.05) + static_cast<int64_t>(j["runs"].get<int>()));
  CHECK(j["retimings"].get<int64_t>() > 0);
  for (const auto& c : j["channels"]) {
    CHECK(c["found"].get<int64_t>() >= 1);
    CHECK(j["depths"][c["channel"].get<std::string>()] == c["found"]);
  }
  // The file's depths are the run's...
  const Run s = loom("sim --machine example --depths " + file);
  INFO(s.out << s.err);
  CHECK(s.exit_code == 0);
  // ...and the project's stream pragmas.
  const std::string dir = scratch_dir("cli_fifo_hls");
  const Run h = loom("hls --machine example --depths " + file + " --out " + dir);
  INFO(h.err);
  REQUIRE(h.exit_code == 0);
  const auto pragmas = stream_depths(slurp(dir + "/top.cpp"));
  REQUIRE(!pragmas.empty());
  std::map<int64_t, int> emitted, searched;
  for (const auto& [id, depth] : pragmas) ++emitted[depth];
  for (const auto& c : j["channels"]) ++searched[c["found"].get<int64_t>()];
  CHECK(emitted == searched);
  // A file that is not one is named.
  std::ofstream(loom::test::temp("bad_depths.json")) << "{\"depths\": {\"x_chain\": \"deep\"}}";
  const Run bad = loom("sim --machine example --depths " + loom::test::temp("bad_depths.json"));
  CHECK(bad.exit_code != 0);
  CHECK(bad.err.find("error[depths-file]") != std::string::npos);
}

}  // namespace

namespace {

using loom::test::loom;
using loom::test::Run;

TEST_CASE("loom sim reports the same run with either engine, at any depths", "[cli][fifo]") {
  for (const char* depths : {"", " --depth x_chain=1", " --depth p_chain[2]=1 --depth x_chain[5]=3"}) {
    const Run coupled = loom(std::string("sim --machine example --json --engine coupled") + depths);
    const Run traced = loom(std::string("sim --machine example --json --engine trace") + depths);
    CHECK(coupled.exit_code == traced.exit_code);
    CHECK(coupled.out == traced.out);
    CHECK(!coupled.out.empty());
  }
  // TinyTPU with its activation and sum chains one word deep is throttled (913 cycles or more
  // against 712), and alike in both.
  const Run coupled = loom("sim --machine tinytpu --json --engine coupled --depth acol=1 --depth a_fwd=1 --depth p_fwd=1");
  const Run traced = loom("sim --machine tinytpu --json --engine trace --depth acol=1 --depth a_fwd=1 --depth p_fwd=1");
  CHECK(coupled.exit_code == 0);
  CHECK(coupled.out == traced.out);
  CHECK(loom("sim --machine example --engine fibres").exit_code == 2);
}

TEST_CASE("TinyTPU builds T=64, 8198 processes, and simulates a 64x64x64 GEMM bit-exactly", "[cli][tinytpu]") {
  const Run d = loom("describe --machine tinytpu --param T=64 --param MAXDIM=64");
  REQUIRE(d.exit_code == 0);
  CHECK(d.out.find("region 'tinytpu': 8198 instances") == 0);
  const Run s = loom("sim --machine tinytpu --param T=64 --param MAXDIM=64");
  INFO(s.err);
  CHECK(s.exit_code == 0);
  CHECK(s.out.find("workload: GEMM 64^3") != std::string::npos);
  CHECK(s.out.find("check against the reference: EXACT") != std::string::npos);
}

}  // namespace

namespace {

using loom::test::loom;
using loom::test::Run;

TEST_CASE("hostile depths files, tolerances and outputs get named errors, never a crash", "[cli][fifo]") {
  const std::string dir = loom::test::temp("");
  const auto file = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir + name) << text;
    return dir + name;
  };
  const std::string nested = "{\"depths\": {\"x_chain[1]\": " + std::string(60000, '[') + std::string(60000, ']') + "}}";
  const std::pair<std::string, std::string> files[] = {
      {file("nested.json", nested), "gives a JSON array, not an integer depth"},
      {file("dup.json", "{\"depths\": {\"x_chain[3]\": 5, \"x_chain[3]\": 6}}"), "key 'x_chain[3]': is given twice"},
      {file("dup_top.json", "{\"depths\": {\"x_chain[3]\": 5}, \"depths\": {}}"), "key 'depths': is given twice"},
      {file("eq.json", "{\"depths\": {\"x_chain[3]=4\": 5}}"), "key 'x_chain[3]=4': is not a channel name"},
      {file("float.json", "{\"depths\": {\"x_chain[3]\": 5.5}}"), "gives a number that is not an integer"},
      {dir, "is a directory"},
  };
  for (const auto& [path, expected] : files) {
    const Run r = loom("describe --machine example --depths " + path);
    INFO(path << "\n" << r.err);
    CHECK(r.exit_code == 1);
    CHECK(r.err.find("error[depths-file]") != std::string::npos);
    CHECK(r.err.find(expected) != std::string::npos);
  }
  for (const char* t : {"nan", "inf", "-1", "1e3", "0x10", "+5", "5.", "1000.5", "5%", ""}) {
    const Run r = loom(std::string("fifo --machine dottree --tolerance '") + t + "'");
    INFO(t);
    CHECK(r.exit_code == 2);
  }
  CHECK(loom("fifo --machine dottree --tolerance 2.5").exit_code == 0);
  // Depths whose FIFOs no run could hold are refused before it starts.
  const Run deep = loom("sim --machine example --param N=256 --depth x_chain=1048576 --depth p_chain=1048576");
  CHECK(deep.exit_code == 1);
  CHECK(deep.err.find("error[fifo-memory]") != std::string::npos);
  // Output that cannot be written is a failure.
  CHECK(loom("fifo --machine dottree --out /dev/full").err.find("error[depths-file] file '/dev/full': could not be written") !=
        std::string::npos);
}

TEST_CASE("a depths file is bounded, a depth past any integer is named as written, a trace on a full disk fails", "[cli]") {
  // A device is no depths file: refused by name, never read without end.
  const Run zero = loom("sim --machine example --depths /dev/zero");
  CHECK(zero.exit_code == 1);
  CHECK(zero.err.find("error[depths-file] file '/dev/zero': is not a regular file") != std::string::npos);
  const std::string dir = loom::test::temp("depth_digits");
  std::filesystem::create_directories(dir);
  const auto file = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir + "/" + name) << text;
    return dir + "/" + name;
  };
  const Run wide = loom("sim --machine example --depths " +
                        file("wide.json", "{\"depths\": {\"x_chain[1]\": 18446744073709551615}}"));
  INFO(wide.err);
  CHECK(wide.exit_code == 1);
  CHECK(wide.err.find("gives depth 18446744073709551615, past any depth") != std::string::npos);
  CHECK(wide.err.find("-1") == std::string::npos);
  const std::string big(loom::kMaxDepthsFileBytes + 1, ' ');
  const Run large = loom("sim --machine example --depths " + file("large.json", big));
  CHECK(large.exit_code == 1);
  CHECK(large.err.find("error[depths-file]") != std::string::npos);
  CHECK(large.err.find("bytes; Loom reads files of at most") != std::string::npos);
  const Run flag = loom("sim --machine example --depth x_chain=99999999999999999999");
  CHECK(flag.exit_code == 1);
  CHECK(flag.err.find("gives depth 99999999999999999999, past any depth") != std::string::npos);
  const Run trace = loom("sim --machine example --trace /dev/full");
  CHECK(trace.exit_code == 1);
  CHECK(trace.err.find("error[trace] file '/dev/full': could not be written") != std::string::npos);
}

}  // namespace

// The gates on `loom fifo` and `loom hls --depths`: each result held to what
// an independent path computes, shown to pass and shown to refuse.
namespace {

using loom::test::loom;
using loom::test::Run;
using loom::test::slurp;

// The example machine's region as declared, and its testbench runs' inputs.
std::pair<loom::Region, std::vector<loom::Inputs>> example_workload() {
  auto entry = loom::find_machine("example");
  REQUIRE(entry.ok());
  auto arch = entry.value()->architecture({});
  REQUIRE(arch.ok());
  auto region = arch.value().compose({});
  REQUIRE(region.ok());
  auto tests = loom::hls_extension(*entry.value()).runs(region.value());
  REQUIRE(tests.ok());
  std::vector<loom::Inputs> runs;
  for (const loom::hls::TestRun& t : tests.value()) runs.push_back(t.inputs);
  REQUIRE(runs.size() >= 2);
  return {region.value(), runs};
}

TEST_CASE("loom fifo re-simulates its depths on every testbench run and says so", "[cli][fifo]") {
  for (const char* machine : {"example", "tinytpu"}) {
    const Run r = loom(std::string("fifo --machine ") + machine + " --json --tolerance 5");
    INFO(machine << "\n" << r.err);
    REQUIRE(r.exit_code == 0);
    const nlohmann::json j = nlohmann::json::parse(r.out);
    REQUIRE(j.contains("confirmed"));
    CHECK(j["confirmed"]["runs"] == j["runs"]);
    CHECK(j["confirmed"]["cycles"] == j["cycles"]["found"]);
    CHECK(j["confirmed"]["cycles"].get<int64_t>() > 0);
  }
  const Run text = loom("fifo --machine example");
  REQUIRE(text.exit_code == 0);
  const nlohmann::json j = nlohmann::json::parse(loom("fifo --machine example --json").out);
  CHECK(text.out.find(fmt::format("confirmed: the depths found re-simulated on all {} runs (the coupled simulator), {} "
                                  "cycles, as the search claims\n",
                                  j["runs"].get<int>(), j["cycles"]["found"].get<int64_t>())) != std::string::npos);
}

TEST_CASE("the FIFO confirmation refuses a search result simulation does not bear out", "[cli][fifo]") {
  const auto workload = example_workload();
  const loom::Region& region = workload.first;
  const std::vector<loom::Inputs>& runs = workload.second;
  auto searched = loom::search_fifo_depths(region, runs);
  REQUIRE(searched.ok());
  const loom::FifoSearch& s = searched.value();
  auto confirmed = loom::confirm_fifo_depths(region, runs, s, 0);
  REQUIRE(confirmed.ok());
  CHECK(confirmed.value().runs == runs.size());
  CHECK(confirmed.value().cycles == s.found_cycles);

  const auto refusal = [&](const loom::FifoSearch& claim, double tolerance) {
    auto got = loom::confirm_fifo_depths(region, runs, claim, tolerance);
    REQUIRE(!got.ok());
    REQUIRE(got.status().errors().size() == 1);
    const loom::Error& e = got.status().errors()[0];
    CHECK(e.kind == "fifo-unconfirmed");
    return e.where + ": " + e.message;
  };
  // A run's cycles claimed one short: named, with both counts.
  loom::FifoSearch short_run = s;
  --short_run.found_run_cycles[1];
  CHECK(refusal(short_run, 0) ==
        fmt::format("run 1 of region 'example': takes {} cycles at the depths found in simulation; the search claims {}",
                    s.found_run_cycles[1], s.found_run_cycles[1] - 1));
  // A sum that is not the runs'.
  loom::FifoSearch wrong_sum = s;
  wrong_sum.found_cycles += 3;
  CHECK(refusal(wrong_sum, 0).find("summed; the search claims " + std::to_string(s.found_cycles + 3)) != std::string::npos);
  // A run past the tolerance of what it takes unbounded.
  loom::FifoSearch slow = s;
  slow.unbounded_run_cycles[0] = s.found_run_cycles[0] / 2;
  CHECK(refusal(slow, 0.5).find("run 0 of region 'example': takes " + std::to_string(s.found_run_cycles[0]) +
                                " cycles at the depths found, past the tolerance's") != std::string::npos);
  // Depths at which a run cannot end as claimed: every FIFO a single word.
  loom::FifoSearch shallow = s;
  std::fill(shallow.depths.begin(), shallow.depths.end(), 1);
  loom::SimOptions at_one;
  at_one.depths = shallow.depths;
  auto one = loom::simulate(region, runs[0], at_one);
  REQUIRE(one.ok());
  REQUIRE((!one.value().ok() || one.value().cycles != s.found_run_cycles[0]));  // the case this shows
  CHECK(refusal(shallow, 10).find("run 0 of region 'example': ") == 0);
}

TEST_CASE("loom hls holds its stream pragmas to the depths asked, and says so", "[cli][hls][fifo]") {
  const Run d = loom("describe --machine example --json");
  REQUIRE(d.exit_code == 0);
  const size_t channels = nlohmann::json::parse(d.out)["channels"].size();
  REQUIRE(channels > 0);
  const std::string dir = scratch_dir("cli_hls_held");
  const Run h = loom("hls --machine example --depth x_chain[3]=7 --depth p_chain=5 --out " + dir);
  INFO(h.err);
  REQUIRE(h.exit_code == 0);
  CHECK(h.out.find("depths held: " + std::to_string(channels) +
                   " channels as asked, read back from the stream pragmas of top.cpp\n") != std::string::npos);
}

TEST_CASE("the depths read-back refuses a project whose pragma gives another depth", "[cli][hls][fifo]") {
  const std::string dir = scratch_dir("cli_hls_read_back");
  REQUIRE(loom("hls --machine example --depth x_chain[3]=7 --out " + dir).exit_code == 0);
  const std::string top = slurp(dir + "/top.cpp");
  loom::Region region = example_workload().first;
  auto depths = loom::resolve_depths(region, {{"x_chain[3]=7"}});
  REQUIRE(depths.ok());
  loom::set_depths(region, depths.value());
  auto held = loom::hold_stream_depths(region, top);
  REQUIRE(held.ok());
  CHECK(held.value() == region.channels.size());

  // The pragma of x_chain[3] as the emitter spells it, found by its label.
  const size_t label = top.find("(\"x_chain[3]\");");
  REQUIRE(label != std::string::npos);
  const size_t pragma = top.find("depth=7", label);
  REQUIRE(pragma != std::string::npos);
  std::string other = top;
  other.replace(pragma, 7, "depth=8");
  auto mismatch = loom::hold_stream_depths(region, other);
  REQUIRE(!mismatch.ok());
  REQUIRE(mismatch.status().errors().size() == 1);
  CHECK(mismatch.status().errors()[0].to_string() ==
        "error[hls-depth-mismatch] channel 'x_chain[3]': is asked depth 7, and the project's top.cpp gives it depth=8");
  std::string none = top;
  none.erase(top.rfind('\n', pragma) + 1, top.find('\n', pragma) - top.rfind('\n', pragma));
  auto missing = loom::hold_stream_depths(region, none);
  REQUIRE(!missing.ok());
  CHECK(missing.status().errors()[0].message.find("gives it no stream pragma") != std::string::npos);
}

}  // namespace
