// What `loom hls` writes, read back: the unit sources as they are in the tree,
// the top's streams, bundles, pipelines and dependence pragma against the
// composed region, deterministic output, and every error it names.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>

#include "compose/place.h"
#include "compose/sim/simulator.h"
#include "tests/hls/bad_heap.h"
#include "tests/hls/bad_queue.h"
#include "tests/hls/bad_throw.h"
#include "tests/hls/bad_virtual.h"
#include "tests/hls/emitted.h"
#include "tests/hls/feed_first.h"
#include "tests/hls/paced.h"
#include "tests/hls/relay.h"
#include "machines/reqresp/reqresp.h"
#include "tests/hls/relay_pair.h"
#include "tests/hls/rolled.h"
#include "tests/hls/round_trip.h"
#include "tests/test_units.h"

namespace loom::test {
namespace {

// What the relay regions below are sized by: K words each.
ParameterSet relay_params() {
  ParameterSet params;
  params.param("K", 4, 1, 100, "words");
  return params;
}

// A run for the regions below, which expects nothing in particular of OUT:
// refused before it is simulated.
const hls::TestRun kNoRun{"zeros", {}, {{"OUT", Buffer(Word<2, 16>::shape(), 4)}}};

// A run with every input zero, expecting of `output` what the region leaves
// there when simulated: for the tests whose point is elsewhere, since `loom
// hls` simulates every run before it emits.
hls::TestRun simulated_run(const Region& region, const std::string& output) {
  Inputs zeros;
  for (const ArgumentInstance& a : region.arguments)
    if (a.name != output) zeros.emplace(a.name, Buffer(a.word, a.size));
  auto r = simulate(region, zeros);
  INFO((r.ok() ? r.value().summary() : r.status().to_string()));
  REQUIRE(r.ok());
  REQUIRE(r.value().ok());
  return {"zeros", {}, {{output, r.value().arguments.at(output)}}};  // the testbench zeroes what it is not given
}

hls::TestRun kExampleRun(const Emitted& e) { return simulated_run(e.region, "Y"); }

// Whether an emitted file other than src/PATH names PATH in a quote-include,
// from the tree's root or beside itself (src/DIR/x.h including "y.h" names DIR/y.h).
bool included(const hls::Project& project, const std::string& path) {
  static const std::regex include(R"re(#\s*include\s*"([^"]+)")re");
  for (const auto& [file, text] : project.files) {
    if (file == "src/" + path) continue;
    const std::string inside = file.rfind("src/", 0) == 0 ? file.substr(4) : "";
    const std::string dir = inside.find('/') == std::string::npos ? "" : inside.substr(0, inside.rfind('/') + 1);
    for (auto it = std::sregex_iterator(text.begin(), text.end(), include); it != std::sregex_iterator(); ++it)
      if ((*it)[1] == path || dir + (*it)[1].str() == path) return true;
  }
  return false;
}

TEST_CASE("the emitted unit sources are byte for byte the tree's", "[hls]") {
  for (const auto& [machine, overrides] : std::vector<std::pair<std::string, Overrides>>{
           {"example", {}},
           {"tinytpu", {}},
           {"tinytpu", {{"T", 8}, {"MAXDIM", 64}}},
           {"dottree", {}},
           {"dottree", {{"NUMERICS", 1}, {"RED_LANES", 4}}}}) {
    const Emitted e = emit_machine(machine, overrides);
    int sources = 0;
    for (const auto& [path, text] : e.project.files) {
      if (path.rfind("src/", 0) != 0) continue;
      ++sources;
      INFO(path);
      CHECK(text == read_text(path.substr(4)));  // the runfiles hold the tree's files
    }
    // Every unit's own header is among them, and the vocabulary top.cpp includes.
    std::set<std::string> unit_headers;
    for (const Process& p : e.region.processes) {
      CHECK(e.project.files.count("src/" + p.unit->source) == 1);
      unit_headers.insert(p.unit->source);
    }
    CHECK(e.project.files.count("src/units/unit.h") == 1);
    // And none is there but for a reason: each other one is included by an emitted file.
    for (const auto& [path, text] : e.project.files)
      if (path.rfind("src/", 0) == 0 && !unit_headers.count(path.substr(4))) {
        INFO(path);
        CHECK(included(e.project, path.substr(4)));
      }
    CHECK(sources > static_cast<int>(unit_headers.size()));
  }
}

TEST_CASE("the top's streams, bundles and pipelines are the composed region's", "[hls]") {
  for (const auto& [machine, overrides] : std::vector<std::pair<std::string, Overrides>>{
           {"example", {{"QD", 3}}}, {"tinytpu", {{"QD", 3}, {"DATA_QD", 5}}}}) {
    const Emitted e = emit_machine(machine, overrides);
    const std::string& top = e.project.files.at("top.cpp");
    // One stream per channel instance, at its resolved depth.
    std::map<std::string, int64_t> depth;
    const std::regex stream(R"re(hls::stream<ap_uint<(\d+)> > (\w+)\("([^"]+)"\);\n#pragma HLS stream variable=(\w+) depth=(\d+))re");
    for (auto it = std::sregex_iterator(top.begin(), top.end(), stream); it != std::sregex_iterator(); ++it) {
      CHECK((*it)[2] == (*it)[4]);
      depth[(*it)[3]] = std::stoll((*it)[5]);
    }
    REQUIRE(depth.size() == e.region.channels.size());
    for (const ChannelInstance& c : e.region.channels) {
      INFO(c.label());
      CHECK(depth.at(c.label()) == c.depth);
    }
    // One m_axi bundle per argument, none shared, each with the interface
    // timing the simulator modelled (the argument's AxiTiming).
    std::set<std::string> bundles;
    const std::regex axi(
        R"re(#pragma HLS interface m_axi port=(\w+) bundle=(\w+) offset=slave depth=(\d+) latency=(\d+) num_read_outstanding=(\d+) max_read_burst_length=(\d+) max_write_burst_length=(\d+)(?: max_widen_bitwidth=(\d+))?\n)re");
    int ports = 0;
    for (auto it = std::sregex_iterator(top.begin(), top.end(), axi); it != std::sregex_iterator(); ++it, ++ports) {
      bundles.insert((*it)[2]);
      const ArgumentInstance& a = e.region.arguments[static_cast<size_t>(ports)];
      INFO(a.name);
      CHECK(std::stoi((*it)[4]) == a.axi.latency);
      CHECK(std::stoi((*it)[5]) == a.axi.read_outstanding);
      CHECK(std::stoi((*it)[6]) == a.axi.burst_beats);
      CHECK(std::stoi((*it)[7]) == a.axi.burst_beats);
      // Widening only where the argument's beat is wider than its element, to that beat.
      CHECK((*it)[8].matched == axi_widened(a.axi, a.word.bits()));
      if ((*it)[8].matched) CHECK(std::stoi((*it)[8]) == axi_beat_bits(a.axi, a.word.bits()));
    }
    CHECK(ports == static_cast<int>(e.region.arguments.size()));
    CHECK(bundles.size() == e.region.arguments.size());
    // Each unit's loops get its declared II: the pragma names the unit's own
    // pipeline.ii, and each unit type is said to get it, once.
    const std::regex loop(R"re(#define LOOM_HLS_LOOP\(io\) ([^\n]*)\n#include "([^"]+)")re");
    std::set<std::string> included;
    for (auto it = std::sregex_iterator(top.begin(), top.end(), loop); it != std::sregex_iterator(); ++it) {
      CHECK(std::regex_search((*it)[1].str(), std::regex(R"(^(LOOM_HLS_MEMORY\(io, \w+\) )*LOOM_HLS_BIND_II\(io\) LOOM_PRAGMA\(HLS pipeline II=loom_ii\))")));
      CHECK(included.insert((*it)[2]).second);
    }
    const std::regex unit(R"re(// Unit '\w+': ([^\n]+), from ([^\n]+)\.\n// Its loops \(LOOM_PIPELINE\) get: #pragma HLS pipeline II=(\d+), its own pipeline.ii as loom_ii\n)re");
    std::map<std::string, int> ii;  // by unit type
    for (auto it = std::sregex_iterator(top.begin(), top.end(), unit); it != std::sregex_iterator(); ++it) {
      CHECK(ii.count((*it)[1]) == 0);
      ii[(*it)[1]] = std::stoi((*it)[3]);
      CHECK(included.count((*it)[2]) == 1);
    }
    for (const Process& p : e.region.processes) CHECK(ii.at(p.unit->type) == p.unit->pipeline.ii);
  }
}

TEST_CASE("the top calls every process once, each channel's writer before its reader, with its own streams", "[hls]") {
  for (const auto& [machine, overrides] : std::vector<std::pair<std::string, Overrides>>{
           {"example", {}}, {"tinytpu", {}}, {"dottree", {{"RED_LANES", 4}}}, {"matvec", {}}}) {
    INFO(machine);
    const Emitted e = emit_machine(machine, overrides);
    const std::string& top = e.project.files.at("top.cpp");
    const std::string body = top.substr(top.find("extern \"C\" void "));
    // The top's C++ names: a stream's by its channel's label, an argument's by its place in the signature.
    std::map<std::string, std::string> label_of;  // stream id -> channel label
    const std::regex stream(R"re(\n  hls::stream<ap_uint<\d+> > (\w+)\("([^"]+)"\);)re");
    for (auto it = std::sregex_iterator(body.begin(), body.end(), stream); it != std::sregex_iterator(); ++it)
      label_of[(*it)[1]] = (*it)[2];
    std::vector<std::string> arg_ids;
    const std::string signature = body.substr(0, body.find('{'));
    const std::regex pointer(R"re(ap_uint<\d+>\* (\w+))re");
    for (auto it = std::sregex_iterator(signature.begin(), signature.end(), pointer); it != std::sregex_iterator(); ++it)
      arg_ids.push_back((*it)[1]);
    REQUIRE(arg_ids.size() == e.region.arguments.size());
    // "  name_proc(a, b);  // process", one a process.
    std::map<std::string, size_t> position;
    std::map<std::string, std::string> args_of;
    const std::regex call(R"re(\n  (\w+)\(([\w, ]*)\);  // (\S+)(?=\n))re");
    for (auto it = std::sregex_iterator(body.begin(), body.end(), call); it != std::sregex_iterator(); ++it) {
      CHECK(position.emplace((*it)[3], position.size()).second);  // called once
      args_of[(*it)[3]] = (*it)[2];
    }
    REQUIRE(position.size() == e.region.processes.size());
    for (const Process& p : e.region.processes) {
      INFO(p.name());
      REQUIRE(position.count(p.name()) == 1);
      // Its streams and arguments, in its ports' order; its memories are its own.
      std::string expected;
      for (const Target& t : p.ports) {
        if (!t.bound() || t.kind == ObjectKind::memory) continue;
        expected += expected.empty() ? "" : ", ";
        if (t.kind == ObjectKind::argument) {
          expected += arg_ids[static_cast<size_t>(t.id)];
          continue;
        }
        for (const auto& [id, label] : label_of)
          if (label == e.region.channels[static_cast<size_t>(t.id)].label()) expected += id;
      }
      CHECK(args_of.at(p.name()) == expected);
    }
    for (const ChannelInstance& c : e.region.channels) {
      if (!c.writer.valid() || !c.reader.valid()) continue;
      INFO(c.label());
      CHECK(position.at(e.region.processes[static_cast<size_t>(c.writer.process)].name()) <
            position.at(e.region.processes[static_cast<size_t>(c.reader.process)].name()));
    }
  }
}

TEST_CASE("a memory of registers is partitioned completely, inside its owner; a RAM is bound to its storage kind", "[hls]") {
  const Emitted e = emit_machine("dottree", {{"RED_LANES", 16}});
  const std::string& top = e.project.files.at("top.cpp");
  const size_t node = top.find("node[31];  // memory node, owned here\n");
  REQUIRE(node != std::string::npos);
  CHECK(top.find("#pragma HLS array_partition variable=node complete dim=1", node) ==
        top.find('\n', node) + 1);
  CHECK(top.find("weights[1];  // memory weights, owned here\n") != std::string::npos);
  // UG1399, pragma HLS bind_storage: placed where the array is declared, it
  // binds it to the RAM whose ports the simulator counted (units/storage.h).
  const size_t weights = top.find("weights[1];  // memory weights, owned here\n");
  CHECK(top.find("#pragma HLS bind_storage variable=weights type=ram_t2p impl=bram", weights) ==
        top.find('\n', weights) + 1);
  CHECK(top.find("array_partition variable=weights") == std::string::npos);
  // TinyTPU declares no memory of registers, and each of its RAMs as the seed's design has it.
  const std::string tpu = emit_machine("tinytpu", {}).project.files.at("top.cpp");
  CHECK(tpu.find("array_partition") == std::string::npos);
  for (const auto& [memory, kind] : {std::pair{"spad", "ram_1p"}, {"vr", "ram_1p"}, {"ar", "ram_s2p"}, {"program", "ram_1p"}})
    CHECK(tpu.find("#pragma HLS bind_storage variable=" + std::string(memory) + " type=" + kind + " impl=bram") !=
          std::string::npos);
}

TEST_CASE("accu's loop gets the dependence pragma, with the obligation it rests on above it", "[hls]") {
  const Emitted e = emit_machine("tinytpu", {});
  const std::string& top = e.project.files.at("top.cpp");
  const size_t include = top.find("#include \"units/library/tinytpu/accu.h\"");
  REQUIRE(include != std::string::npos);
  const size_t block = top.rfind("// Unit 'accu'", include);
  const std::string accu = top.substr(block, include - block);
  // The pragma names the owner's array, bound in the loop's scope (units/hls/context.h).
  CHECK(accu.find("LOOM_HLS_MEMORY(io, ar) LOOM_HLS_BIND_II(io) LOOM_PRAGMA(HLS pipeline II=loom_ii) LOOM_PRAGMA(HLS "
                  "dependence variable=loom_mem_ar inter false)") != std::string::npos);
  CHECK(accu.find("// Obligation: ar carries no dependence across the row loop's iterations") != std::string::npos);
  CHECK(accu.find("//   It rests on: stores land 3 iterations after they issue") != std::string::npos);
  CHECK(accu.find("//   Discharged under: check_program's distance contract, AR_RAW_DIST >= the write latency") !=
        std::string::npos);
  // Above the loop's pragmas, in order: the obligation, what it rests on, where it is discharged.
  const size_t obligation = accu.find("// Obligation:"), rests = accu.find("//   It rests on:"),
               discharged = accu.find("//   Discharged under:"), loop = accu.find("#define LOOM_HLS_LOOP(io)");
  REQUIRE(loop != std::string::npos);
  CHECK(obligation < rests);
  CHECK(rests < discharged);
  CHECK(discharged < loop);
  // No other unit claims it.
  CHECK(top.find("HLS dependence") == top.find("HLS dependence", block));
  size_t count = 0;
  for (size_t at = top.find("LOOM_PRAGMA(HLS dependence"); at != std::string::npos; at = top.find("LOOM_PRAGMA(HLS dependence", at + 1))
    ++count;
  CHECK(count == 1);
}

TEST_CASE("emission is deterministic", "[hls]") {
  for (const MachineEntry& m : machines()) {
    INFO(m.name);
    const Emitted a = emit_machine(m.name, {}), b = emit_machine(m.name, {});
    CHECK(a.project.files == b.project.files);
  }
}

TEST_CASE("the machines' projects pass the synthesisability check", "[hls]") {
  for (const auto& [machine, overrides] :
       std::vector<std::pair<std::string, Overrides>>{{"example", {}}, {"tinytpu", {}}, {"dottree", {}}, {"dottree", {{"NUMERICS", 1}}}}) {
    INFO(machine);
    const Emitted e = emit_machine(machine, overrides);
    const Status s = hls::check_synthesisable(e.project, e.region);
    INFO(s.to_string());
    CHECK(s.ok());
  }
}

// A stand-in compiler for the check: it appends each word it is given to
// DIR/words, one a line, and fails the compile of `failing` as GCC reports an error.
std::string fake_compiler(const std::string& dir, const std::string& failing, const std::string& error) {
  std::filesystem::create_directories(dir);
  const std::string path = dir + "/fake-c++";
  std::ofstream(path) << "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\" >> '" << dir << "/words'; done\n"
                      << "case \"$*\" in *" << failing << "*) echo '" << error << "' >&2; exit 1;; esac\nexit 0\n";
  std::filesystem::permissions(path, std::filesystem::perms::owner_all);
  return path;
}

// $CXX set for one scope, and put back after it.
struct ScopedCxx {
  explicit ScopedCxx(const std::string& value) : had(std::getenv("CXX") != nullptr), old(had ? std::getenv("CXX") : "") {
    setenv("CXX", value.c_str(), 1);
  }
  ~ScopedCxx() { had ? setenv("CXX", old.c_str(), 1) : unsetenv("CXX"); }
  bool had;
  std::string old;
};

TEST_CASE("the check runs $CXX's words with no shell between, and reads its errors back from what it printed", "[hls]") {
  const Emitted e = emit_machine("example", {});
  const std::string dir = scratch("fake_compiler");
  {
    const ScopedCxx cxx(fake_compiler(dir, "top.cpp", "top.cpp:3:1: error: boom") + "  -m64 $(id) a;b 'q'");
    const Status s = hls::check_synthesisable(e.project, e.region);
    INFO(s.to_string());
    CHECK(has_error(s, "hls-compile", "top.cpp:3", "does not compile for HLS (C++14): boom"));
    CHECK(s.errors().size() == 1);
  }
  // Each word as it was written, the kernel's compile only: it failed.
  CHECK(read_text(dir + "/words") ==
        "-m64\n$(id)\na;b\n'q'\n-std=c++14\n-fsyntax-only\n-w\n-DLOOM_HLS_CHECK\n-I\ncheck\n-I\nstandin\n-I\nsrc\ntop.cpp\n");
  // The testbench is compiled once the kernel passes.
  const std::string tb_dir = scratch("fake_compiler_tb");
  const ScopedCxx cxx(fake_compiler(tb_dir, "tb.cpp", "tb.cpp:5:2: error: nope"));
  const Status s = hls::check_synthesisable(e.project, e.region);
  CHECK(has_error(s, "hls-compile", "tb.cpp:5", "nope"));
  CHECK(read_text(tb_dir + "/words").find("top.cpp\n-std=c++14\n-fsyntax-only\n-w\n-I\nstandin\ntb.cpp\n") != std::string::npos);
  // A compiler named but not found is none; $CXX naming none falls back to g++, c++ or clang++.
  CHECK(has_error(hls::check_synthesisable(e.project, e.region, tb_dir + "/absent -m64"), "hls-no-compiler", "the HLS check",
                  "found no C++ compiler"));
  const ScopedCxx absent(tb_dir + "/absent");
  CHECK(hls::check_synthesisable(e.project, e.region).ok());
}

// A compiler, $CXX for its scope, whose every compile fails printing what
// the check is given: a check's reading of that output, on `e`.
struct PrintingCompiler {
  explicit PrintingCompiler(const std::string& name) : dir(scratch(name)), cxx(script(dir)) {}
  Status check(const Emitted& e, const std::string& printed) const {
    std::ofstream(dir + "/printed") << printed;
    return hls::check_synthesisable(e.project, e.region);
  }
  static std::string script(const std::string& dir) {
    std::filesystem::create_directories(dir);
    const std::string path = dir + "/fake-c++";
    std::ofstream(path) << "#!/bin/sh\ncat '" << dir << "/printed' >&2\nexit 1\n";
    std::filesystem::permissions(path, std::filesystem::perms::owner_all);
    return path;
  }
  std::string dir;
  ScopedCxx cxx;
};

// The header unit `unit` of `region` is declared in, as the project holds it.
std::string project_source(const Region& region, const std::string& unit) {
  for (const Process& p : region.processes)
    if (p.unit->name == unit) return "src/" + p.unit->source;
  FAIL("no unit " << unit);
  return "";
}

TEST_CASE("a unit refused as unsynthesisable is reported without the compile errors that follow from it", "[hls]") {
  const Emitted e = emit_machine("example", {});
  const std::string tap = project_source(e.region, "fir_tap"), store = project_source(e.region, "store");
  const PrintingCompiler compiler("fake_knock_on");
  const auto check = [&](const std::string& printed) { return compiler.check(e, printed); };
  // The poison refuses fir_tap's deque, and six errors follow from it: in its
  // header, and in the kernel that calls its body.
  const std::string refusal = "In file included from top.cpp:4:\n" + tap +
                              ":18:10: error: attempt to use poisoned \"deque\"\n" + tap +
                              ":18:33: error: expected primary-expression before '>' token\n" + tap +
                              ":21:22: error: 'pending' was not declared in this scope\n" + tap +
                              ":22:22: error: 'pending' was not declared in this scope\n" + tap +
                              ":23:5: error: 'pending' was not declared in this scope\n"
                              "top.cpp:40:3: error: no matching function for call to 'body'\n"
                              "top.cpp:52:3: error: no matching function for call to 'body'\n";
  const Status refused = check(refusal);
  INFO(refused.to_string());
  REQUIRE(refused.errors().size() == 1);
  CHECK(refused.errors()[0].kind == "hls-unsynthesisable");
  CHECK(refused.errors()[0].where == tap.substr(4) + ":18");
  CHECK(refused.errors()[0].message == "unit 'fir_tap' cannot be synthesised: it uses an STL container ('deque')");
  // Another unit's error is its own, and is still reported.
  const Status both = check(refusal + store + ":9:1: error: 'wrod' does not name a type\n");
  INFO(both.to_string());
  REQUIRE(both.errors().size() == 2);
  CHECK(both.errors()[1].kind == "hls-compile");
  CHECK(both.errors()[1].where == store.substr(4) + ":9");
  // With nothing refused, every compile error is reported.
  CHECK(check("top.cpp:40:3: error: no matching function for call to 'body'\n" + tap + ":21:22: error: oops\n")
            .errors()
            .size() == 2);
}

template <class Bad>
Status check_bad_unit() {
  Architecture arch("bad", ParameterSet());
  Handle out = arch.argument<Word<2, 16>>("OUT", 4, "what the bad unit writes");
  place<Bad>(arch, "bad", one()).bind(Bad::out, out());
  auto region = arch.compose();
  REQUIRE(region.ok());
  auto project = hls::emit(region.value(), {}, {}, {simulated_run(region.value(), "OUT")});
  INFO(project.status().to_string());
  REQUIRE(project.ok());
  return hls::check_synthesisable(project.value(), region.value());
}

TEST_CASE("a body that HLS cannot synthesise is refused by name, at its file and line", "[hls]") {
  const Status queue = check_bad_unit<BadQueue>();
  INFO(queue.to_string());
  CHECK(has_error(queue, "hls-unsynthesisable", "tests/hls/bad_queue.h:5", "unit 'bad_queue' cannot be synthesised: it includes <deque> (an STL container)"));
  CHECK(has_error(queue, "hls-unsynthesisable", "tests/hls/bad_queue.h:18", "uses an STL container ('deque')"));
  const Status heap = check_bad_unit<BadHeap>();
  INFO(heap.to_string());
  CHECK(has_error(heap, "hls-unsynthesisable", "tests/hls/bad_heap.h:15", "unit 'bad_heap' cannot be synthesised: it allocates on the heap ('new')"));
  const Status virt = check_bad_unit<BadVirtual>();
  INFO(virt.to_string());
  CHECK(has_error(virt, "hls-unsynthesisable", "tests/hls/bad_virtual.h:9", "declares a virtual call ('virtual')"));
  const Status thrown = check_bad_unit<BadThrow>();
  INFO(thrown.to_string());
  CHECK(has_error(thrown, "hls-unsynthesisable", "tests/hls/bad_throw.h:15", "unit 'bad_throw' cannot be synthesised: it uses exceptions ('throw')"));
  // The refusal is the cause: the compile's knock-on errors are not reported after it.
  for (const Status* refused : {&queue, &heap, &virt, &thrown})
    for (const Error& e : refused->errors()) CHECK(e.kind == "hls-unsynthesisable");
}

// A cycle of channels is legal (docs/hls.md, "Feedback channels"); one that
// deadlocks is refused by emission's presimulation, the loop named.
TEST_CASE("a request/response loop that reads before it asks is refused as a deadlock, naming its loop", "[hls]") {
  const Region region = round_trip<HlsReplyFirst>(6);
  auto project = hls::emit(region, {}, {}, {{"sum", {}, {{"SUM", Buffer(Word<1, 32>::shape(), 1)}}}});
  REQUIRE(!project.ok());
  INFO(project.status().to_string());
  CHECK(has_error(project.status(), "hls-deadlock", "test run 'sum'", "wait-for cycle"));
  CHECK(project.status().to_string().find("asker") != std::string::npos);
  CHECK(project.status().to_string().find("answerer") != std::string::npos);
  CHECK(project.status().errors().size() == 1);
}

TEST_CASE("a request/response loop emits: synthesis sees the calls, C simulation runs them on threads", "[hls]") {
  const Region region = round_trip(6);
  auto project = hls::emit(region, {}, {}, {simulated_run(region, "SUM")});
  INFO(project.status().to_string());
  REQUIRE(project.ok());
  const auto& files = project.value().files;
  const std::string& top = files.at("top.cpp");
  CHECK(top.find("// Feedback: asker -(req)-> answerer -(resp)-> asker.") != std::string::npos);
  CHECK(top.find("#define HLS_STREAM_THREAD_SAFE") < top.find("#include <hls_stream.h>"));
  CHECK(top.find("#include \"loom_concurrent.h\"") != std::string::npos);
  // Under __SYNTHESIS__ the dataflow region holds the plain calls, one per process.
  const size_t threads = top.find("#ifndef __SYNTHESIS__\n"), plain = top.find("#else", threads),
               end = top.find("#endif", plain);
  REQUIRE(end != std::string::npos);
  CHECK(count(top.substr(threads, plain - threads), "loom_processes.run([&] {") == 2);
  CHECK(count(top.substr(plain, end - plain), "_proc(") == 2);
  CHECK(top.find("#pragma HLS dataflow") < threads);
  CHECK(files.count("loom_concurrent.h") == 1);
  CHECK(files.at("tb.cpp").find("LOOM CSIM NOTE: the channels form a cycle (asker -(req)-> answerer -(resp)-> asker)") !=
        std::string::npos);
  CHECK(files.at("run_hls.tcl").find("csim_design -ldflags {-pthread}\n") != std::string::npos);
  // It compiles as HLS sees it, poison and all.
  const Status synthesisable = hls::check_synthesisable(project.value(), region);
  INFO(synthesisable.to_string());
  CHECK(synthesisable.ok());
}

// Every interface beyond m_axi, emitted as UG1399's pragma HLS interface
// writes it: the RAM's storage and latency, the scalars' protocols, the block
// protocol on the return, and nothing in s_axilite.
TEST_CASE("reqresp emits as Vivado IP: ap_memory, ap_none and ap_vld ports under ap_ctrl_hs", "[hls]") {
  const Emitted e = emit_machine("reqresp", {{"K", 16}, {"L", 2}});
  const std::string& top = e.project.files.at("top.cpp");
  INFO(top);
  CHECK(top.find("extern \"C\" void reqresp(ap_uint<32> REQ[16], ap_uint<32> BIAS, ap_uint<32>* SUM) {") !=
        std::string::npos);
  CHECK(top.find("#pragma HLS interface ap_memory port=REQ storage_type=ram_1p latency=2\n") != std::string::npos);
  CHECK(top.find("#pragma HLS interface ap_none port=BIAS\n") != std::string::npos);
  CHECK(top.find("#pragma HLS interface ap_vld port=SUM\n") != std::string::npos);
  CHECK(top.find("#pragma HLS interface ap_ctrl_hs port=return\n") != std::string::npos);
  CHECK(top.find("s_axilite") == std::string::npos);
  CHECK(top.find("m_axi") == std::string::npos);
  // The scalar input reaches its process through its address.
  CHECK(top.find("answerer_proc(req, resp, &BIAS);") != std::string::npos);
  CHECK(e.project.files.at("run_hls.tcl").find("-flow_target vivado\n") != std::string::npos);
  CHECK(e.project.files.at("tb.cpp").find("reqresp(loom_arg_REQ, loom_arg_BIAS[0], loom_arg_SUM)") != std::string::npos);
  CHECK(e.project.files.at("loom_top.h").find("BIAS (ap_none): 1 elements of ap_uint<32>") != std::string::npos);
}

TEST_CASE("the Vitis kernel flow refuses what only Vivado IP builds, naming each argument and the control", "[hls]") {
  for (BlockControl control : {BlockControl::ap_ctrl_hs, BlockControl::ap_ctrl_none}) {
    auto region = reqresp::architecture(1, control).compose({{"K", 4}});
    REQUIRE(region.ok());
    CHECK(hls::natural_flow(region.value()) == hls::FlowTarget::vivado);
    auto project = hls::emit(region.value(), {}, {}, {simulated_run(region.value(), "SUM")});
    REQUIRE(!project.ok());
    const std::string text = project.status().to_string();
    INFO(text);
    for (const char* arg : {"REQ", "BIAS", "SUM"})
      CHECK(has_error(project.status(), "hls-flow-target", std::string("argument '") + arg + "'", "--flow-target vivado"));
    CHECK((text.find("region 'reqresp': declares ap_ctrl_none") != std::string::npos) ==
          (control == BlockControl::ap_ctrl_none));
    hls::Options vivado;
    vivado.flow = hls::FlowTarget::vivado;
    auto ip = hls::emit(region.value(), vivado, {}, {simulated_run(region.value(), "SUM")});
    INFO(ip.status().to_string());
    REQUIRE(ip.ok());
    CHECK(ip.value().files.at("top.cpp").find(std::string("#pragma HLS interface ") + control_name(control) +
                                              " port=return\n") != std::string::npos);
  }
}

TEST_CASE("an m_axi region takes either flow: s_axilite offsets in both, the control in s_axilite only for a kernel", "[hls]") {
  const Emitted e = emit_machine("example", {});
  CHECK(hls::natural_flow(e.region) == hls::FlowTarget::vitis);
  const std::string& kernel = e.project.files.at("top.cpp");
  CHECK(kernel.find("#pragma HLS interface ap_ctrl_hs port=return\n#pragma HLS interface s_axilite port=return\n") !=
        std::string::npos);
  hls::Options vivado;
  vivado.flow = hls::FlowTarget::vivado;
  auto ip = hls::emit(e.region, vivado, {}, {kExampleRun(e)});
  REQUIRE(ip.ok());
  const std::string& top = ip.value().files.at("top.cpp");
  CHECK(top.find("#pragma HLS interface s_axilite port=X\n") != std::string::npos);
  CHECK(top.find("s_axilite port=return") == std::string::npos);
  CHECK(top.find("#pragma HLS interface ap_ctrl_hs port=return\n") != std::string::npos);
  CHECK(ip.value().files.at("run_hls.tcl").find("-flow_target vivado\n") != std::string::npos);
}

TEST_CASE("an acyclic region's project has no threads in it", "[hls]") {
  const Emitted e = emit_machine("example", {});
  const auto& files = e.project.files;
  CHECK(files.count("loom_concurrent.h") == 0);
  CHECK(files.at("top.cpp").find("HLS_STREAM_THREAD_SAFE") == std::string::npos);
  CHECK(files.at("top.cpp").find("__SYNTHESIS__") == std::string::npos);
  CHECK(files.at("tb.cpp").find("LOOM CSIM NOTE") == std::string::npos);
  CHECK(files.at("run_hls.tcl").find("csim_design\n") != std::string::npos);
}

// load -> slow_relay (II=2, tests/hls/relay_pair.h) -> relay (II=1, the
// tests/hls/relay.h it includes) -> store.
Region relay_pair_region() {
  Architecture arch("pair", relay_params());
  Handle x = arch.argument<PacedWord>("X", "K", "the words");
  Handle y = arch.argument<PacedWord>("Y", "K", "the words, passed on");
  Handle a = arch.channel<PacedWord>("a", one(), 2, "loaded");
  Handle b = arch.channel<PacedWord>("b", one(), 2, "slow to fast");
  Handle c = arch.channel<PacedWord>("c", one(), 2, "to the store");
  Handle last = arch.memory<PacedWord>("last", 1);
  place<HlsPacedLoad>(arch, "load", one()).bind(HlsPacedLoad::src, x()).bind(HlsPacedLoad::out, a());
  place<HlsSlowRelay>(arch, "slow", one())
      .bind(HlsSlowRelay::in, a())
      .bind(HlsSlowRelay::out, b())
      .bind(HlsSlowRelay::last, last());
  place<HlsRelay>(arch, "fast", one()).bind(HlsRelay::in, b()).bind(HlsRelay::out, c());
  place<HlsPacedStore>(arch, "store", one()).bind(HlsPacedStore::in, c()).bind(HlsPacedStore::dst, y());
  auto region = arch.compose();
  INFO(region.status().to_string());
  REQUIRE(region.ok());
  return region.value();
}

// Under one set of pragmas each unit still takes its II from its own
// declaration, so only a dependence claim sets two units' loops apart.
TEST_CASE("a unit's header that includes another unit's at another II emits; under a claim the other lacks, it is refused",
          "[hls]") {
  const Region region = relay_pair_region();
  auto project = hls::emit(region, {}, {}, {simulated_run(region, "Y")});
  INFO(project.status().to_string());
  REQUIRE(project.ok());
  const std::string& top = project.value().files.at("top.cpp");
  CHECK(top.find("// Its loops (LOOM_PIPELINE) get: #pragma HLS pipeline II=2, its own pipeline.ii as loom_ii\n") !=
        std::string::npos);
  CHECK(top.find("// Its loops (LOOM_PIPELINE) get: #pragma HLS pipeline II=1, its own pipeline.ii as loom_ii\n") !=
        std::string::npos);

  const hls::Dependence claim{"slow_relay", "last", "last carries no dependence", "nothing", "nowhere"};
  auto refused = hls::emit(region, {}, {claim}, {simulated_run(region, "Y")});
  INFO(refused.status().to_string());
  CHECK(has_error(refused.status(), "hls-shared-source", "unit 'slow_relay'",
                  "its header tests/hls/relay_pair.h includes tests/hls/relay.h, the header of unit 'relay', whose "
                  "loops the machine's dependence claims give different pragmas"));
}

// `loom hls` once refused this (hls-shared-source, "unit 'paced' is declared
// in tests/hls/paced.h with unit 'paced'"): the header was one, and its
// pragmas were set to one II before it was included.
TEST_CASE("a unit template at two IIs in one region emits its header once, each instantiation at its own II", "[hls]") {
  const Region region = paced_region();
  auto project = hls::emit(region, {}, {}, {simulated_run(region, "Y")});
  INFO(project.status().to_string());
  REQUIRE(project.ok());
  const std::string& top = project.value().files.at("top.cpp");
  CHECK(count(top, "#include \"tests/hls/paced.h\"") == 1);
  for (const std::string type : {"HlsPaced<1>", "HlsPaced<2>"}) {
    INFO(type);
    const size_t named = top.find("// Unit 'paced': loom::test::" + type + ", from tests/hls/paced.h.\n");
    REQUIRE(named != std::string::npos);
    CHECK(top.find("// Its loops (LOOM_PIPELINE) get: #pragma HLS pipeline II=" + type.substr(9, 1) +
                   ", its own pipeline.ii as loom_ii\n", named) == top.find('\n', named) + 1);
  }
  CHECK(count(top, "// Unit 'paced':") == 2);
  // Each process's context holds its unit's II to the simulator's.
  for (const Process& p : region.processes) {
    INFO(p.name());
    const size_t context = top.find("// " + p.name() + ": unit '" + p.unit->name + "'\n");
    REQUIRE(context != std::string::npos);
    CHECK(top.find("  static_assert(unit::pipeline.ii == " + std::to_string(p.unit->pipeline.ii) + ", ", context) <
          top.find("};", context));
  }
}

// UG1399 "pragma HLS pipeline": `off` turns pipelining off for one loop,
// which Vitis would otherwise pipeline by itself (config_compile
// -pipeline_loops); the unit's context holds the loop's style to the one the
// simulator ran, as it holds its II.
TEST_CASE("an unpipelined unit's loop emits pipeline off, held to the style the simulator ran", "[hls]") {
  ParameterSet params;
  params.param("K", 6, 1, 64, "words");
  Architecture arch("rolled", params);
  Handle x = arch.argument<PacedWord>("X", "K", "the words");
  Handle y = arch.argument<PacedWord>("Y", "K", "the words, lane 0 plus 3");
  Handle a = arch.channel<PacedWord>("a", one(), 2, "loaded");
  Handle b = arch.channel<PacedWord>("b", one(), 2, "plus 3");
  place<HlsPacedLoad>(arch, "load", one()).bind(HlsPacedLoad::src, x()).bind(HlsPacedLoad::out, a());
  place<HlsRolled>(arch, "rolled", one()).bind(HlsRolled::in, a()).bind(HlsRolled::out, b());
  place<HlsPacedStore>(arch, "store", one()).bind(HlsPacedStore::in, b()).bind(HlsPacedStore::dst, y());
  auto region = arch.compose();
  INFO(region.status().to_string());
  REQUIRE(region.ok());
  auto project = hls::emit(region.value(), {}, {}, {simulated_run(region.value(), "Y")});
  INFO(project.status().to_string());
  REQUIRE(project.ok());
  const std::string& top = project.value().files.at("top.cpp");
  const size_t named = top.find("// Unit 'rolled': loom::test::HlsRolled, from tests/hls/rolled.h.\n");
  REQUIRE(named != std::string::npos);
  CHECK(top.find("// Its loops (LOOM_PIPELINE) get: #pragma HLS pipeline off, its loop is not pipelined\n", named) ==
        top.find('\n', named) + 1);
  const size_t define = top.find("#define LOOM_HLS_LOOP(io) ", named);
  REQUIRE(define != std::string::npos);
  const std::string line = top.substr(define, top.find('\n', define) - define);
  CHECK(line == "#define LOOM_HLS_LOOP(io) LOOM_PRAGMA(HLS pipeline off)");
  // The pipelined units around it keep their II pragma.
  CHECK(count(top, "LOOM_PRAGMA(HLS pipeline II=loom_ii)") == 1);  // paced.h, once for both its units
  const size_t context = top.find("// rolled: unit 'rolled'\n");
  REQUIRE(context != std::string::npos);
  CHECK(top.find("  static_assert(unit::pipeline.off, ", context) < top.find("};", context));
  const size_t load = top.find("// load: unit 'paced_load'\n");
  REQUIRE(load != std::string::npos);
  CHECK(top.find("  static_assert(!unit::pipeline.off, ", load) < top.find("};", load));
  const Status s = hls::check_synthesisable(project.value(), region.value());
  INFO(s.to_string());
  CHECK(s.ok());
}

TEST_CASE("a unit whose source was not embedded is named", "[hls]") {
  Architecture arch("plain", ParameterSet());
  Handle c = arch.channel<Narrow>("c", one(), 2, "a word");
  place<Source>(arch, "source", one()).bind(Source::out, c());
  place<Sink>(arch, "sink", one()).bind(Sink::in, c());
  auto region = arch.compose();
  REQUIRE(region.ok());
  auto project = hls::emit(region.value(), {}, {}, {kNoRun});
  REQUIRE(!project.ok());
  CHECK(has_error(project.status(), "hls-source-missing", "unit 'source'", "tests/test_units.h"));
}

TEST_CASE("a header a unit includes that was not embedded is hls-source-missing, naming it and the unit", "[hls]") {
  // As emission from a tree without words.h: fir_tap.h's include of it is left
  // to the compiler, which cannot find it.
  Emitted e = emit_machine("example", {});
  REQUIRE(e.project.files.erase("src/machines/example/words.h") == 1);
  const Status s = hls::check_synthesisable(e.project, e.region);
  INFO(s.to_string());
  REQUIRE(s.errors().size() == 1);
  const Error& missing = s.errors()[0];
  CHECK(missing.kind == "hls-source-missing");
  CHECK(std::regex_match(missing.where, std::regex(R"(machines/example/(fir_tap|loader|store)\.h:\d+)")));
  CHECK(std::regex_search(missing.message, std::regex("^unit '(fir_tap|loader|store)' includes machines/example/words.h, "
                                                      "which this build did not embed for HLS emission; add it to a "
                                                      "loom_hls_sources target")));
  // Clang's wording of the same; and a header no unit source quote-includes
  // (an angle include of the system's, say) is the compiler's, hls-compile.
  const Emitted full = emit_machine("example", {});
  const std::string tap = project_source(full.region, "fir_tap");
  const PrintingCompiler compiler("fake_missing");
  const Status by_clang = compiler.check(
      full, "In file included from top.cpp:4:\n" + tap + ":9:10: fatal error: 'machines/example/words.h' file not found\n");
  CHECK(has_error(by_clang, "hls-source-missing", tap.substr(4) + ":9", "unit 'fir_tap' includes machines/example/words.h"));
  const Status system = compiler.check(full, tap + ":9:10: fatal error: gmp.h: No such file or directory\n");
  CHECK(has_error(system, "hls-compile", tap.substr(4) + ":9", "gmp.h: No such file or directory"));
}

TEST_CASE("a bad part, clock, dependence or test run is refused by name", "[hls]") {
  const Emitted e = emit_machine("example", {});
  for (const std::string part : {"", "u250", "xcu250 figd2104", "xcu250-figd2104-2L-e;exit", "x-", "{xcu250-a}"}) {
    INFO(part);
    CHECK(has_error(hls::check_options({part, 3.33}), "bad-part", "--part", "is not a Xilinx part name"));
  }
  CHECK(hls::check_options({"xc7z020clg400-1", 10}).ok());
  // The clock's range, at both ends and just past them.
  CHECK(hls::check_options({"xc7z020clg400-1", hls::kMinClockNs}).ok());
  CHECK(hls::check_options({"xc7z020clg400-1", hls::kMaxClockNs}).ok());
  CHECK(has_error(hls::check_options({"xc7z020clg400-1", std::nextafter(hls::kMinClockNs, 0.0)}), "bad-clock", "--clock-ns", ""));
  CHECK(has_error(hls::check_options({"xc7z020clg400-1", std::nextafter(hls::kMaxClockNs, 1000.0)}), "bad-clock", "--clock-ns", ""));
  // The clock is written as given, and refused as given.
  auto precise = hls::emit(e.region, {"xcu250-figd2104-2L-e", 3.333333333}, {}, {kExampleRun(e)});
  REQUIRE(precise.ok());
  CHECK(precise.value().files.at("run_hls.tcl").find("create_clock -period 3.333333333 -name default") != std::string::npos);
  CHECK(has_error(hls::check_options({"xcu250-figd2104-2L-e", 100.0000000001}), "bad-clock", "--clock-ns 100.0000000001", ""));
  for (double clock : {0.0, -1.0, 0.4, 101.0, std::nan(""), static_cast<double>(INFINITY)}) {
    INFO(clock);
    CHECK(has_error(hls::check_options({"xcu250-figd2104-2L-e", clock}), "bad-clock", "--clock-ns", "[0.5, 100]"));
  }
  auto bad_dependence = hls::emit(e.region, {}, {{"fir_tap", "nope", "c", "r", "d"}}, {kNoRun});
  CHECK(has_error(bad_dependence.status(), "hls-dependence", "claim on unit 'fir_tap' memory 'nope'", "owns such a memory"));
  auto bad_run = hls::emit(e.region, {}, {}, {{"r", {{"Q", Buffer(Word<2, 8>::shape(), 3)}}, {}}});
  CHECK(has_error(bad_run.status(), "hls-test-run", "test run 'r' argument 'Q'", "names no argument"));
  auto wrong_size = hls::emit(e.region, {}, {}, {{"r", {{"X", Buffer(Word<4, 8>::shape(), 3)}}, {}}});
  CHECK(has_error(wrong_size.status(), "hls-test-run", "argument 'X'", "holds 3 words of 4x8"));
  CHECK(has_error(hls::emit(e.region, {}, {}, {}).status(), "hls-test-run", "region 'example'", "at least one run"));
  // The example has no non-blocking access, so its plain C++ reference gives
  // the expected outputs: a run without them is refused, saying which to give.
  const Status idle = hls::emit(e.region, {}, {}, {{"idle", {}, {}}}).status();
  INFO(idle.to_string());
  CHECK(has_error(idle, "hls-test-run", "test run 'idle'",
                  "expects no output, so the testbench would compare nothing; give it the contents the region's plain "
                  "C++ reference computes for 'Y' (a machine's workload: Workload::expected)"));
  CHECK(has_error(idle, "hls-test-run", "test run 'idle'", "only a timing-dependent region"));
  // A testbench too large to compile: K rows of X and Y, 1 limb each, in runs that add past the bound.
  const Emitted big = emit_machine("example", {{"K", 1 << 16}});
  const std::vector<hls::TestRun> runs(9, kExampleRun(big));
  CHECK(has_error(hls::emit(big.region, {}, {}, runs).status(), "hls-test-too-large", "region 'example'",
                  "hold 1179648 64-bit words"));
  CHECK(hls::emit(big.region, {}, {}, std::vector<hls::TestRun>(runs.begin(), runs.begin() + 8)).ok());
}

TEST_CASE("a project is written only where no user file is overwritten", "[hls]") {
  namespace fs = std::filesystem;
  const Emitted e = emit_machine("example", {});
  const std::string fresh = scratch("fresh_project");
  REQUIRE(hls::write_project(e.project, fresh).ok());
  CHECK(read_text(fresh + "/top.cpp") == e.project.files.at("top.cpp"));
  // An earlier project is replaced, stale files included.
  std::ofstream(fresh + "/.loom-hls", std::ios::app) << "file stale.txt\n";
  std::ofstream(fresh + "/stale.txt") << "left by an earlier emission";
  REQUIRE(hls::write_project(e.project, fresh).ok());
  CHECK(!fs::exists(fresh + "/stale.txt"));
  // Another machine's project in its place leaves none of the first's sources.
  REQUIRE(hls::write_project(emit_machine("tinytpu", {}).project, fresh).ok());
  CHECK(!fs::exists(fresh + "/src/machines/example"));
  CHECK(fs::exists(fresh + "/src/units/library/tinytpu/accu.h"));
  // A directory holding a user's files is not touched.
  const std::string users = scratch("users_dir");
  fs::create_directories(users);
  std::ofstream(users + "/notes.txt") << "mine";
  const Status refused = hls::write_project(e.project, users);
  CHECK(has_error(refused, "hls-output-exists", users, "is not a Loom HLS project"));
  CHECK(read_text(users + "/notes.txt") == "mine");
  CHECK(!fs::exists(users + "/top.cpp"));
  // Nor is a file.
  CHECK(has_error(hls::write_project(e.project, users + "/notes.txt"), "hls-output", "notes.txt", "not a directory"));
  // Nor anything a link inside the project leads to: a forged marker naming a
  // file through a linked directory, or a project file that is a link.
  const std::string victim = scratch("victim");
  fs::create_directories(victim);
  std::ofstream(victim + "/passwd") << "keep";
  std::ofstream(victim + "/top.cpp") << "keep";
  const std::string forged = scratch("forged_project");
  REQUIRE(hls::write_project(e.project, forged).ok());
  fs::create_directory_symlink(victim, forged + "/evil");
  std::ofstream(forged + "/.loom-hls", std::ios::app) << "file evil/passwd\n";
  CHECK(has_error(hls::write_project(e.project, forged), "hls-output", "evil/passwd", "symbolic link"));
  CHECK(read_text(victim + "/passwd") == "keep");
  fs::remove(forged + "/top.cpp");
  fs::create_symlink(victim + "/top.cpp", forged + "/top.cpp");
  CHECK(has_error(hls::write_project(e.project, forged), "hls-output", "top.cpp", "symbolic link"));
  CHECK(read_text(victim + "/top.cpp") == "keep");
}

}  // namespace
}  // namespace loom::test

namespace loom::test {
namespace {

// feed_first.h's feeder and cell, K = 8: the cell takes one word of its fed
// row, then waits for the chain, which the feeder writes only after the whole
// row; it fits when the fed FIFO holds K - 1 words.
Result<hls::Project> feed_first(const std::string& region_name, int64_t depth) {
  ParameterSet params;
  params.param("K", 8, 1, 64, "words a row");
  params.param("QD", depth, 1, 64, "FIFO depth");
  Architecture arch(region_name, params);
  Handle src = arch.argument<systolic::Value>("src", "K", "the row");
  Handle dst = arch.argument<systolic::Value>("dst", "K", "the row doubled");
  Handle fed = arch.channel<systolic::Value>("fed", one(), "QD", "the row, first");
  Handle chain = arch.channel<systolic::Value>("chain", one(), "QD", "the row, forwarded");
  place<systolic::Feeder>(arch, "feeder", one())
      .bind(systolic::Feeder::src, src())
      .bind(systolic::Feeder::to_cell, fed())
      .bind(systolic::Feeder::onward, chain());
  place<systolic::Cell>(arch, "cell", one())
      .bind(systolic::Cell::fed, fed())
      .bind(systolic::Cell::chain, chain())
      .bind(systolic::Cell::dst, dst());
  auto region = arch.compose();
  REQUIRE(region.ok());
  std::vector<systolic::Value> row(8), doubled(8);
  for (int i = 0; i < 8; ++i) {
    row[static_cast<size_t>(i)].set_lane(0, 3 * i - 7);
    doubled[static_cast<size_t>(i)].set_lane(0, 2 * (3 * i - 7));
  }
  return hls::emit(region.value(), {}, {}, {{"row", {{"src", Buffer::of(row)}}, {{"dst", Buffer::of(doubled)}}}});
}

TEST_CASE("a region that deadlocks at its depths is not emitted: refused at 2 and 4, emitted at 8", "[hls]") {
  for (int64_t depth : {2, 4}) {
    auto refused = feed_first("grid", depth);
    INFO("depth " << depth << ": " << (refused.ok() ? "emitted" : refused.status().to_string()));
    REQUIRE(!refused.ok());
    CHECK(has_error(refused.status(), "hls-deadlock", "test run 'row'", "wait-for cycle feeder -> cell -> feeder"));
  }
  // K - 1 = 7 words is the least the fed FIFO needs.
  CHECK(!feed_first("grid", 6).ok());
  CHECK(feed_first("grid", 7).ok());
  auto emitted = feed_first("grid", 8);
  INFO((emitted.ok() ? "" : emitted.status().to_string()));
  CHECK(emitted.ok());
}

TEST_CASE("a top that would collide with a name the unit headers declare at global scope is refused, naming both", "[hls]") {
  auto refused = feed_first("systolic", 8);
  REQUIRE(!refused.ok());
  INFO(refused.status().to_string());
  CHECK(has_error(refused.status(), "hls-name-collision", "region 'systolic'",
                  "its top function, extern \"C\" void 'systolic' would collide with the namespace 'systolic' that "
                  "tests/hls/feed_first.h:11 declares at global scope"));
  // The C library the project includes, and the testbench's own names: a
  // collision refused, a name the emitted code keeps for itself renamed.
  auto exits = feed_first("exit", 8);
  REQUIRE(!exits.ok());
  CHECK(has_error(exits.status(), "hls-name-collision", "region 'exit'", "the C library name 'exit' that <stdlib.h>"));
  auto stand_in = feed_first("ap_storage", 8);
  REQUIRE(!stand_in.ok());
  CHECK(has_error(stand_in.status(), "hls-name-collision", "region 'ap_storage'", "that units/ap_int.h:"));
  auto after_shift = feed_first("feed_first_global", 8);
  REQUIRE(!after_shift.ok());
  CHECK(has_error(after_shift.status(), "hls-name-collision", "region 'feed_first_global'",
                  "the function or variable 'feed_first_global' that tests/hls/feed_first.h:"));
  for (const std::string own : {"LoomRun", "loom_run", "kLoomRuns"}) {
    auto renamed = feed_first(own, 8);
    REQUIRE(renamed.ok());
    CHECK(renamed.value().top != own);
  }
  // A unit's name inside its namespace does not collide: DotTree's region is
  // named like loom::dottree.
  CHECK(feed_first("Cell", 8).ok());
  CHECK(emit_machine("dottree", {}).project.top == "dottree");
}

TEST_CASE("every argument's m_axi element is a power of two of at least 8 bits, the word padded inside", "[hls]") {
  // DotTree at 32 lanes: X and W are 32 x 21 = 672-bit words, S 42 bits, H 84 bits.
  const Emitted e = emit_machine("dottree", {{"RED_LANES", 32}});
  const std::string& top = e.project.files.at("loom_top.h");
  const std::regex pointer(R"re(ap_uint<(\d+)>\* (\w+))re");
  const std::string signature = top.substr(top.find("extern \"C\""));
  int arguments = 0;
  for (auto it = std::sregex_iterator(signature.begin(), signature.end(), pointer); it != std::sregex_iterator(); ++it) {
    const int bits = std::stoi((*it)[1]);
    ++arguments;
    INFO((*it)[2]);
    CHECK(bits >= 8);
    CHECK((bits & (bits - 1)) == 0);
    for (const ArgumentInstance& a : e.region.arguments)
      if (a.name == (*it)[2]) {
        CHECK(bits >= a.word.bits());
        CHECK(bits < 2 * a.word.bits());  // the least such width
        // The layout a host program uses is stated beside the signature.
        CHECK(top.find("//   " + a.name + " (m_axi): " + std::to_string(a.size) + " elements of ap_uint<" + std::to_string(bits) +
                       "> (" + std::to_string(bits / 8) + " bytes each), word " + a.word.to_string()) != std::string::npos);
      }
  }
  CHECK(arguments == static_cast<int>(e.region.arguments.size()));
}

}  // namespace
}  // namespace loom::test
