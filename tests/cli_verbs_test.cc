// The command line's contract: each verb takes exactly its own options, a bad
// command line exits 2 and bad input 1, every verb resolves parameters the
// same way, machines own their verbs, and --json output carries the same
// figures as the text reports (docs/cli.md).
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>

#include "common/csv.h"

#include "tests/loom_cli.h"

namespace {

using loom::test::loom;
using loom::test::Run;
using loom::test::slurp;
using loom::test::temp;

std::string write(const std::string& name, const std::string& text) {
  std::ofstream(temp(name)) << text;
  return temp(name);
}

const std::string kProgram = "dma_ld rows=4 route=1 dst=0 src=0 stride=4\nhalt\n";

TEST_CASE("every example of a silently ignored option is refused, exit 2", "[cli]") {
  const std::string file = write("p.s", kProgram);
  const std::string csv = write("m.csv", "1,2\n3,4\n");
  for (const std::string& args :
       {std::string("describe --machine example --gemm 3x3x3 --a x"), "cost " + file + " --gemm 4x4x4",
        std::string("machines --param T=999999"), "asm " + file + " --machine nope",
        std::string("gen-isa --check --param T=3"), std::string("sim --machine example --seed 1 --seed 2"),
        // A program's inputs are its files: no seed draws them, and no machine but its own takes them.
        "sim --machine tinytpu " + file + " --a " + csv + " --b " + csv + " --seed 1",
        "sim --machine example " + file + " --a " + csv + " --b " + csv, "sim --machine tinytpu --out " + csv}) {
    INFO(args);
    const Run r = loom(args);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("loom: error[") == 0);
    CHECK(r.out.empty());
  }
}

TEST_CASE("options are taken once, whole, and only after the verb", "[cli]") {
  const std::string file = write("p.s", kProgram);
  const std::string csv = write("m.csv", "1,2\n3,4\n");
  for (const std::string& args :
       {std::string("sim --json --json"), std::string("gen-isa --check --check"), std::string("cost --bench --bench"),
        std::string("sim --machine ''"), std::string("sim --trace ''"), std::string("cost --gemm ''"),
        std::string("sim --seed 18446744073709551616"), std::string("sim --seed 0x10"), std::string("sim --max-cycles 0"),
        std::string("sim --machine example --param N=4 K=16"), std::string("--machine tinytpu sim"),
        std::string("--version"), std::string("hls --out ''"), std::string("hls --out x --clock-ns nan")}) {
    INFO(args);
    const Run r = loom(args);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("loom: error[") == 0);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  }
  // --param takes one value: what follows it is the verb's own.
  CHECK(loom("ref --param T=4 " + file + " --a " + csv + " --b " + csv).exit_code == 0);
  CHECK(loom("cost --param T=4 " + file).exit_code == 0);
}

TEST_CASE("a trace that cannot be written is named before the run", "[cli]") {
  const Run r = loom("sim --machine example --trace /nonexistent/dir/t.json --json");
  CHECK(r.exit_code == 1);
  CHECK(r.out.empty());
  CHECK(r.err == "loom: error[trace] file '/nonexistent/dir/t.json': cannot be written\n");
}

TEST_CASE("cost holds programs to the build as asm does", "[cli]") {
  const Run gemm = loom("cost --gemm 16x16x16 --param IMEM_WORDS=8");
  CHECK(gemm.exit_code == 1);
  CHECK(gemm.err.find("error[program-too-long]") != std::string::npos);
  const Run bench = loom("cost --bench --param IMEM_WORDS=16");
  CHECK(bench.exit_code == 1);
  CHECK(bench.err.find("error[bench-failed] run 'gemm 8x8x8 looped'") != std::string::npos);
  CHECK(bench.out.empty());
  // imem is read a 512-bit beat, 8 words, at a time (sequencer.h): a size that is no multiple of 8 is refused.
  const Run ragged = loom("cost --bench --param IMEM_WORDS=20");
  CHECK(ragged.exit_code == 1);
  CHECK(ragged.err.find("error[constraint-violated]") != std::string::npos);
  CHECK(ragged.err.find("IMEM_WORDS % 8 == 0") != std::string::npos);
}

TEST_CASE("cost --bench is a gate: every estimate within its 5% band of the simulated cycles, or it fails", "[cli][cost]") {
  const Run text = loom("cost --bench");
  INFO(text.out << text.err);
  CHECK(text.exit_code == 0);
  CHECK(text.out.find("WITHIN BAND: every estimate within 5% of its simulated cycles\n") != std::string::npos);
  CHECK(text.out.find("OFF BAND") == std::string::npos);
  const auto j = nlohmann::json::parse(loom("cost --bench --json").out);
  CHECK(j.at("band_percent") == 5.0);
  CHECK(j.at("within_band") == true);
  REQUIRE(!j.at("bench").empty());
  for (const auto& row : j.at("bench")) {
    // The verdict is the band's, read from the figures it prints.
    const double gap = row.at("gap_percent").get<double>();
    CHECK(row.at("within_band") == (gap <= 5.0 && gap >= -5.0));
    const double simulated = row.at("simulated").get<double>(), estimate = row.at("estimate").get<double>();
    CHECK(gap == Approx(100.0 * (estimate - simulated) / simulated));
  }
}

TEST_CASE("bench names its whole build, and the published cycles only at the default one", "[cli][json]") {
  const auto d = nlohmann::json::parse(loom("bench --json --param DATA_QD=1").out);
  CHECK(d.at("build") == "T=4 MAXDIM=16 QD=16 AR_RAW_DIST=4 IMEM_WORDS=1024 DATA_QD=1");
  for (const auto& row : d.at("cycle_table")) CHECK(row.at("published").is_null());
}

TEST_CASE("a repeated --param is refused by every verb that takes one", "[cli]") {
  const std::string file = write("p.s", kProgram);
  const std::string csv = write("m.csv", "1,2\n3,4\n");
  for (const std::string& args : {std::string("sim --machine example"), "asm " + file,
                                  "ref " + file + " --a " + csv + " --b " + csv, std::string("cost --gemm 4x4x4"),
                                  std::string("describe"), std::string("bench")}) {
    INFO(args);
    const Run r = loom(args + " --param QD=2 --param QD=3");
    CHECK(r.exit_code == 2);
    CHECK(r.err == "loom: error[duplicate-override] parameter 'QD': is given twice on the command line; give each "
                   "parameter once\n");
  }
}

TEST_CASE("sim and asm resolve a build the same way", "[cli]") {
  const std::string file = write("p.s", kProgram);
  for (const std::string param : {"MAXDIM=300", "T=6", "T=8 --param MAXDIM=12", "QD=0", "NOPE=1"}) {
    INFO(param);
    const Run sim = loom("sim --machine tinytpu --param " + param);
    const Run assembled = loom("asm " + file + " --param " + param);
    CHECK(sim.exit_code == 1);
    CHECK(assembled.exit_code == 1);
    CHECK(sim.err == assembled.err);
    CHECK(!sim.err.empty());
  }
  CHECK(loom("asm " + file + " --param MAXDIM=300").err ==
        "loom: error[parameter-out-of-range] parameter 'MAXDIM': 300 is outside its range [2, 256]\n");
  CHECK(loom("asm " + file + " --param T=6").err ==
        "loom: error[not-built] parameter 'T': 6 sets word types, and this build has T = 4, 8, 16, 32, 64\n");
}

TEST_CASE("a program that does not fit IMEM_WORDS is refused by asm as by sim", "[cli]") {
  std::string program;
  for (int i = 0; i < 11; ++i) program += "dma_ld rows=4 route=1 dst=0 src=0 stride=4\n";
  program += "halt\n";
  const Run r = loom("asm " + write("long.s", program) + " --param IMEM_WORDS=16");
  CHECK(r.exit_code == 1);
  CHECK(r.err == "loom: error[program-too-long] program: needs 17 imem words (headers included), but IMEM_WORDS is 16\n");
  CHECK(loom("asm " + write("long.s", program) + " --param IMEM_WORDS=24").exit_code == 0);
}

TEST_CASE("a verb a machine does not offer is named, with the machines that do", "[cli]") {
  const Run r = loom("stress --machine example");
  CHECK(r.exit_code == 2);
  CHECK(r.err == "loom: error[verb-not-offered] machine 'example': does not offer `loom stress`; the machines that do: "
                 "tinytpu, dottree\n");
}

TEST_CASE("conform runs each machine's workload three ways; project and cost reach every machine with a model", "[cli]") {
  for (const std::string machine : {"tinytpu", "dottree", "matvec"}) {
    INFO(machine);
    const Run r = loom("conform --machine " + machine + " --seed 3");
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("CONFORMS: the reference, the action executor and the simulated bodies agree on all ") != std::string::npos);
  }
  const auto j = nlohmann::json::parse(loom("conform --machine matvec --param R=3 --json").out);
  CHECK(j.at("conforms") == true);
  CHECK(j.at("elements") == 3);
  // The example's model is costed, not executed, and says why.
  const Run example = loom("conform --machine example");
  CHECK(example.exit_code == 1);
  CHECK(example.err.find("loom: error[exec-not-modelled] machine 'example': a tap pairs weight i with the sample i rows back") == 0);
  // A machine with no ISA takes no spec or program.
  CHECK(loom("conform --machine matvec --spec x.json").exit_code == 2);
  CHECK(loom("cost --machine matvec prog.s").exit_code == 2);
  // The default machine of a verb is one that offers it as its own.
  CHECK(loom("conform").out.find("tinytpu (") == 0);
}

TEST_CASE("tinytpu's conform runs every gate's programs, says which actions it covered, and catches a vadd that reads "
          "its first source twice", "[cli][conform]") {
  // By default, both of stress's builds, every family.
  const auto j = nlohmann::json::parse(loom("conform --json").out);
  CHECK(j.at("conforms") == true);
  CHECK(j.at("complete") == true);
  CHECK(j.at("narrowed") == false);
  CHECK(j.at("covered") == j.at("actions"));
  CHECK(j.at("uncovered").empty());
  REQUIRE(j.at("builds").size() == 2);
  CHECK(j.at("builds")[0].at("build").get<std::string>().find("T=4 MAXDIM=16") == 0);
  CHECK(j.at("builds")[1].at("build").get<std::string>().find("T=8 MAXDIM=64") == 0);
  for (const auto& b : j.at("builds")) {
    bool vld = false, vadd = false;
    for (const auto& c : b.at("coverage")) {
      CHECK(c.at("runs").get<int64_t>() > 0);
      vld = vld || c.at("instruction") == "vld";
      vadd = vadd || c.at("instruction") == "vadd";
    }
    CHECK((vld && vadd));
  }
  const Run all = loom("conform --param T=4");
  INFO(all.out << all.err);
  REQUIRE(all.exit_code == 0);
  CHECK(all.out.find("bench's 31 (") != std::string::npos);
  CHECK(all.out.find("stress's ") != std::string::npos);
  CHECK(all.out.find("coverage: 58 of 58 actions ran at least once\n") != std::string::npos);
  CHECK(all.out.find("\nCONFORMS: ") != std::string::npos);
  // Narrowed, it says so, names what it did not cover, and does not say CONFORMS.
  const Run narrow = loom("conform --param T=4 --workload sim");
  CHECK(narrow.exit_code == 0);
  CHECK(narrow.out.find("narrowed by --workload to sim") == 0);
  CHECK(narrow.out.find("vadd action 0 (") != std::string::npos);
  CHECK(narrow.out.find("\nAGREES, NOT CONFORMS: ") != std::string::npos);
  CHECK(narrow.out.find("\nCONFORMS") == std::string::npos);
  const auto nj = nlohmann::json::parse(loom("conform --param T=4 --workload bench,sim --json").out);
  CHECK(nj.at("narrowed") == true);
  CHECK(nj.at("workload") == "sim,bench");
  CHECK(loom("conform --workload gemm").exit_code == 2);

  // The outside mutant: vadd's second load reads a, not b.
  std::ifstream in("machines/tinytpu/isa_spec.json");
  auto spec = nlohmann::json::parse(in);
  bool mutated = false;
  for (auto& op : spec.at("opcodes"))
    if (op.at("name") == "vadd")
      for (auto& action : op.at("actions"))
        if (action.contains("reads") && action.at("reads").at("base") == "b") action["reads"]["base"] = "a", mutated = true;
  REQUIRE(mutated);
  const std::string path = loom::test::temp("vadd_twice.json");
  std::ofstream(path) << spec.dump(2);
  const Run caught = loom("conform --spec " + path);
  INFO(caught.out << caught.err);
  CHECK(caught.exit_code == 1);
  CHECK(caught.out.find("CONFORMS") == std::string::npos);
  CHECK(caught.err.find("vadd") != std::string::npos);
  CHECK(caught.err.find("conform-") != std::string::npos);

  const Run p = loom("project --machine example");
  CHECK(p.exit_code == 0);
  CHECK(std::regex_search(p.out, std::regex(R"(\n  tap +lanes +ARITHMETIC +T lane multipliers)")));
  CHECK(std::regex_search(p.out, std::regex(R"(\n  tap +x_chain +DERIVED)")));
  CHECK(p.out.find("tap is one unit over its kernel's 8 instances") != std::string::npos);
  const Run c = loom("cost --machine matvec --param R=4 --param K=16");
  CHECK(c.exit_code == 0);
  CHECK(std::regex_search(c.out, std::regex(R"(\n  pe +80 )")));  // (R + 1) x K words through a PE of row 0
  CHECK(c.out.find("the bottleneck is loader, bound by its port x_down") != std::string::npos);
  CHECK(c.out.find("discharged  instruction 'matvec' action 6 (pe.mac): the mac reassociates its sum") != std::string::npos);
  const auto cj = nlohmann::json::parse(loom("cost --machine example --json").out);
  CHECK(cj.at("calls")[0].at("instruction") == "fir");
  CHECK(cj.at("calls")[0].at("rows") == 32);
  CHECK(cj.at("estimate").get<int64_t>() > 32 + 8);
}

TEST_CASE("every verb documents its options", "[cli]") {
  for (const std::string verb : {"machines", "describe", "dot", "sim", "hls", "demo", "bench", "stress", "gen-isa", "asm",
                                 "ref", "project", "cost", "conform"}) {
    INFO(verb);
    const Run r = loom(verb + " --help");
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("Usage: loom " + verb) != std::string::npos);
  }
  CHECK(loom("sim --help").out.find("--max-cycles") != std::string::npos);
  // sim takes the named machine's program options: TinyTPU's, and not the example's.
  for (const std::string option : {"FILE", "--a", "--b", "--c", "--layout", "--out"}) {
    INFO(option);
    CHECK(loom("sim --machine tinytpu --help").out.find("  " + option + " ") != std::string::npos);
    CHECK(loom("sim --machine example --help").out.find("  " + option + " ") == std::string::npos);
  }
  CHECK(loom("cost --help").out.find("--gemm") != std::string::npos);
  CHECK(loom("--help").out.find("hls") != std::string::npos);
}

// The first integer after `prefix` in `text`.
int64_t figure(const std::string& text, const std::string& prefix) {
  const size_t at = text.find(prefix);
  REQUIRE(at != std::string::npos);
  return std::stoll(text.substr(at + prefix.size()));
}

TEST_CASE("sim --json carries the text report's figures", "[cli][json]") {
  for (const std::string machine : {"example", "tinytpu"}) {
    INFO(machine);
    const Run text = loom("sim --machine " + machine), json = loom("sim --machine " + machine + " --json");
    REQUIRE(json.exit_code == 0);
    const auto j = nlohmann::json::parse(json.out);
    CHECK(j.at("outcome") == "completed");
    CHECK(j.at("cycles").get<int64_t>() == figure(text.out, "completed in "));
    CHECK(j.at("check").at("verdict") == "EXACT");
    CHECK(j.at("check").at("mismatches").empty());
    const auto d = nlohmann::json::parse(loom("describe --machine " + machine + " --json").out);
    CHECK(j.at("processes").size() == d.at("processes").size());
    CHECK(j.at("channels").size() == d.at("channels").size());
    int64_t busy = 0;
    for (const auto& p : j.at("processes")) busy += p.at("busy").get<int64_t>();
    CHECK(busy > 0);
  }
  // A run the watchdog stops reports its processes and channels.
  const Run stopped = loom("sim --machine example --param N=8 --max-cycles 20 --json");
  CHECK(stopped.exit_code == 1);
  const auto j = nlohmann::json::parse(stopped.out);
  CHECK(j.at("outcome") == "watchdog");
  CHECK(j.at("deadlock").at("kind") == "watchdog");
  CHECK(!j.at("deadlock").at("blocked").empty());
}

TEST_CASE("describe --json counts what describe prints", "[cli][json]") {
  const Run text = loom("describe --machine example --param N=3");
  const auto j = nlohmann::json::parse(loom("describe --machine example --param N=3 --json").out);
  CHECK(static_cast<int64_t>(j.at("processes").size()) == figure(text.out, "region 'example': "));
  CHECK(j.at("params").at("N") == 3);
  CHECK(j.at("memories").size() == 3);
}

TEST_CASE("bench and stress --json carry their runs", "[cli][json]") {
  const Run text = loom("bench");
  const Run json = loom("bench --json");
  REQUIRE(json.exit_code == 0);
  const auto j = nlohmann::json::parse(json.out);
  CHECK(j.at("exact") == true);
  int64_t programs = 0, controls = 0;
  for (const auto& r : j.at("runs")) (r.value("control", false) ? controls : programs)++;
  CHECK(programs == figure(text.out, "ALL EXACT ("));
  CHECK(controls == figure(text.out, "both engines alike; "));
  CHECK(controls > 0);
  for (const auto& r : j.at("runs")) {
    if (r.value("control", false)) {
      CHECK(r.at("exact") == true);
      CHECK(text.out.find("\n  REFUSED " + r.at("name").get<std::string>() + "\n") != std::string::npos);
      continue;
    }
    const std::regex line("EXACT " + r.at("name").get<std::string>() + " +" + std::to_string(r.at("cycles").get<int64_t>()) +
                          " cycles");
    CHECK(std::regex_search(text.out, line));
  }
  bool published = false;
  for (const auto& row : j.at("cycle_table"))
    if (row.at("m") == 16 && row.at("k") == 16 && row.at("n") == 16) published = row.at("published") == 674;
  CHECK(published);

  const Run stress = loom("stress --json");
  REQUIRE(stress.exit_code == 0);
  const auto s = nlohmann::json::parse(stress.out);
  CHECK(s.at("ok") == true);
  CHECK(s.at("passed") == s.at("total"));
  REQUIRE(s.at("builds").size() == 2);  // T=4/MAXDIM=16 and T=8/MAXDIM=64 when no build is named
  size_t runs = 0;
  for (const auto& b : s.at("builds")) {
    runs += b.at("runs").size();
    CHECK(b.at("runs").size() == b.at("total").get<size_t>());
    CHECK(b.at("runs")[0].contains("seed"));
    CHECK(b.at("controls").get<int>() >= 30);
    CHECK(b.at("controls_refused") == b.at("controls"));
    CHECK(b.at("programs_accepted") == b.at("programs"));
  }
  CHECK(runs == s.at("total").get<size_t>());
  CHECK(s.at("builds")[1].at("build").get<std::string>().find("T=8 MAXDIM=64") == 0);
  CHECK(nlohmann::json::parse(loom("stress --json --param T=8 --param MAXDIM=32").out).at("builds").size() == 1);
  // No progress line where standard error is not a terminal (a sanitizer
  // build's own notice about the fibers' stack switches aside).
  CHECK(std::regex_replace(stress.err, std::regex("==[0-9]+==WARNING: ASan doesn't fully support[^\n]*\n"), "").empty());
}

TEST_CASE("cost and project --json carry their tables", "[cli][json]") {
  const Run text = loom("cost --gemm 16x16x16 --root .");
  const auto c = nlohmann::json::parse(loom("cost --gemm 16x16x16 --root . --json").out);
  CHECK(c.at("estimate").get<int64_t>() == figure(text.out, "static estimate: "));
  CHECK(c.at("bottleneck") == "array");
  CHECK(!c.at("instructions").empty());
  CHECK(c.at("units").at("array").at("steps").get<int64_t>() > 0);
  bool open = false;
  for (const auto& o : c.at("obligations")) open = open || (o.at("where") == "accu" && o.at("open") == true);
  CHECK(open);

  const auto p = nlohmann::json::parse(loom("project --root . --json").out);
  std::map<std::string, int> classes;
  for (const auto& row : p.at("ports")) ++classes[row.at("class").get<std::string>()];
  CHECK(p.at("ports").size() == 28);
  CHECK(classes["DERIVED"] == 21);
  CHECK(classes["ALIAS"] == 3);
  CHECK(classes["ARITHMETIC"] == 3);
  CHECK(classes["COUNTING"] == 1);
  CHECK(p.at("unmodelled").size() == 16);  // tests/tinytpu/action_model_test.cc says which
}

TEST_CASE("DotTree: project shows every port DERIVED but mul and adder; cost prints work 16 and latency 20", "[cli][dottree]") {
  const Run p = loom("project --machine dottree");
  CHECK(p.exit_code == 0);
  CHECK(p.out.find("16 ports: 14 derived, 0 alias, 2 arithmetic, 0 counting; 0 unmodelled") != std::string::npos);
  CHECK(std::regex_search(p.out, std::regex(R"(\n  multiply +mul +ARITHMETIC)")));
  CHECK(std::regex_search(p.out, std::regex(R"(\n  tree +adder +ARITHMETIC)")));
  CHECK(std::regex_search(p.out, std::regex(R"(\n  tree +node\.write +DERIVED)")));
  CHECK(p.out.find("UNMODELLED") == std::string::npos);
  CHECK(p.out.find("the compose grain and the dispatch domain agree") != std::string::npos);

  const Run c = loom("cost --machine dottree");
  CHECK(c.exit_code == 0);
  CHECK(std::regex_search(c.out, std::regex(R"(\n  tree +16 +20 +5 +1 )")));
  CHECK(c.out.find("the tree: work 16 steps, latency 20 cycles for 16 rows") != std::string::npos);
  CHECK(c.out.find("would say 80 steps") != std::string::npos);
  CHECK(c.out.find("  cycle 0: fold on adder (x1); makes sums at cycle 2\n") != std::string::npos);
  CHECK(c.out.find("  cycle 4: send on tap_root (x1)\n") != std::string::npos);
  CHECK(c.out.find("under EXACT (NUMERICS=0):    discharged  <- this build") != std::string::npos);
  CHECK(c.out.find("under ROUNDING (NUMERICS=1): open\n") != std::string::npos);
  const Run rounding = loom("cost --machine dottree --param NUMERICS=1");
  CHECK(rounding.out.find("under ROUNDING (NUMERICS=1): open  <- this build") != std::string::npos);
  // Work and latency follow ROWS.
  CHECK(std::regex_search(loom("cost --machine dottree --param ROWS=100").out, std::regex(R"(\n  tree +100 +104 +5 +1 )")));

  const auto j = nlohmann::json::parse(loom("cost --machine dottree --json").out);
  bool tree = false;
  for (const auto& u : j.at("units"))
    if (u.at("unit") == "tree") tree = u.at("work") == 16 && u.at("latency") == 20 && u.at("span") == 5;
  CHECK(tree);
  REQUIRE(j.at("obligations").size() == 1);
  CHECK(j.at("obligations")[0].at("exact") == "discharged");
  CHECK(j.at("obligations")[0].at("rounding") == "open");
  const auto pj = nlohmann::json::parse(loom("project --machine dottree --json").out);
  CHECK(pj.at("ports").size() == 16);
  CHECK(pj.at("unmodelled").empty());

  // What DotTree's model does not read is refused, not ignored.
  for (const std::string args : {"cost --machine dottree --gemm 4x4x4", "cost --machine dottree --bench",
                                 "project --machine dottree --spec x.json", "cost --machine dottree p.s"}) {
    INFO(args);
    const Run r = loom(args);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("loom: error[usage]") == 0);
  }
  const Run unbuilt = loom("cost --machine dottree --param NUMERICS=1 --param RED_IN_BITS=16");
  CHECK(unbuilt.exit_code == 1);
  CHECK(unbuilt.err.find("error[not-built] configuration NUMERICS=1 RED_LANES=8 RED_IN_BITS=16") != std::string::npos);
}

TEST_CASE("DotTree simulates exactly under both numerics from the command line, and draws", "[cli][dottree]") {
  for (const std::string params : {"", " --param NUMERICS=1", " --param RED_LANES=32 --param ROWS=50",
                                   " --param NUMERICS=1 --param RED_LANES=2"}) {
    INFO(params);
    const Run r = loom("sim --machine dottree" + params);
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("check against the reference: EXACT") != std::string::npos);
  }
  const Run dot = loom("dot --machine dottree");
  CHECK(dot.exit_code == 0);
  CHECK(dot.out.find("label=\"red_in\\n8x16 d2\"") != std::string::npos);
  CHECK(dot.out.find("owns node: 15 x 1x19, registers") != std::string::npos);
}

TEST_CASE("a CSV with ragged rows, no rows or a non-integer is refused at file:line:column", "[cli][csv]") {
  const auto ragged = loom::parse_csv("1,2,3\n4,5\n", "m.csv", -128, 127);
  REQUIRE(!ragged.ok());
  CHECK(ragged.errors()[0].kind == "csv-ragged");
  CHECK(ragged.errors()[0].where == "m.csv:2:1");
  const auto empty = loom::parse_csv("\n  \n", "e.csv", -128, 127);
  REQUIRE(!empty.ok());
  CHECK(empty.errors()[0].kind == "csv-empty");
  const auto word = loom::parse_csv("1, x\n", "w.csv", -128, 127);
  REQUIRE(!word.ok());
  CHECK(word.errors()[0].kind == "csv-value");
  CHECK(word.errors()[0].where == "w.csv:1:3");
  const auto wide = loom::parse_csv("1,200\n", "r.csv", -128, 127);
  REQUIRE(!wide.ok());
  CHECK(wide.errors()[0].message == "'200' is not an integer in [-128, 127]");
  const auto good = loom::parse_csv("1,2\r\n-3,4\n", "g.csv", -128, 127);
  REQUIRE(good.ok());
  CHECK(good.value() == std::vector<std::vector<int64_t>>{{1, 2}, {-3, 4}});

  const std::string program = write("p.s", kProgram);
  const Run r = loom("ref " + program + " --a " + write("ragged.csv", "1,2\n3\n") + " --b " + write("ok.csv", "1\n"));
  CHECK(r.exit_code == 1);
  CHECK(r.err.find("error[csv-ragged] " + temp("ragged.csv") + ":2:1") != std::string::npos);
  const Run none = loom("ref " + program + " --a " + write("none.csv", "") + " --b " + temp("ok.csv"));
  CHECK(none.exit_code == 1);
  CHECK(none.err.find("error[csv-empty]") != std::string::npos);
}

}  // namespace

namespace {

// Each numeric option's declared range, at its ends: the last value taken
// (the run goes on: 0, or 1 when the run itself stops), and the next refused,
// by name. The ends are the ones docs/cli.md gives.
TEST_CASE("every numeric option at both ends of its range: the last value taken, the next refused by name", "[cli][limits]") {
  const int64_t most = std::numeric_limits<int64_t>::max();
  const std::string past = "9223372036854775808";  // most + 1
  for (const std::string verb : {"sim --machine example", "demo", "conform --machine matvec"}) {
    INFO(verb);
    CHECK(loom(verb + " --seed 0").exit_code == 0);
    CHECK(loom(verb + " --seed " + std::to_string(most)).exit_code == 0);
    const Run over = loom(verb + " --seed " + past);
    CHECK(over.exit_code == 2);
    CHECK(over.err.find("--seed") != std::string::npos);
    CHECK(loom(verb + " --seed -1").exit_code == 2);
  }
  for (const std::string bound : {"--max-cycles", "--max-steps"}) {
    INFO(bound);
    const Run least = loom("sim --machine example " + bound + " 1");
    CHECK(least.exit_code == 1);  // taken, and the watchdog stops the run at once
    CHECK(least.out.find("watchdog") != std::string::npos);
    CHECK(loom("sim --machine example " + bound + " " + std::to_string(most)).exit_code == 0);
    CHECK(loom("sim --machine example " + bound + " 0").exit_code == 2);
    CHECK(loom("sim --machine example " + bound + " " + past).exit_code == 2);
  }
  // A FIFO's depth: 1 to 2^20 words.
  for (const auto& [depth, taken] : {std::pair{"1", true}, std::pair{"1048576", true}, std::pair{"0", false},
                                     std::pair{"1048577", false}}) {
    INFO("--depth x_chain=" << depth);
    const Run r = loom(std::string("sim --machine example --depth x_chain=") + depth);
    CHECK((r.err.find("invalid-depth") == std::string::npos) == taken);
    CHECK((r.exit_code == 0) == taken);
  }
}

}  // namespace

namespace {

// The timing gate: every machine's bench holds its cycles to the table
// committed in machines/cycles/ (in the test's runfiles, the workspace), and
// a table one cycle off, a row short or a row over fails it, naming the run;
// rewriting it takes --rewrite-cycles.
TEST_CASE("every machine's bench holds its cycles to the committed table, and fails on any difference", "[cli][cycles]") {
  for (const std::string machine : {"tinytpu", "dottree", "example", "matvec"}) {
    INFO(machine);
    // TinyTPU's root holds its spec too: the tree's, named.
    const std::string spec = machine == "tinytpu" ? " --spec machines/tinytpu/isa_spec.json" : "";
    const Run held = loom("bench --machine " + machine);
    CHECK(held.exit_code == 0);
    CHECK(held.out.find("cycles: all ") != std::string::npos);
    CHECK(held.out.find(" as ./machines/cycles/" + machine + ".txt commits them") != std::string::npos);
    // A copy of the tree's table in a root of its own, its first row one cycle off.
    const std::string root = temp("root_" + machine);
    std::filesystem::create_directories(root + "/machines/cycles");
    const std::string committed = slurp("machines/cycles/" + machine + ".txt");
    REQUIRE_FALSE(committed.empty());
    std::string first_off = committed;
    size_t row = first_off.find('\n');
    while (first_off[row + 1] == '#') row = first_off.find('\n', row + 1);
    const size_t eol = first_off.find('\n', row + 1), tab = first_off.rfind('\t', eol);
    const std::string run = first_off.substr(first_off.rfind('\t', tab - 1) + 1, tab - first_off.rfind('\t', tab - 1) - 1);
    const int64_t cycles = std::stoll(first_off.substr(tab + 1, eol - tab - 1));
    first_off.replace(tab + 1, eol - tab - 1, std::to_string(cycles + 1));
    std::ofstream(root + "/machines/cycles/" + machine + ".txt") << first_off;
    const Run moved = loom("bench --machine " + machine + " --root " + root + spec);
    CHECK(moved.exit_code == 1);
    CHECK(moved.err.find("error[cycles-moved] run '" + run + "': simulated in " + std::to_string(cycles)) != std::string::npos);
    // The row gone: the run is new.
    std::string short_table = committed;
    short_table.erase(row + 1, eol - row);
    std::ofstream(root + "/machines/cycles/" + machine + ".txt") << short_table;
    const Run fresh = loom("bench --machine " + machine + " --root " + root + spec);
    CHECK(fresh.exit_code == 1);
    CHECK(fresh.err.find("error[cycles-new] run '" + run + "'") != std::string::npos);
    // A row for a run bench does not run.
    std::string extra = committed;
    const std::string build = committed.substr(row + 1, committed.find('\t', row + 1) - row - 1);
    extra += build + "\tno such run\t5\n";
    std::ofstream(root + "/machines/cycles/" + machine + ".txt") << extra;
    const Run missing = loom("bench --machine " + machine + " --root " + root + spec);
    CHECK(missing.exit_code == 1);
    CHECK(missing.err.find("error[cycles-missing] run 'no such run'") != std::string::npos);
    // Rewritten on request, and held again.
    const Run rewrite = loom("bench --machine " + machine + " --root " + root + spec + " --rewrite-cycles");
    CHECK(rewrite.exit_code == 0);
    CHECK(rewrite.out.find("say in the commit why each of these moved") != std::string::npos);
    CHECK(slurp(root + "/machines/cycles/" + machine + ".txt") == committed);
    CHECK(loom("bench --machine " + machine + " --root " + root + spec).exit_code == 0);
  }
}

}  // namespace
