// The emitted projects run: each machine and configuration is emitted, its
// kernel and testbench compiled as C++14 by g++ (-Wall -Wextra -Werror) and by
// clang++, and its C-simulation testbench run; it must pass, and fail when one
// expected bit is wrong. Vitis is not installed here: this is the evidence.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <algorithm>
#include <map>
#include <regex>
#include <set>
#include <vector>

#include "compose/place.h"
#include "compose/sim/fifo_timing.h"
#include "compose/sim/simulator.h"
#include "machines/nonblocking/drop_producer.h"
#include "machines/nonblocking/dropper.h"
#include "machines/nonblocking/schedule.h"
#include "machines/nonblocking/summer.h"
#include "tests/hls/copy.h"
#include "tests/hls/ordered_copy.h"
#include "tests/hls/emitted.h"
#include "tests/hls/quiet.h"

namespace loom::test {
namespace {

struct Csim {
  int status;
  std::string log;
};

Csim csim(const std::string& dir, const std::string& compiler, const std::string& extra = "") {
  const std::string log = dir + "/csim-" + compiler + ".log";
  const int status =
      std::system(("make -C '" + dir + "' clean csim CXX=" + compiler + " " + extra + " > '" + log + "' 2>&1").c_str());
  return {status, read_text(log)};
}

void passes(const std::string& machine, const Overrides& overrides, const std::string& name) {
  const Emitted e = emit_machine(machine, overrides);
  const std::string dir = scratch(name);
  REQUIRE(hls::write_project(e.project, dir).ok());
  for (const std::string compiler : {"g++", "clang++"}) {
    const Csim run = csim(dir, compiler);
    INFO(compiler << ":\n" << run.log);
    CHECK(run.status == 0);
    CHECK(run.log.find("LOOM CSIM PASS") != std::string::npos);
  }
}

TEST_CASE("the example's project C-simulates and passes at several T and N, with both compilers", "[hls][csim]") {
  passes("example", {{"T", 4}}, "example_t4");
  passes("example", {{"T", 8}, {"N", 5}}, "example_t8_n5");
  passes("example", {{"T", 32}, {"N", 3}, {"K", 100}}, "example_t32_n3");
}

TEST_CASE("the tutorial's matvec project C-simulates and passes at both lane counts, with both compilers", "[hls][csim]") {
  passes("matvec", {{"T", 4}, {"R", 3}, {"C", 4}}, "matvec_t4");
  passes("matvec", {{"T", 8}, {"R", 1}, {"C", 1}, {"K", 1}}, "matvec_t8_one_word");
}

// ap_memory, scalars in and out and a feedback loop, as Vivado IP.
TEST_CASE("reqresp's project C-simulates and passes, with both compilers", "[hls][csim]") {
  passes("reqresp", {{"K", 2025}}, "reqresp_2025");
  passes("reqresp", {{"K", 1}, {"QD", 1}}, "reqresp_one");
}

// A region with non-blocking accesses: C simulation runs to its end with both
// compilers and passes, saying how many of its words are timing's; built as
// co-simulation's testbench is (LOOM_COSIM), the same run is held to Loom's
// simulated values, which a sequential run does not meet, and fails.
void passes_untimed(const std::string& machine, const Overrides& overrides, const std::string& name) {
  const Emitted e = emit_machine(machine, overrides);
  const std::string dir = scratch(name);
  REQUIRE(hls::write_project(e.project, dir).ok());
  for (const std::string compiler : {"g++", "clang++"}) {
    const Csim run = csim(dir, compiler);
    INFO(compiler << ":\n" << run.log);
    CHECK(run.status == 0);
    CHECK(run.log.find("LOOM CSIM NOTE: non-blocking accesses (") != std::string::npos);
    CHECK(run.log.find("which only co-simulation confirms") != std::string::npos);
    CHECK(run.log.find("LOOM CSIM PASS") != std::string::npos);
    CHECK(run.log.find(" of them timing's (see the NOTE)") != std::string::npos);
    const Csim strict = csim(dir, compiler, "CXXFLAGS=-DLOOM_COSIM");
    INFO(strict.log);
    CHECK(strict.status != 0);
    CHECK(strict.log.find("LOOM CSIM FAIL") != std::string::npos);
    CHECK(strict.log.find("MISMATCH run") != std::string::npos);
  }
}

TEST_CASE("the non-blocking machines' projects C-simulate with both compilers, their timing's words told apart",
          "[hls][csim][nonblocking]") {
  passes_untimed("dropper", {{"K", 300}}, "dropper_300");
  passes_untimed("dispatch", {{"K", 300}}, "dispatch_300");
  passes_untimed("fetch", {{"N", 200}}, "fetch_200");
}

TEST_CASE("DotTree's project C-simulates under both numerics and several lane counts, with both compilers", "[hls][csim]") {
  passes("dottree", {}, "dottree_exact_8");
  passes("dottree", {{"RED_LANES", 32}, {"ROWS", 40}}, "dottree_exact_32");
  passes("dottree", {{"RED_LANES", 8}, {"RED_IN_BITS", 24}}, "dottree_exact_8_24");
  passes("dottree", {{"NUMERICS", 1}}, "dottree_rounding_8");
  passes("dottree", {{"NUMERICS", 1}, {"RED_LANES", 2}, {"ROWS", 3}}, "dottree_rounding_2");
}

TEST_CASE("TinyTPU's project C-simulates every bench GEMM and vadd_program at T=4, MAXDIM=16", "[hls][csim]") {
  const Emitted e = emit_machine("tinytpu", {{"T", 4}, {"MAXDIM", 16}});
  // Every bench GEMM, looped and flat, with and without ReLU, and vadd_program.
  const std::string& data = e.project.files.at("loom_tb_data.h");
  for (const std::string shape : {"4x4x4", "8x8x8", "12x12x12", "16x16x8", "16x16x16"})
    for (const std::string variant : {"", " relu"})
      for (const std::string form : {" looped", " flat"})
        CHECK(data.find("\"gemm " + shape + variant + form + "\"") != std::string::npos);
  CHECK(data.find("\"vadd_program 8x8x8\"") != std::string::npos);
  passes("tinytpu", {{"T", 4}, {"MAXDIM", 16}}, "tinytpu_t4");
}

TEST_CASE("TinyTPU's project C-simulates its bench sample at T=8, MAXDIM=64", "[hls][csim]") {
  passes("tinytpu", {{"T", 8}, {"MAXDIM", 64}}, "tinytpu_t8");
}

// The testbench's expected words, parsed out of loom_tb_data.h: each run's
// name, and per argument its expected array and limbs per word.
struct ExpectedArray {
  std::string run, argument, array;
  int limbs = 0, element_bits = 0;  // a word's limbs; the testbench element's bits
  int64_t words = 0;
};

std::vector<ExpectedArray> expected_arrays(const Emitted& e) {
  const std::string& data = e.project.files.at("loom_tb_data.h");
  const std::string& tb = e.project.files.at("tb.cpp");
  std::vector<std::string> runs, names;
  const std::regex run(R"re(\n    \{"([^"]*)")re"), arg(R"re(static ap_uint<\d+> loom_arg_(\w+)\[\d+\];  // ([^\n]*)\n)re");
  for (auto it = std::sregex_iterator(data.begin(), data.end(), run); it != std::sregex_iterator(); ++it) runs.push_back((*it)[1]);
  std::map<std::string, std::string> name_of;
  for (auto it = std::sregex_iterator(tb.begin(), tb.end(), arg); it != std::sregex_iterator(); ++it) name_of[(*it)[1]] = (*it)[2];
  std::vector<ExpectedArray> out;
  const std::regex array(R"re(static const uint64_t run(\d+)_(\w+)_expected\[\] = \{([^}]*)\};)re");
  for (auto it = std::sregex_iterator(data.begin(), data.end(), array); it != std::sregex_iterator(); ++it) {
    const std::string name = name_of.at((*it)[2]);
    int bits = 0;
    for (const ArgumentInstance& a : e.region.arguments)
      if (a.name == name) bits = a.word.bits();
    const std::string limbs = (*it)[3];
    const int64_t count = std::count(limbs.begin(), limbs.end(), 'x');
    int element = 8;  // a power of two, at least 8 (UG1448)
    while (element < bits) element *= 2;
    ExpectedArray x{runs.at(std::stoul((*it)[1])), name, "run" + (*it)[1].str() + "_" + (*it)[2].str() + "_expected",
                    (bits + 63) / 64, element, 0};
    x.words = count / x.limbs;
    out.push_back(x);
  }
  return out;
}

// Where limb `index` of the expected array `array` is written in the data,
// and its value there.
size_t limb_at(const std::string& data, const std::string& array, int64_t index) {
  size_t at = data.find("0x", data.find("static const uint64_t " + array + "[] = {"));
  for (int64_t k = 0; k < index; ++k) at = data.find("0x", at + 2);
  REQUIRE(at != std::string::npos);
  return at;
}
uint64_t limb(const std::string& data, size_t at) { return std::stoull(data.substr(at + 2, 16), nullptr, 16); }
void set_limb(std::string& data, size_t at, uint64_t value) {
  char text[19];
  std::snprintf(text, sizeof text, "0x%016llx", static_cast<unsigned long long>(value));
  data.replace(at, 18, text);
}

// Flips bit 5 of limb `limb` of word `word` of the expected array `array`.
void corrupt(std::string& data, const std::string& array, int limbs, int64_t word, int limb_index) {
  const size_t at = limb_at(data, array, word * limbs + limb_index);
  set_limb(data, at, limb(data, at) ^ (uint64_t{1} << 5));
}

// One expected bit wrong at every class of position at once: the first and
// last run, every output argument, each one's first and last row, and the
// first, a middle and the last limb of its words. Each is its own word, so
// each must be reported, naming its run, argument, row and bits.
void every_position_fails(const std::string& machine, const Overrides& overrides, const std::string& name) {
  Emitted e = emit_machine(machine, overrides);
  const std::vector<ExpectedArray> arrays = expected_arrays(e);
  REQUIRE_FALSE(arrays.empty());
  const std::string first = arrays.front().run, last = arrays.back().run;
  REQUIRE(first != last);
  std::string& data = e.project.files.at("loom_tb_data.h");
  std::vector<std::string> wanted;
  std::set<std::string> arguments;
  for (const ExpectedArray& x : arrays) {
    if (x.run != first && x.run != last) continue;
    const bool is_first = x.run == first;
    if (!is_first && arguments.count(x.argument) == 0) FAIL("argument " << x.argument << " is expected only in the last run");
    arguments.insert(x.argument);
    // First run: row 0 at the first limb, the last row at a middle one; last
    // run: row 0 and the last row at the last limb.
    std::vector<std::pair<int64_t, int>> at = is_first
                                                  ? std::vector<std::pair<int64_t, int>>{{0, 0}, {x.words - 1, x.limbs / 2}}
                                                  : std::vector<std::pair<int64_t, int>>{{0, x.limbs - 1}, {x.words - 1, x.limbs - 1}};
    for (const auto& [word, limb] : at) {
      corrupt(data, x.array, x.limbs, word, limb);
      const int lo = 64 * limb, hi = std::min(lo + 63, x.element_bits - 1);
      wanted.push_back("MISMATCH run '" + x.run + "' " + x.argument + "[" + std::to_string(word) + "] bits " +
                       std::to_string(lo) + ".." + std::to_string(hi) + ":");
    }
  }
  REQUIRE(wanted.size() < 10);  // the testbench lists the first ten
  const std::string dir = scratch(name);
  REQUIRE(hls::write_project(e.project, dir).ok());
  const Csim run = csim(dir, "g++");
  INFO(run.log);
  CHECK(run.status != 0);
  CHECK(run.log.find("LOOM CSIM FAIL: " + std::to_string(wanted.size()) + " of") != std::string::npos);
  for (const std::string& line : wanted) {
    INFO(line);
    CHECK(run.log.find(line) != std::string::npos);
  }
}

TEST_CASE("a wrong expected bit at every class of position makes the testbench fail, each named", "[hls][csim]") {
  // TinyTPU at T=8: C's words are 256 bits, four limbs; its runs, many.
  every_position_fails("tinytpu", {{"T", 8}, {"MAXDIM", 16}}, "tinytpu_corrupt");
  // DotTree: two output arguments, S and H.
  every_position_fails("dottree", {}, "dottree_corrupt");
}

// DotTree under ROUNDING with IEEE specials in its runs (seeds 2 and 5), two
// lanes so that a tap is one product and zeros reach it. The testbench
// compares its taps by common/binary32.h's rule: an expected NaN passes as
// any NaN, and fails as a number; an expected number fails as a NaN; an
// expected zero fails as the other zero.
TEST_CASE("the testbench compares binary32 outputs by the float rule, each rule both ways", "[hls][csim]") {
  const Overrides overrides = {{"NUMERICS", 1}, {"RED_LANES", 2}, {"ROWS", 64}};
  Emitted e = emit_machine("dottree", overrides);
  const MachineEntry& dottree = *find_machine("dottree").value();
  std::vector<hls::TestRun> runs;
  for (uint64_t seed : {2, 5}) {
    auto work = dottree.workload(e.region, seed);
    REQUIRE(work.ok());
    runs.push_back({work.value().description, work.value().inputs, work.value().expected, work.value().binary32});
  }
  auto project = hls::emit(e.region, {}, {}, runs);
  INFO(project.status().to_string());
  REQUIRE(project.ok());
  e.project = project.value();
  // Each 32-bit lane of each expected word, by what it holds.
  struct Lane {
    ExpectedArray array;
    int64_t word;
    int half;
    uint32_t bits;
  };
  std::vector<Lane> nans, zeros, numbers;
  const std::string& original = e.project.files.at("loom_tb_data.h");
  for (const ExpectedArray& x : expected_arrays(e))
    for (int64_t w = 0; w < x.words; ++w)
      for (int half = 0; half < 2 && 32 * half < x.limbs * 64; ++half) {
        const uint32_t bits = static_cast<uint32_t>(limb(original, limb_at(original, x.array, w)) >> (32 * half));
        const bool nan = (bits & 0x7f800000u) == 0x7f800000u && (bits & 0x007fffffu) != 0;
        if (x.argument == "H" || half == 0) (nan ? nans : (bits & 0x7fffffffu) == 0 ? zeros : numbers).push_back({x, w, half, bits});
      }
  REQUIRE_FALSE(nans.empty());
  REQUIRE_FALSE(zeros.empty());
  REQUIRE_FALSE(numbers.empty());
  const auto with_lane = [](std::string& data, const Lane& lane, uint32_t bits) {
    const size_t at = limb_at(data, lane.array.array, lane.word);
    const uint64_t mask = uint64_t{0xffffffffu} << (32 * lane.half);
    set_limb(data, at, (limb(data, at) & ~mask) | (uint64_t{bits} << (32 * lane.half)));
  };

  // Every expected NaN made another NaN, its sign flipped and its payload changed: it passes.
  hls::Project renamed = e.project;
  for (const Lane& lane : nans) with_lane(renamed.files.at("loom_tb_data.h"), lane, (lane.bits ^ 0x80000000u) ^ 0x00012345u);
  const std::string pass_dir = scratch("dottree_nan_payloads");
  REQUIRE(hls::write_project(renamed, pass_dir).ok());
  const Csim passes = csim(pass_dir, "g++");
  INFO(passes.log);
  CHECK(passes.status == 0);
  CHECK(passes.log.find("LOOM CSIM PASS") != std::string::npos);

  // A NaN made a number, a number a NaN, a zero the other zero: each named.
  hls::Project wrong = e.project;
  std::string& data = wrong.files.at("loom_tb_data.h");
  const Lane* picked[] = {&nans.front(), &numbers.front(), &zeros.front()};
  const uint32_t made[] = {0x3f800000u, 0x7fc00000u, zeros.front().bits ^ 0x80000000u};
  for (int k = 0; k < 3; ++k) with_lane(data, *picked[k], made[k]);
  const std::string fail_dir = scratch("dottree_float_wrong");
  REQUIRE(hls::write_project(wrong, fail_dir).ok());
  const Csim fails = csim(fail_dir, "g++");
  INFO(fails.log);
  CHECK(fails.status != 0);
  for (const Lane* lane : picked)
    CHECK(fails.log.find("MISMATCH run '" + lane->array.run + "' " + lane->array.argument + "[" + std::to_string(lane->word) + "]") !=
          std::string::npos);
}

// A region of two parts no channel joins: the dropper's producer (write_nb)
// and its consumer, which writes OUT; and a copy from X to Y, which no
// non-blocking access reaches. Only OUT is the RTL's timing's.
Region drop_beside_copy(int64_t k) {
  ParameterSet params;
  params.param("K", k, 1, 1000, "values offered; words copied");
  Architecture arch("drop_beside_copy", params);
  using nonblocking::DropProducer;
  using Consumer = nonblocking::Summer<nonblocking::kDropperConsumerII>;
  Handle q = arch.channel<nonblocking::Value>("q", one(), 2, "values that got in, then the sentinel 0");
  Handle out = arch.scalar<nonblocking::Pair>("OUT", Protocol::ap_vld, "[sum, count] of what got through");
  Handle x = arch.argument<Word<3, 12>>("X", "K", "copied");
  Handle y = arch.argument<Word<3, 12>>("Y", "K", "X reversed, lane 1 plus one");
  place<DropProducer>(arch, "producer", one()).bind(DropProducer::out, q());
  place<Consumer>(arch, "consumer", one()).bind(Consumer::in, q()).bind(Consumer::OUT, out());
  Handle r = arch.memory<Word<3, 12>>("r", "K");
  place<HlsCopy>(arch, "copy", one()).bind(HlsCopy::src, x()).bind(HlsCopy::dst, y()).bind(HlsCopy::r, r());
  auto region = arch.compose();
  INFO(region.status().to_string());
  REQUIRE(region.ok());
  return region.value();
}

// drop_beside_copy's contents, derived by hand: X, and what Y and OUT end with.
struct DropBesideCopyValues {
  Buffer x, y, out;
};

DropBesideCopyValues drop_beside_copy_values(int64_t k) {
  // X[i] = [i, 2000 + i, -i]; HlsCopy writes Y[i] = X[K - 1 - i] with lane 1
  // plus one, wrapping at 12 bits (2047 + 1 is -2048).
  std::vector<Word<3, 12>> xs(k), ys(k);
  for (int64_t i = 0; i < k; ++i) {
    xs[static_cast<size_t>(i)].set_lane(0, i);
    xs[static_cast<size_t>(i)].set_lane(1, 2000 + i);
    xs[static_cast<size_t>(i)].set_lane(2, -i);
  }
  for (int64_t i = 0; i < k; ++i) {
    const int64_t from = k - 1 - i, lane1 = 2000 + from + 1;
    ys[static_cast<size_t>(i)].set_lane(0, from);
    ys[static_cast<size_t>(i)].set_lane(1, lane1 > 2047 ? lane1 - 4096 : lane1);
    ys[static_cast<size_t>(i)].set_lane(2, -from);
  }
  // OUT: what gets through a FIFO of 2 to a consumer at II 3, by the
  // hand-derived schedule (machines/nonblocking/schedule.h), as the dropper's
  // workload has it; a sequential C simulation keeps all K instead.
  const std::vector<int64_t> trips = nonblocking::accepted_trips(k, 2, nonblocking::kDropperConsumerII,
                                                                 read_after_write(nonblocking::Value::bits, 2));
  REQUIRE(static_cast<int64_t>(trips.size()) < k);
  std::vector<nonblocking::Pair> out(1);
  int64_t sum = 0;
  for (int64_t t : trips) sum += t + 1;
  out[0].set_lane(0, sum);
  out[0].set_lane(1, static_cast<int64_t>(trips.size()));
  return {Buffer::of(xs), Buffer::of(ys), Buffer::of(out)};
}

// One wrong bit of Y's expected last word fails C simulation of `project`
// (drop_beside_copy at `k`, one run), by name: no non-blocking access
// reaches Y, so it is not exempt.
void wrong_y_fails(const Region& region, const hls::Project& project, int64_t k, const std::string& name) {
  hls::Project wrong = project;
  Emitted e{region, wrong};
  const std::vector<ExpectedArray> arrays = expected_arrays(e);
  const auto y = std::find_if(arrays.begin(), arrays.end(), [](const ExpectedArray& a) { return a.argument == "Y"; });
  REQUIRE(y != arrays.end());
  REQUIRE(y->words == k);
  corrupt(wrong.files.at("loom_tb_data.h"), y->array, y->limbs, k - 1, 0);
  const std::string wrong_dir = scratch(name);
  REQUIRE(hls::write_project(wrong, wrong_dir).ok());
  const Csim fails = csim(wrong_dir, "g++");
  INFO(fails.log);
  CHECK(fails.status != 0);
  CHECK(fails.log.find("MISMATCH run '" + y->run + "' Y[" + std::to_string(k - 1) + "] bits 0..63:") != std::string::npos);
  CHECK(fails.log.find("LOOM CSIM FAIL: 1 of " + std::to_string(k + 1) + " words differ") != std::string::npos);
}

TEST_CASE("the testbench exempts only the outputs a non-blocking access reaches; the others are compared in C simulation",
          "[hls][csim][nonblocking]") {
  constexpr int64_t k = 40;
  const Region region = drop_beside_copy(k);
  const DropBesideCopyValues v = drop_beside_copy_values(k);
  const hls::TestRun run{"drop beside copy", {{"X", v.x}}, {{"OUT", v.out}, {"Y", v.y}}};
  hls::Options options;
  options.flow = hls::natural_flow(region);  // OUT is ap_vld: Vivado IP
  auto project = hls::emit(region, options, {}, {run});
  INFO(project.status().to_string());
  REQUIRE(project.ok());
  const std::string& tb = project.value().files.at("tb.cpp");
  INFO(tb);
  CHECK(tb.find("Non-blocking accesses (producer): the words of OUT are the RTL's timing's.") != std::string::npos);

  // As emitted: OUT's one word differs in C simulation and is counted as
  // timing's; Y is compared and matches.
  const std::string dir = scratch("drop_beside_copy");
  REQUIRE(hls::write_project(project.value(), dir).ok());
  const Csim plain = csim(dir, "g++");
  INFO(plain.log);
  CHECK(plain.status == 0);
  CHECK(plain.log.find("non-blocking accesses (producer): the words of OUT depend on when each access happens") !=
        std::string::npos);
  CHECK(plain.log.find("; 1 of its words differ from Loom's simulated values") != std::string::npos);
  CHECK(plain.log.find("LOOM CSIM PASS: 1 runs, " + std::to_string(k + 1) + " words compared, 1 of them timing's") !=
        std::string::npos);
  // Built as co-simulation's testbench is, OUT is held to the RTL's timing.
  const Csim cosim = csim(dir, "g++", "CXXFLAGS=-DLOOM_COSIM");
  INFO(cosim.log);
  CHECK(cosim.status != 0);
  CHECK(cosim.log.find("MISMATCH run 'drop beside copy' OUT[0]") != std::string::npos);
  CHECK(cosim.log.find("MISMATCH run 'drop beside copy' Y[") == std::string::npos);

  wrong_y_fails(region, project.value(), k, "drop_beside_copy_wrong_y");
}

// A timing-dependent design has no plain C++ reference (docs/hls.md, "A
// design with no reference"): a run that expects nothing is emitted against
// Loom's simulated outputs, and says so.
TEST_CASE("a non-blocking design whose run expects nothing is emitted with Loom's simulated outputs, said so, and "
          "C-simulates",
          "[hls][csim][nonblocking]") {
  constexpr int64_t k = 40;
  const Region region = drop_beside_copy(k);
  const DropBesideCopyValues v = drop_beside_copy_values(k);
  hls::Options options;
  options.flow = hls::natural_flow(region);  // OUT is ap_vld: Vivado IP
  auto project = hls::emit(region, options, {}, {{"no reference", {{"X", v.x}}, {}}});
  INFO(project.status().to_string());
  REQUIRE(project.ok());
  const std::string& tb = project.value().files.at("tb.cpp");
  const std::string& data = project.value().files.at("loom_tb_data.h");
  INFO(tb);
  CHECK(tb.find("// The expected values of run 'no reference' are Loom's simulated outputs, not an independent "
                "reference:") != std::string::npos);
  CHECK(tb.find("printf(\"LOOM CSIM NOTE: the expected values of run 'no reference' are Loom's simulated outputs, not "
                "an independent reference") != std::string::npos);
  CHECK(data.find("// Run 'no reference' expects Loom's simulated outputs, not an independent reference") !=
        std::string::npos);

  // The expected words are every output's, limb for limb those of an
  // independent simulate() of the same inputs; and Y's and OUT's are the
  // hand-derived ones, so a simulator that computed them wrong is not what
  // the testbench was given either.
  auto simulated = simulate(region, {{"X", v.x}});
  REQUIRE(simulated.ok());
  INFO(simulated.value().summary());
  REQUIRE(simulated.value().ok());
  CHECK(simulated.value().arguments.at("Y") == v.y);
  CHECK(simulated.value().arguments.at("OUT") == v.out);
  const Emitted e{region, project.value()};
  std::set<std::string> expected;
  for (const ExpectedArray& x : expected_arrays(e)) {
    INFO(x.argument);
    expected.insert(x.argument);
    const Buffer& want = simulated.value().arguments.at(x.argument);
    REQUIRE(x.words == want.rows());
    REQUIRE(static_cast<unsigned>(x.limbs) == want.stride());
    for (int64_t w = 0; w < x.words; ++w)
      for (int l = 0; l < x.limbs; ++l) {
        INFO("word " << w << " limb " << l);
        CHECK(limb(data, limb_at(data, x.array, w * x.limbs + l)) == want.row(w)[static_cast<unsigned>(l)]);
      }
  }
  CHECK(expected == std::set<std::string>{"OUT", "Y"});  // the outputs; X, which only the copy reads, is not one

  // C simulation passes, saying whose values it compared with; OUT, the
  // timing's, is counted apart as in any non-blocking region.
  const std::string dir = scratch("drop_beside_copy_simulated");
  REQUIRE(hls::write_project(project.value(), dir).ok());
  const Csim plain = csim(dir, "g++");
  INFO(plain.log);
  CHECK(plain.status == 0);
  CHECK(plain.log.find("LOOM CSIM NOTE: the expected values of run 'no reference' are Loom's simulated outputs, not "
                       "an independent reference") != std::string::npos);
  CHECK(plain.log.find("LOOM CSIM PASS: 1 runs, " + std::to_string(k + 1) + " words compared, 1 of them timing's") !=
        std::string::npos);
  // One wrong simulated value would be caught.
  wrong_y_fails(region, project.value(), k, "drop_beside_copy_simulated_wrong_y");

  // A run that gives expected values is held to them, non-blocking or not:
  // only a run that expects nothing takes the simulator's.
  auto wrong = hls::emit(region, options, {}, {{"wrong Y", {{"X", v.x}}, {{"Y", Buffer(v.y.word(), k)}}}});
  CHECK(has_error(wrong.status(), "hls-test-mismatch", "test run 'wrong Y' argument 'Y'", "leaves other contents"));
}

// The dropper beside a request/response loop that reads before it asks: a
// timing-dependent region whose every run deadlocks.
Region drop_beside_deadlock() {
  ParameterSet params;
  params.param("K", 6, 1, 1000, "values offered; requests");
  Architecture arch("drop_beside_deadlock", params);
  using nonblocking::DropProducer;
  using Consumer = nonblocking::Summer<nonblocking::kDropperConsumerII>;
  Handle q = arch.channel<nonblocking::Value>("q", one(), 2, "values that got in, then the sentinel 0");
  Handle out = arch.argument<nonblocking::Pair>("OUT", "1", "[sum, count] of what got through");
  place<DropProducer>(arch, "producer", one()).bind(DropProducer::out, q());
  place<Consumer>(arch, "consumer", one()).bind(Consumer::in, q()).bind(Consumer::OUT, out());
  Handle req = arch.channel<Word<1, 32>>("req", one(), 2, "requests");
  Handle resp = arch.channel<Word<1, 32>>("resp", one(), 2, "replies");
  Handle sum = arch.argument<Word<1, 32>>("SUM", "1", "the replies' sum");
  place<HlsReplyFirst>(arch, "asker", one())
      .bind(HlsReplyFirst::req, req())
      .bind(HlsReplyFirst::resp, resp())
      .bind(HlsReplyFirst::sum, sum());
  place<HlsAnswerer>(arch, "answerer", one()).bind(HlsAnswerer::req, req()).bind(HlsAnswerer::resp, resp());
  auto region = arch.compose();
  INFO(region.status().to_string());
  REQUIRE(region.ok());
  return region.value();
}

TEST_CASE("a non-blocking design whose run expects nothing and deadlocks is refused, naming the run and why",
          "[hls][nonblocking]") {
  const Region region = drop_beside_deadlock();
  auto project = hls::emit(region, {}, {}, {{"no reference", {}, {}}});
  REQUIRE(!project.ok());
  INFO(project.status().to_string());
  CHECK(has_error(project.status(), "hls-deadlock", "test run 'no reference'", "wait-for cycle"));
  CHECK(has_error(project.status(), "hls-deadlock", "test run 'no reference'",
                  "it expects no output, and its outputs, which a non-blocking access reaches, have no reference but "
                  "Loom's simulation, so the testbench has nothing to compare"));
  CHECK(project.status().errors().size() == 1);
}

}  // namespace
}  // namespace loom::test

namespace loom::test {
namespace {

// The bench operands are small ([-4, 4]): the full-range runs and the edges are
// what catch a datapath narrower than it is declared, or a clip or ReLU moved.
TEST_CASE("the testbench fails a TinyTPU whose datapath or numerics were changed", "[hls][csim]") {
  const Emitted e = emit_machine("tinytpu", {{"T", 4}, {"MAXDIM", 16}});
  const std::vector<std::tuple<std::string, std::string, std::string>> mutants = {
      {"src/units/library/tinytpu/pe.h", "const Int<PsumBits> sum", "const Int<16> sum"},
      {"src/units/library/tinytpu/pe.h", "const Int<2 * design::kOperandBits> weight", "const Int<4> weight"},
      {"src/units/library/tinytpu/accu.h", "relu && s < 0", "relu && false"},
      {"src/units/library/tinytpu/accu.h", "v < 0 ? Int<d::kAccBits>(0) : v", "v < -1 ? Int<d::kAccBits>(0) : v"},
      {"src/units/library/tinytpu/accu.h", "v < d::kClipLo ? d::kClipLo", "v < -100 ? -100"},
  };
  for (const auto& [file, from, to] : mutants) {
    INFO(file << ": " << from << " -> " << to);
    hls::Project mutant = e.project;
    std::string& text = mutant.files.at(file);
    const size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
    const std::string dir = scratch("tinytpu_mutant");
    REQUIRE(hls::write_project(mutant, dir).ok());
    const Csim run = csim(dir, "g++");
    INFO(run.log);
    CHECK(run.status != 0);
    CHECK(run.log.find("LOOM CSIM FAIL") != std::string::npos);
  }
}

// A unit of the user's own, with 12-bit lanes, an II of 2 and a memory named
// `r`, through arguments named after C++ and testbench names.
TEST_CASE("a region of one's own units emits, and its C simulation passes", "[hls][csim]") {
  ParameterSet params;
  params.param("K", 5, 1, 64, "words copied");
  Architecture arch("main", params);
  Handle in = arch.argument<Word<3, 12>>("run", "K", "the words");
  Handle out = arch.argument<Word<3, 12>>("int", "K", "the words reversed, lane 1 plus one");
  Handle mem = arch.memory<Word<3, 12>>("r", "K");
  place<HlsCopy>(arch, "copy", one()).bind(HlsCopy::src, in()).bind(HlsCopy::dst, out()).bind(HlsCopy::r, mem());
  auto region = arch.compose();
  REQUIRE(region.ok());
  std::vector<Word<3, 12>> words(5), expected(5);
  for (int i = 0; i < 5; ++i) {
    words[static_cast<size_t>(i)].set_lane(0, -i);
    words[static_cast<size_t>(i)].set_lane(1, i == 2 ? 2047 : 100 * i);
    words[static_cast<size_t>(i)].set_lane(2, i);
  }
  for (int i = 0; i < 5; ++i) {
    expected[static_cast<size_t>(i)] = words[static_cast<size_t>(4 - i)];
    expected[static_cast<size_t>(i)].set_lane(1, words[static_cast<size_t>(4 - i)].lane_signed(1) + 1);
  }
  auto project = hls::emit(region.value(), {}, {}, {{"reverse", {{"run", Buffer::of(words)}}, {{"int", Buffer::of(expected)}}}});
  INFO(project.status().to_string());
  REQUIRE(project.ok());
  const Status synthesisable = hls::check_synthesisable(project.value(), region.value());
  INFO(synthesisable.to_string());
  CHECK(synthesisable.ok());
  const std::string dir = scratch("own_units");
  REQUIRE(hls::write_project(project.value(), dir).ok());
  for (const std::string compiler : {"g++", "clang++"}) {
    // CXXFLAGS adds to the flags C simulation needs; it does not replace them.
    const Csim run = csim(dir, compiler, "CXXFLAGS=-O0");
    INFO(compiler << ":\n" << run.log);
    CHECK(run.status == 0);
    CHECK(run.log.find("-std=c++14 -O1 -ffp-contract=off -Wall -Wextra -Werror -Wno-unknown-pragmas -pthread -O0") != std::string::npos);
    CHECK(run.log.find("LOOM CSIM PASS: 1 runs, 5 words compared, all equal") != std::string::npos);
  }
}

// A protocol region and a clock boundary (LOOM_PROTOCOL, LOOM_WAIT) compile
// for HLS, against Vitis's <ap_utils.h> or its stand-in, and simulate alike.
TEST_CASE("a unit that orders its accesses in a protocol region emits, and its C simulation passes", "[hls][csim]") {
  ParameterSet params;
  params.param("K", 6, 1, 64, "words copied");
  Architecture arch("ordered", params);
  Handle in = arch.argument<Word<3, 12>>("src", "K", "the words");
  Handle out = arch.argument<Word<3, 12>>("dst", "K", "the words, lane 2 plus one");
  place<HlsOrderedCopy>(arch, "ordered_copy", one()).bind(HlsOrderedCopy::src, in()).bind(HlsOrderedCopy::dst, out());
  auto region = arch.compose();
  REQUIRE(region.ok());
  std::vector<Word<3, 12>> words(6), expected(6);
  for (int i = 0; i < 6; ++i) {
    words[static_cast<size_t>(i)].set_lane(2, i == 3 ? 2047 : 7 * i - 20);
    expected[static_cast<size_t>(i)] = words[static_cast<size_t>(i)];
    expected[static_cast<size_t>(i)].set_lane(2, words[static_cast<size_t>(i)].lane_signed(2) + 1);
  }
  auto project = hls::emit(region.value(), {}, {}, {{"copy", {{"src", Buffer::of(words)}}, {{"dst", Buffer::of(expected)}}}});
  INFO(project.status().to_string());
  REQUIRE(project.ok());
  CHECK(project.value().files.count("standin/ap_utils.h") == 1);
  const std::string dir = scratch("ordered_copy");
  REQUIRE(hls::write_project(project.value(), dir).ok());
  for (const std::string compiler : {"g++", "clang++"}) {
    const Csim run = csim(dir, compiler);
    INFO(compiler << ":\n" << run.log);
    CHECK(run.status == 0);
    CHECK(run.log.find("LOOM CSIM PASS: 1 runs, 6 words compared, all equal") != std::string::npos);
  }
  // The pragma the macro places, as the preprocessor leaves it for Vitis.
  const std::string expanded = dir + "/expanded.txt";
  REQUIRE(std::system(("g++ -std=c++14 -E -I'" + dir + "/standin' -I'" + dir + "/src' '" + dir + "/top.cpp' > '" +
                       expanded + "' 2>&1")
                          .c_str()) == 0);
  std::ifstream text(expanded);
  const std::string preprocessed((std::istreambuf_iterator<char>(text)), std::istreambuf_iterator<char>());
  CHECK(preprocessed.find("#pragma HLS protocol fixed") != std::string::npos);
  CHECK(preprocessed.find("ap_wait()") != std::string::npos);
}

// Vitis's sequential C simulation runs a feedback loop wrong (the asker reads
// a reply no one has written yet); the emitted one runs both processes on
// threads and gets the sum co-simulation gets.
TEST_CASE("a request/response loop C-simulates concurrently and passes, with both compilers", "[hls][csim]") {
  constexpr int64_t kTrips = 2025;
  const Region region = round_trip(kTrips);
  int64_t total = 0;
  for (int64_t i = 0; i < kTrips; ++i) total += 2 * i;
  Word<1, 32> sum;
  sum.set_lane(0, total);
  auto project = hls::emit(region, {}, {}, {{"sum", {}, {{"SUM", Buffer::of(std::vector<Word<1, 32>>{sum})}}}});
  INFO(project.status().to_string());
  REQUIRE(project.ok());
  const std::string dir = scratch("round_trip");
  REQUIRE(hls::write_project(project.value(), dir).ok());
  for (const std::string compiler : {"g++", "clang++"}) {
    const Csim run = csim(dir, compiler);
    INFO(compiler << ":\n" << run.log);
    CHECK(run.status == 0);
    CHECK(run.log.find("LOOM CSIM NOTE: the channels form a cycle") != std::string::npos);
    CHECK(run.log.find("LOOM CSIM PASS: 1 runs, 1 words compared, all equal") != std::string::npos);
  }
  // A wrong sum fails: the threads really computed it.
  sum.set_lane(0, total + 2);
  auto wrong = hls::emit(region, {}, {}, {{"sum", {}, {{"SUM", Buffer::of(std::vector<Word<1, 32>>{sum})}}}});
  CHECK(!wrong.ok());  // Loom's own simulation refuses the run first
}

// HlsCopy's region with its arguments' m_axi timings, emitted with one run.
hls::Project copy_project(const AxiTiming& in_axi, const AxiTiming& out_axi) {
  ParameterSet params;
  params.param("K", 5, 1, 64, "words copied");
  Architecture arch("widen", params);
  Handle in = arch.argument<Word<3, 12>>("src", "K", "the words", in_axi);
  Handle out = arch.argument<Word<3, 12>>("dst", "K", "the words reversed, lane 1 plus one", out_axi);
  Handle mem = arch.memory<Word<3, 12>>("r", "K");
  place<HlsCopy>(arch, "copy", one()).bind(HlsCopy::src, in()).bind(HlsCopy::dst, out()).bind(HlsCopy::r, mem());
  auto region = arch.compose();
  REQUIRE(region.ok());
  std::vector<Word<3, 12>> words(5), expected(5);
  for (int i = 0; i < 5; ++i) words[static_cast<size_t>(i)].set_lane(0, 3 * i - 7);
  for (int i = 0; i < 5; ++i) {
    expected[static_cast<size_t>(i)] = words[static_cast<size_t>(4 - i)];
    expected[static_cast<size_t>(i)].set_lane(1, 1);
  }
  auto project = hls::emit(region.value(), {}, {}, {{"reverse", {{"src", Buffer::of(words)}}, {{"dst", Buffer::of(expected)}}}});
  INFO(project.status().to_string());
  REQUIRE(project.ok());
  return project.value();
}

// A Word<3, 12> is a 64-bit element: widened to 512 bits on 64-byte pointers
// (the Vitis kernel flow's defaults), to 128 on 16-byte ones, and not at all
// where the alignment allows no more than the element.
TEST_CASE("a widened argument's max_widen_bitwidth, the Tcl's alignment and the testbench's alignas appear exactly when "
          "declared, and the project C-simulates with both compilers", "[hls][csim][widen]") {
  struct Case {
    std::string name;
    AxiTiming in, out;
    std::vector<std::string> pragmas;  // each argument's max_widen_bitwidth, "" for none
    int tcl_alignment;                 // 0: no config_interface line
    std::vector<int> alignas_bytes;    // each array's, 0 for none
  };
  const std::vector<Case> cases = {
      {"unwidened", {}, {}, {"", ""}, 0, {0, 0}},
      {"widened", {.max_widen_bits = 512, .alignment_bytes = 64}, {.max_widen_bits = 512, .alignment_bytes = 16},
       {"512", "128"}, 64, {64, 64}},
      {"too_little_alignment", {.max_widen_bits = 512, .alignment_bytes = 4}, {.alignment_bytes = 32}, {"", ""}, 0, {4, 32}},
      {"one_of_two", {.max_widen_bits = 256, .alignment_bytes = 32}, {}, {"256", ""}, 32, {32, 32}},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    const hls::Project project = copy_project(c.in, c.out);
    const std::string &top = project.files.at("top.cpp"), &tcl = project.files.at("run_hls.tcl"),
                      &tb = project.files.at("tb.cpp"), &header = project.files.at("loom_top.h");
    const std::vector<std::string> ids = {"src", "dst"};
    for (size_t a = 0; a < ids.size(); ++a) {
      INFO("argument " << ids[a]);
      const std::string pragma = "#pragma HLS interface m_axi port=" + ids[a] + " bundle=gmem_" + ids[a] + " ";
      const size_t at = top.find(pragma);
      REQUIRE(at != std::string::npos);
      const std::string line = top.substr(at, top.find('\n', at) - at);
      const std::string widen = " max_widen_bitwidth=";
      if (c.pragmas[a].empty()) {
        CHECK(line.find(widen) == std::string::npos);
      } else {
        CHECK(line.substr(line.size() - widen.size() - c.pragmas[a].size()) == widen + c.pragmas[a]);
      }
      const std::string array = "static ap_uint<64> loom_arg_" + ids[a] + "[5];";
      CHECK(count(tb, array) == 1);
      if (c.alignas_bytes[a] == 0) {
        CHECK(count(tb, "\n" + array) == 1);
      } else {
        CHECK(count(tb, "\nalignas(" + std::to_string(c.alignas_bytes[a]) + ") alignas(ap_uint<64>) " + array) == 1);
      }
    }
    CHECK(count(top, "max_widen_bitwidth") == static_cast<int>(std::count_if(
                                                  c.pragmas.begin(), c.pragmas.end(), [](const std::string& p) { return !p.empty(); })));
    CHECK(count(tb, "alignas") == 2 * static_cast<int>(std::count_if(c.alignas_bytes.begin(), c.alignas_bytes.end(),
                                                                 [](int b) { return b != 0; })));
    // The global limit is always 0 (the Vitis flow's default would widen
    // every aligned port); only pragmas widen.
    if (c.tcl_alignment == 0) {
      CHECK(count(tcl, "config_interface") == 1);
      CHECK(count(tcl, "\nconfig_interface -m_axi_max_widen_bitwidth 0\ncsim_design\n") == 1);
      CHECK(count(header, "aligned to") == 0);
    } else {
      const std::string line = "\nconfig_interface -m_axi_max_widen_bitwidth 0 -m_axi_alignment_byte_size " +
                               std::to_string(c.tcl_alignment) + "\ncsim_design\n";
      CHECK(count(tcl, "config_interface") == 1);
      CHECK(count(tcl, line) == 1);
      CHECK(count(header, "Every argument's pointer is aligned to " + std::to_string(c.tcl_alignment) + " bytes") == 1);
    }
    const std::string dir = scratch("widen_" + c.name);
    REQUIRE(hls::write_project(project, dir).ok());
    for (const std::string compiler : {"g++", "clang++"}) {
      const Csim run = csim(dir, compiler);
      INFO(compiler << ":\n" << run.log);
      CHECK(run.status == 0);
      CHECK(run.log.find("LOOM CSIM PASS: 1 runs, 5 words compared, all equal") != std::string::npos);
    }
  }
}

}  // namespace
}  // namespace loom::test

namespace loom::test {
namespace {

// UG1399: a pragma's variable= is an expression in the scope the pragma stands
// in; one that names the wrong thing binds nothing, and no compiler but Vitis
// says so. The emitted top proves each: a static_assert after every pragma
// that names a variable (an array of the port's words, or the stream), and
// inside each claimed loop, that loom_mem_<port> is the owner's array.
TEST_CASE("every pragma's variable is proved, at compile time, an array or stream of the expected type", "[hls][csim]") {
  for (const auto& [machine, overrides] : std::vector<std::pair<std::string, Overrides>>{
           {"tinytpu", {}}, {"dottree", {}}, {"example", {}}, {"matvec", {}}}) {
    INFO(machine);
    const Emitted e = emit_machine(machine, overrides);
    const std::string& top = e.project.files.at("top.cpp");
    const std::regex pragma(R"re(\n#pragma HLS (\w+) variable=(\w+)[^\n]*\n([^\n]*)\n)re");
    int pragmas = 0;
    for (auto it = std::sregex_iterator(top.begin(), top.end(), pragma); it != std::sregex_iterator(); ++it, ++pragmas) {
      const std::string kind = (*it)[1], variable = (*it)[2], next = (*it)[3];
      INFO(kind << " " << variable << ": " << next);
      CHECK(next.find(std::string(kind == "stream" ? "LOOM_HLS_PROBE_STREAM(" : "LOOM_HLS_PROBE_ARRAY(") + variable + ", ") !=
            std::string::npos);
    }
    CHECK(pragmas == static_cast<int>(e.region.channels.size() + e.region.memories.size()));
    // A dependence pragma names the loop's binding of the memory.
    const std::regex dependence(R"re(LOOM_HLS_MEMORY\(io, (\w+)\) [^\n]*LOOM_PRAGMA\(HLS dependence variable=loom_mem_(\w+) )re");
    for (auto it = std::sregex_iterator(top.begin(), top.end(), dependence); it != std::sregex_iterator(); ++it)
      CHECK((*it)[1] == (*it)[2]);
  }

  // And each probe can fail: the compile stops with its message.
  const Emitted e = emit_machine("tinytpu", {});
  const std::vector<std::pair<std::string, std::string>> wrong = {
      {"LOOM_HLS_PROBE_ARRAY(spad, ap_uint<32>)", "LOOM_HLS_PROBE_ARRAY(spad, ap_uint<33>)"},
      {"LOOM_HLS_PROBE_STREAM(c_acc, ap_uint<64> )", "LOOM_HLS_PROBE_STREAM(c_acc, ap_uint<32> )"},
      // accu's loop binds loom_mem_ar to ar_, its context's array of 128-bit words.
      {"typedef ap_uint<128> ar_word;", "typedef ap_uint<64> ar_word;"},
  };
  for (const auto& [from, to] : wrong) {
    INFO(from << " -> " << to);
    hls::Project mutant = e.project;
    std::string& top = mutant.files.at("top.cpp");
    const size_t at = top.find(from);
    REQUIRE(at != std::string::npos);
    top.replace(at, from.size(), to);
    const std::string dir = scratch("tinytpu_probe");
    REQUIRE(hls::write_project(mutant, dir).ok());
    const Csim run = csim(dir, "g++");
    INFO(run.log);
    CHECK(run.status != 0);
    CHECK(run.log.find("loom: the variable a pragma names") != std::string::npos);
  }
}

}  // namespace
}  // namespace loom::test

namespace loom::test {
namespace {

// Outside namespace loom, `param_list()` had no argument to find
// loom::param_list by (GCC: "'param_list' was not declared in this scope").
TEST_CASE("a unit with no parameters outside namespace loom composes, simulates, and C-simulates as C++14",
          "[hls][csim]") {
  Architecture arch("quiet", ParameterSet());
  Handle src = arch.argument<elsewhere::QuietWord>("SRC", 4, "the words");
  Handle dst = arch.argument<elsewhere::QuietWord>("DST", 4, "the words, lane 1 negated");
  place<elsewhere::Quiet>(arch, "quiet", one()).bind(elsewhere::Quiet::src, src()).bind(elsewhere::Quiet::dst, dst());
  auto region = arch.compose();
  INFO(region.status().to_string());
  REQUIRE(region.ok());
  CHECK(region.value().processes[0].unit->params.empty());
  std::vector<elsewhere::QuietWord> words(4), expected(4);
  for (int i = 0; i < 4; ++i) {
    words[static_cast<size_t>(i)].set_lane(0, i);
    words[static_cast<size_t>(i)].set_lane(1, 7 * i - 11);
    expected[static_cast<size_t>(i)] = words[static_cast<size_t>(i)];
    expected[static_cast<size_t>(i)].set_lane(1, 11 - 7 * i);
  }
  auto sim = simulate(region.value(), {{"SRC", Buffer::of(words)}});
  REQUIRE(sim.ok());
  INFO(sim.value().summary());
  REQUIRE(sim.value().ok());
  CHECK(sim.value().arguments.at("DST") == Buffer::of(expected));

  auto project = hls::emit(region.value(), {}, {}, {{"negate", {{"SRC", Buffer::of(words)}}, {{"DST", Buffer::of(expected)}}}});
  INFO(project.status().to_string());
  REQUIRE(project.ok());
  const std::string dir = scratch("quiet");
  REQUIRE(hls::write_project(project.value(), dir).ok());
  for (const std::string compiler : {"g++", "clang++"}) {
    const Csim run = csim(dir, compiler);
    INFO(compiler << ":\n" << run.log);
    CHECK(run.status == 0);
    CHECK(run.log.find("-std=c++14") != std::string::npos);
    CHECK(run.log.find("LOOM CSIM PASS: 1 runs, 4 words compared, all equal") != std::string::npos);
  }
}

}  // namespace
}  // namespace loom::test

namespace loom::test {
namespace {

// The preprocessed kernel of the project in `dir`: what Vitis reads, its
// pragmas each on a line of its own.
std::string preprocessed(const std::string& dir) {
  const std::string expanded = dir + "/expanded.txt";
  REQUIRE(std::system(("g++ -std=c++14 -E -I'" + dir + "/standin' -I'" + dir + "/src' '" + dir + "/top.cpp' > '" +
                       expanded + "' 2>&1")
                          .c_str()) == 0);
  return read_text(expanded);
}

// HlsPaced<1> and HlsPaced<2> share tests/hls/paced.h, which `loom hls` once
// refused (hls-shared-source): each loop's pipeline pragma now names its own
// unit's II, bound where the loop stands.
TEST_CASE("a unit template at two IIs in one region simulates, emits and C-simulates with both compilers",
          "[hls][csim]") {
  constexpr int64_t kWords = 6;
  const Region region = paced_region(kWords);
  std::vector<PacedWord> words(kWords), expected(kWords);
  for (int64_t i = 0; i < kWords; ++i) {
    words[static_cast<size_t>(i)].set_lane(0, 5 * i - 9);
    words[static_cast<size_t>(i)].set_lane(1, i);
    expected[static_cast<size_t>(i)] = words[static_cast<size_t>(i)];
    expected[static_cast<size_t>(i)].set_lane(0, 5 * i - 9 + 3);
  }
  auto sim = simulate(region, {{"X", Buffer::of(words)}});
  REQUIRE(sim.ok());
  INFO(sim.value().summary());
  REQUIRE(sim.value().ok());
  CHECK(sim.value().arguments.at("Y") == Buffer::of(expected));

  auto project = hls::emit(region, {}, {}, {{"paced", {{"X", Buffer::of(words)}}, {{"Y", Buffer::of(expected)}}}});
  INFO(project.status().to_string());
  REQUIRE(project.ok());
  const std::string dir = scratch("paced");
  REQUIRE(hls::write_project(project.value(), dir).ok());
  for (const std::string compiler : {"g++", "clang++"}) {
    const Csim run = csim(dir, compiler);
    INFO(compiler << ":\n" << run.log);
    CHECK(run.status == 0);
    CHECK(run.log.find("LOOM CSIM PASS: 1 runs, 6 words compared, all equal") != std::string::npos);
  }
  // What Vitis reads: each of the header's three loops binds loom_ii and
  // pipelines at it, the template's one for both instantiations.
  const std::string text = preprocessed(dir);
  CHECK(count(text, "#pragma HLS pipeline II=loom_ii") == 3);
  CHECK(count(text, "constexpr int loom_ii = ") == 3);

  // A context's II that is not its unit's stops the compile by name.
  hls::Project mutant = project.value();
  std::string& top = mutant.files.at("top.cpp");
  const std::string from = "static_assert(unit::pipeline.ii == 2, ";
  const size_t at = top.find(from);
  REQUIRE(at != std::string::npos);
  top.replace(at, from.size(), "static_assert(unit::pipeline.ii == 1, ");
  const std::string wrong = scratch("paced_wrong_ii");
  REQUIRE(hls::write_project(mutant, wrong).ok());
  const Csim run = csim(wrong, "g++");
  INFO(run.log);
  CHECK(run.status != 0);
  CHECK(run.log.find("loom: the unit's pipeline II, its loops' pragma's, is not the II the simulator ran it at") !=
        std::string::npos);
}

}  // namespace
}  // namespace loom::test
