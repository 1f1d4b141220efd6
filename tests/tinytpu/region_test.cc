// TinyTPU composed from its units: the structure, bit-exact runs at every T,
// the gates, a mutant the stress gate must catch, and the two broken
// structures the seed's deadlock history names.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <regex>
#include <set>

#include "compose/sim/simulator.h"
#include "machines/cycle_table.h"
#include "machines/tinytpu/gates.h"
#include "machines/tinytpu/isa_dsl.h"
#include "machines/tinytpu/reference.h"
#include "machines/tinytpu/tinytpu.h"
#include "machines/tinytpu/variants.h"
#include "units/bits.h"
#include "units/library/tinytpu/words.h"

namespace loom::tinytpu {
namespace {

Region compose(const Overrides& overrides, const Compose& compose_architecture = architecture) {
  auto arch = compose_architecture(overrides);
  REQUIRE(arch.ok());
  auto region = arch.value().compose(overrides);
  INFO((region.ok() ? "" : region.status().to_string()));
  REQUIRE(region.ok());
  return std::move(region).value();
}

SimResult run_default(const Region& region) {
  auto work = default_workload(region, 0);
  REQUIRE(work.ok());
  auto sim = simulate(region, work.value().inputs);
  REQUIRE(sim.ok());
  INFO(sim.value().summary());
  REQUIRE(sim.value().ok());
  const Status check = work.value().check(sim.value().arguments);
  INFO(check.to_string());
  CHECK(check.ok());
  return sim.value();
}

// The process each end of a channel must be, as composition.h binds them: the
// sequencer's five instruction streams; DRAM rows into spm and vru, and vld
// between them; the weight chain from spm down wld column 0 and east along
// each row, each wld handing its PE its weight (wq); the activation chain from
// vru down pe column 0, activations east, partial sums south; and the bottom
// row's sums packed east into accu, whose rows go to dma_st.
std::pair<std::string, std::string> architecture_ends(const std::string& name, const Index& i, int64_t T) {
  const auto at = [](const char* unit, int64_t r, int64_t c) {
    return std::string(unit) + "[" + std::to_string(r) + "][" + std::to_string(c) + "]";
  };
  const int64_t last = T - 1;
  if (name == "c_dld") return {"sequencer", "dma_ld"};
  if (name == "c_spm") return {"sequencer", "spm"};
  if (name == "c_vru") return {"sequencer", "vru"};
  if (name == "c_acc") return {"sequencer", "accu"};
  if (name == "c_dst") return {"sequencer", "dma_st"};
  if (name == "dma2sp") return {"dma_ld", "spm"};
  if (name == "dma2vr") return {"dma_ld", "vru"};
  if (name == "sp2vr") return {"spm", "vru"};
  if (name == "wcol") return {i[0] == 0 ? "spm" : at("wld", i[0] - 1, 0), at("wld", i[0], 0)};
  if (name == "wrow") return {at("wld", i[0], i[1]), at("wld", i[0], i[1] + 1)};
  if (name == "wq") return {at("wld", i[0], i[1]), at("pe", i[0], i[1])};
  if (name == "acol") return {i[0] == 0 ? "vru" : at("pe", i[0] - 1, 0), at("pe", i[0], 0)};
  if (name == "a_fwd") return {at("pe", i[0], i[1]), at("pe", i[0], i[1] + 1)};
  if (name == "p_fwd") return {at("pe", i[0], i[1]), at("pe", i[0] + 1, i[1])};
  if (name == "cw") return {at("pe", last, i[0]), i[0] == last ? "accu" : at("pe", last, i[0] + 1)};
  if (name == "ac2st") return {"accu", "dma_st"};
  return {"(not a channel of the architecture)", ""};
}

TEST_CASE("the region has 2*T*T + 6 processes, every channel point to point between the units the architecture connects") {
  for (int64_t t : {4, 8}) {
    CAPTURE(t);
    const Region r = compose({{"T", t}, {"MAXDIM", 4 * t}});
    CHECK(static_cast<int64_t>(r.processes.size()) == 2 * t * t + 6);
    // Each channel: one writer and one reader, each a port its unit declares in
    // that direction and binds to this channel, and no other port bound to it.
    std::map<int, int> bound;  // channel id -> process ports bound to it
    for (const Process& proc : r.processes)
      for (const Target& target : proc.ports)
        if (target.bound() && target.kind == ObjectKind::channel) ++bound[target.id];
    std::map<std::string, int64_t> per_name;
    for (size_t id = 0; id < r.channels.size(); ++id) {
      const ChannelInstance& c = r.channels[id];
      INFO("channel " << c.label());
      REQUIRE(c.writer.valid());
      REQUIRE(c.reader.valid());
      const Target self{ObjectKind::channel, static_cast<int>(id)};
      for (const auto& [end, kind] : {std::pair{c.writer, PortKind::writes}, std::pair{c.reader, PortKind::reads}}) {
        const Target& t = r.processes[static_cast<size_t>(end.process)].ports[static_cast<size_t>(end.port)];
        CHECK((t.kind == self.kind && t.id == self.id));
        CHECK(r.port(end).kind == kind);
      }
      CHECK(bound[static_cast<int>(id)] == 2);
      const auto [writer, reader] = architecture_ends(c.name, c.index, t);
      CHECK(r.processes[static_cast<size_t>(c.writer.process)].name() == writer);
      CHECK(r.processes[static_cast<size_t>(c.reader.process)].name() == reader);
      ++per_name[c.name];
    }
    // Every link the architecture draws is there: an instruction stream a unit,
    // one word path each for dma2sp, dma2vr, sp2vr and ac2st, wcol, acol and cw
    // a link per row or column, wrow and a_fwd T - 1 links east along each of
    // T rows, p_fwd T - 1 south down each of T columns, a wq per PE.
    const std::map<std::string, int64_t> links = {
        {"c_dld", 1}, {"c_spm", 1}, {"c_vru", 1}, {"c_acc", 1}, {"c_dst", 1}, {"dma2sp", 1}, {"dma2vr", 1},
        {"sp2vr", 1}, {"ac2st", 1}, {"wcol", t}, {"acol", t}, {"cw", t}, {"wrow", t * (t - 1)},
        {"a_fwd", t * (t - 1)}, {"p_fwd", (t - 1) * t}, {"wq", t * t}};
    CHECK(per_name == links);
  }
}

TEST_CASE("a MAXDIM-cubed GEMM with ReLU runs bit-exactly at T=4, 8, 16 and 32") {
  for (const auto& [t, maxdim] : {std::pair{4, 16}, std::pair{8, 64}, std::pair{16, 16}, std::pair{32, 32}}) {
    CAPTURE(t, maxdim);
    const SimResult r = run_default(compose({{"T", t}, {"MAXDIM", maxdim}}));
    // At least the MAC limit: M*K*N / T^2 cycles of array work.
    CHECK(r.cycles >= int64_t{maxdim} * maxdim * maxdim / (t * t));
  }
}

TEST_CASE("the check names each element of C that differs, by row and column, then counts the rest") {
  const Region region = compose({{"T", 4}, {"MAXDIM", 16}});
  auto work = default_workload(region, 0);
  REQUIRE(work.ok());
  auto sim = simulate(region, work.value().inputs);
  REQUIRE(sim.ok());
  REQUIRE(sim.value().ok());
  ArgumentContents final = sim.value().arguments;
  std::vector<Operand<4>> c = final.at("C").as<Operand<4>>();
  // Word 5, lane 2 is cell 22 of the row-major 16 x 16 matrix: row 1,
  // column 6 (layout.h matrix_index); tile-major, it would be row 5 of the
  // first column block, column 2.
  c[5].set_lane(2, c[5].lane_signed(2) + 1);
  CHECK(matrix_element(isa::kDefaults, Layout::row_major, 5 * 4 + 2) == std::pair<int64_t, int64_t>{1, 6});
  CHECK(matrix_index(isa::kDefaults, Layout::row_major, 1, 6) == 22);
  CHECK(matrix_element(isa::kDefaults, Layout::tile_major, 5 * 4 + 2) == std::pair<int64_t, int64_t>{5, 2});
  CHECK(matrix_index(isa::kDefaults, Layout::tile_major, 5, 2) == 22);
  final["C"] = Buffer::of(c);
  Status one = work.value().check(final);
  REQUIRE(one.errors().size() == 1);
  CHECK(one.errors()[0].kind == "mismatch");
  CHECK(one.errors()[0].where == "C[1][6]");
  for (size_t w = 10; w < 21; ++w) c[w].set_lane(0, c[w].lane_signed(0) ^ 1);
  final["C"] = Buffer::of(c);
  Status twelve = work.value().check(final);
  REQUIRE(twelve.errors().size() == 11);  // 10 named, then the count
  CHECK(twelve.errors()[10].message == "2 more differences");
}

// The committed cycles (machines/cycles/tinytpu.txt), by build and run: the
// test's data here, and the mutant campaign's (mutants/BUILD WORKSPACE_DATA)
// where it compiles this file into a binary of its own.
std::map<std::pair<std::string, std::string>, int64_t> committed_cycles() {
  const std::string path = cycle_table_path(".", "tinytpu");
  auto rows = read_cycle_table(path);
  INFO(path << ": " << (rows.ok() ? "" : rows.status().to_string()));
  REQUIRE(rows.ok());
  REQUIRE(!rows.value().empty());
  std::map<std::pair<std::string, std::string>, int64_t> out;
  for (const CycleRow& row : rows.value()) out[{row.build, row.run}] = row.cycles;
  return out;
}

TEST_CASE("bench runs every published shape four ways and vadd_program, each exact, at its committed cycles and above its bounds") {
  const Region region = compose({});
  const isa::Params p = isa_params(region);
  auto benched = bench({});
  REQUIRE(benched.ok());
  // bench's program runs, then its gate controls (gates.cc Gate::controls):
  // two watchdogs, the triple loop, conformance and the text round trip, each refused.
  Result<std::vector<GateRun>> runs{std::vector<GateRun>{}};
  std::vector<GateRun> controls;
  for (const GateRun& r : benched.value()) (r.control ? controls : runs.value()).push_back(r);
  CHECK(controls.size() == 5);
  for (const GateRun& r : controls) {
    INFO(r.name << ": " << r.failure.to_string());
    CHECK(r.exact);
    CHECK(r.failure.ok());
  }
  CHECK(benched.value().back().control);  // listed last
  // bench_cases (gates.h): each published shape that fits the build, GEMM and
  // GEMM+ReLU, looped and flat, then one vadd_program.
  size_t fitting = 0;
  for (const PublishedRow& shape : published_cosim())
    fitting += shape.m <= p.MAXDIM && shape.n <= p.MAXDIM && shape.k <= p.MAXDIM && shape.m % p.T == 0 &&
               shape.k % p.T == 0 && shape.n % p.T == 0;
  // (A build that holds none runs its own largest GEMM the four ways; vadd_program needs two k-tiles.)
  const size_t vadd = 2 * p.T <= p.MAXDIM ? 1 : 0;
  // (Then Loom's tile-major variant of every looped GEMM, plain and ReLU.)
  CHECK(runs.value().size() == 2 * 2 * std::max<size_t>(fitting, 1) + vadd + 2 * std::max<size_t>(fitting, 1));
  const auto committed = committed_cycles();
  // The table names a build by its parameters, as --param sets them (the spec's, not the derived values).
  std::string build;
  for (const isa::ParameterInfo& param : isa::kParameters)
    build += (build.empty() ? "" : " ") + std::string(param.name) + "=" + std::to_string(*isa::find_value(p, param.name));
  size_t listed = 0;
  for (const auto& [key, cycles] : committed) listed += key.first == build;
  if (!committed.empty()) CHECK(listed == runs.value().size());  // and the table lists no run bench does not make

  const std::vector<GateCase> cases = bench_cases(p);
  REQUIRE(cases.size() == runs.value().size());
  for (size_t i = 0; i < cases.size(); ++i) {
    const GateRun& r = runs.value()[i];
    INFO(r.name << ": " << r.cycles << " cycles; " << r.failure.to_string());
    CHECK(r.name == cases[i].run.name);
    CHECK(r.exact);
    if (!committed.empty()) {
      const auto row = committed.find({build, r.name});
      CHECK(row != committed.end());
      if (row != committed.end()) CHECK(r.cycles == row->second);
    }
    // A floor under any timing: each unit's loop runs at most one trip a cycle
    // (every LOOM_PIPELINE has an II of 1 or more), and a unit's header word is
    // its trip count; for a GEMM, the array's M*K*N / T^2 MACs a cycle at most.
    REQUIRE(cases[i].program.ok());
    auto a = assemble(cases[i].program.value(), p);
    REQUIRE(a.ok());
    for (int h = 0; h < isa::kHeaderCount; ++h) {
      INFO("header of " << isa::kHeaderUnits[static_cast<size_t>(h)]);
      CHECK(r.cycles >= static_cast<int64_t>(isa::kHeaderSlices[static_cast<size_t>(h)].get(a.value().headers[static_cast<size_t>(h)])));
    }
    if (r.m > 0) CHECK(r.cycles >= r.m * r.k * r.n / (p.T * p.T));
  }
}

// Under stp (docs/timing.md, "Pipeline styles") a stall moves every trip in
// flight, never fewer than under flushable, and a blocking network's times
// only grow when any of its accesses waits longer: so no run is faster, and
// the results are the same. The array's chains stall, so some GEMM is slower.
TEST_CASE("under the stp pipeline style every bench run is exact and none is faster than under flushable") {
  auto flushable = bench({});
  auto stp = bench({}, architecture, std::string(kSpecPath), SimOptions::PipelineStyle::stp);
  REQUIRE(flushable.ok());
  REQUIRE(stp.ok());
  REQUIRE(stp.value().size() == flushable.value().size());
  int slower = 0;
  for (size_t i = 0; i < stp.value().size(); ++i) {
    const GateRun &f = flushable.value()[i], &s = stp.value()[i];
    INFO(s.name << ": stp " << s.cycles << ", flushable " << f.cycles << "; " << s.failure.to_string());
    CHECK(s.name == f.name);
    CHECK(s.exact);
    if (s.control) continue;
    CHECK(s.cycles >= f.cycles);
    slower += s.cycles > f.cycles && s.m > 0;
  }
  CHECK(slower > 0);
}
// stress itself runs sharded in stress_test.cc.

// The elements of C a run names as mismatched ("C[row][col]"), and whether it names any.
std::set<std::pair<int64_t, int64_t>> named_mismatches(const GateRun& r, bool* any) {
  std::set<std::pair<int64_t, int64_t>> out;
  *any = false;
  const std::regex element(R"(C\[(\d+)\]\[(\d+)\])");
  for (const Error& e : r.failure.errors()) {
    if (e.kind != "mismatch") continue;
    *any = true;
    std::smatch m;
    if (std::regex_match(e.where, m, element)) out.insert({std::stoll(m[1]), std::stoll(m[2])});
  }
  return out;
}

// A stress GEMM's operands, as stress draws them from the run's seed
// (gates.h: full range, -128 and 127 forced, C prefilled).
IsaState stress_operands(const isa::Params& p, const GateRun& r) { return random_operands(p, r.seed, -128, 127, true); }

bool is_stress_gemm(const GateRun& r) { return r.m > 0 && r.name.rfind("gemm ", 0) == 0; }

// stress's GEMMs (gates.h): every shape with sides T, 2T, .. up to min(MAXDIM,
// 4T), plain and ReLU, looped and flat.
int stress_gemms(const isa::Params& p) {
  const int64_t sides = std::min<int64_t>(p.MAXDIM, 4 * p.T) / p.T;
  return static_cast<int>(sides * sides * sides * 2 * 2);
}

TEST_CASE("an int16 partial sum in the PE passes bench but fails stress, on exactly the GEMMs whose tile sums leave 16 bits") {
  auto benched = bench({}, composer(Variant::psum_int16));
  REQUIRE(benched.ok());
  for (const GateRun& r : benched.value()) {
    INFO(r.name << ": " << r.failure.to_string());
    CHECK(r.exact);  // [-4, 4] operands never leave 9 bits
  }
  auto stressed = stress({}, composer(Variant::psum_int16));
  REQUIRE(stressed.ok());
  const isa::Params p = isa_params(compose({}));
  // The mutant's arithmetic: a PE adds its product to the partial sum from
  // above in a 16-bit adder (pe.h, PsumBits), so the sum leaving a column for
  // one k-tile is that tile's dot product wrapped to 16 bits (a wrap is a
  // ring map, so wrapping at each step or once at the end is the same), and
  // accu adds the tiles at full width. An element of C differs from the
  // design's exactly when, after ReLU and the clip, the two sums do.
  const auto clipped = [](int64_t v, bool relu) {
    return std::clamp<int64_t>(relu ? std::max<int64_t>(v, 0) : v, isa::kClipLo, isa::kClipHi);
  };
  int must_fail = 0, gemms = 0;
  for (const GateRun& r : stressed.value()) {
    if (!is_stress_gemm(r)) continue;  // the other programs' sums are not modelled here
    ++gemms;
    const IsaState s = stress_operands(p, r);
    std::set<std::pair<int64_t, int64_t>> differs;
    for (int64_t m = 0; m < r.m; ++m)
      for (int64_t n = 0; n < r.n; ++n) {
        int64_t exact = 0, wrapped = 0;
        for (int64_t kt = 0; kt < r.k; kt += p.T) {
          int64_t tile = 0;
          for (int64_t k = kt; k < kt + p.T; ++k)
            tile += s.A[static_cast<size_t>(matrix_index(p, s.layout, m, k))] *
                    s.B[static_cast<size_t>(matrix_index(p, s.layout, k, n))];
          exact += tile;
          wrapped += bits::wrap(tile, 16);
        }
        if (clipped(exact, r.relu) != clipped(wrapped, r.relu)) differs.insert({m, n});
      }
    INFO(r.name << " seed " << r.seed << ": " << differs.size() << " elements must differ; " << r.failure.to_string());
    CHECK(r.exact == differs.empty());
    if (differs.empty()) continue;
    ++must_fail;
    bool mismatch = false;
    // Each element the check names is one the wrapped sums move.
    for (const auto& element : named_mismatches(r, &mismatch)) {
      INFO("named C[" << element.first << "][" << element.second << "]");
      CHECK(differs.count(element) == 1);
    }
    CHECK(mismatch);
  }
  CHECK(gemms == stress_gemms(p));
  REQUIRE(must_fail > 0);  // the premise: full-range operands do leave 16 bits
}

TEST_CASE("the accumulator distance contract is load-bearing: reads sooner than ar's write latency after a write are stale") {
  // A build whose assembler admits any distance, so the probe reaches the region.
  const Region region = compose({{"AR_RAW_DIST", 1}});
  const isa::Params p = isa_params(region);
  // ar's stores land write_latency accu iterations after they issue (accu.h):
  // a read sooner returns the row's old value.
  const auto ar = std::find_if(region.memories.begin(), region.memories.end(), [](const MemoryInstance& m) { return m.name == "ar"; });
  REQUIRE(ar != region.memories.end());
  const int64_t latency = ar->write_latency;
  REQUIRE(latency > 1);  // else there is no stale distance to probe
  for (int64_t d = 1; d <= latency + 2; ++d) {
    CAPTURE(d);
    auto program = assemble(ar_distance_program(d, p).value(), p);
    REQUIRE(program.ok());
    IsaState initial(p);
    // Positive sums, so a stale row (the region's ar starts at 0) shows through ReLU.
    for (int64_t& v : initial.A) v = 3;
    for (int64_t& v : initial.B) v = 2;
    auto work = program_workload(region, program.value(), initial);
    REQUIRE(work.ok());
    auto sim = simulate(region, work.value().inputs);
    REQUIRE(sim.ok());
    REQUIRE(sim.value().ok());
    // As the seed measured in RTL: distances 1 and 2 read the old row, 3 on the new.
    CHECK(work.value().check(sim.value().arguments).ok() == (d >= latency));
  }
  // And a build that breaks the contract fails stress where it reads too soon.
  // Its probes ar_distance_program(d), d = AR_RAW_DIST .. AR_RAW_DIST + 4,
  // read every row exactly d iterations after its write; its GEMMs read a row
  // M >= T iterations after (each mm, vrelu and mvout of M rows), which the
  // contract allows at any AR_RAW_DIST. The other programs are not modelled here.
  auto runs = stress({{"AR_RAW_DIST", 1}});
  REQUIRE(runs.ok());
  REQUIRE(p.T >= latency);
  int probes = 0, stale = 0, gemms = 0;
  const std::regex probe(R"(ar_distance_program\((\d+)\))");
  for (const GateRun& r : runs.value()) {
    INFO(r.name << " seed " << r.seed << ": " << r.failure.to_string());
    std::smatch m;
    if (std::regex_match(r.name, m, probe)) {
      ++probes;
      const int64_t d = std::stoll(m[1]);
      CHECK(r.exact == (d >= latency));
      if (d < latency) {
        ++stale;
        bool mismatch = false;
        named_mismatches(r, &mismatch);
        CHECK(mismatch);
      }
    } else if (is_stress_gemm(r)) {
      ++gemms;
      CHECK(r.exact);
    }
  }
  // Five distances from AR_RAW_DIST, two seeds each (stress's cases, gates.cc).
  CHECK(probes == 5 * 2);
  CHECK(stale == (latency - p.AR_RAW_DIST) * 2);
  CHECK(gemms == stress_gemms(p));
}

TEST_CASE("a program assembled for another build is refused by name, not run") {
  const Region region = compose({});
  isa::Params wide = isa_params(region);
  wide.MAXDIM = 32;
  wide = isa::derive(wide);
  auto program = assemble(gemm_program(32, 32, 32, false, Form::looped, wide).value(), wide);
  REQUIRE(program.ok());
  auto work = program_workload(region, program.value(), IsaState(isa_params(region)));
  REQUIRE_FALSE(work.ok());
  CHECK(work.errors()[0].kind == "build-mismatch");
  CHECK(work.errors()[0].message.find("MAXDIM=32") != std::string::npos);
}

// The looped 8x8x8 GEMM with ReLU, led by `pad` one-row loads into vr's last
// row (which the GEMM never reads), so its length can meet any imem size.
Program padded_gemm(int64_t pad, const isa::Params& p) {
  Program prog;
  for (int64_t i = 0; i < pad; ++i) prog.add(isa::dma_ld(1, 2, p.VR_ROWS - 1, 0, 1));
  const Program gemm = gemm_program(8, 8, 8, true, Form::looped, p).value();
  for (const Statement& s : gemm.statements()) prog.raw(s);
  return prog;
}

TEST_CASE("a program runs with IMEM exactly full and a beat to spare, and is refused one word over") {
  const isa::Params defaults = isa::kDefaults;
  auto plain = assemble(padded_gemm(0, defaults), defaults);
  REQUIRE(plain.ok());
  // IMEM_WORDS is a whole number of 8-word beats (sequencer.h): pad the
  // program so that the headers and it fill one exactly, the halt in its last row.
  const int64_t bare = isa::kHeaderCount + static_cast<int64_t>(plain.value().encoded.words.size());
  const int64_t full = (bare + 7) / 8 * 8, pad = full - bare;
  REQUIRE(full >= 8);  // IMEM_WORDS' least
  for (const int64_t imem : {full, full + 8}) {
    INFO("IMEM_WORDS " << imem << ", the program " << full - isa::kHeaderCount << " words");
    const Region region = compose({{"IMEM_WORDS", imem}});
    const isa::Params p = isa_params(region);
    auto fitted = assemble(padded_gemm(pad, p), p);
    REQUIRE(fitted.ok());
    REQUIRE(static_cast<int64_t>(fitted.value().encoded.words.size()) + isa::kHeaderCount == full);
    IsaState initial(p);
    for (size_t i = 0; i < initial.A.size(); ++i) initial.A[i] = static_cast<int64_t>(i % 7) - 3;
    for (size_t i = 0; i < initial.B.size(); ++i) initial.B[i] = static_cast<int64_t>(i % 5) - 2;
    auto work = program_workload(region, fitted.value(), initial);
    REQUIRE(work.ok());
    CHECK(work.value().inputs.at("imem").rows() == imem / 8);
    auto sim = simulate(region, work.value().inputs);
    REQUIRE(sim.ok());
    INFO(sim.value().summary());
    REQUIRE(sim.value().ok());
    CHECK(work.value().check(sim.value().arguments).ok());
  }
  const Region tight = compose({{"IMEM_WORDS", full}});
  const isa::Params p = isa_params(tight);
  auto over = assemble(padded_gemm(pad + 1, p), p);
  REQUIRE(over.ok());
  auto refused = program_workload(tight, over.value(), IsaState(p));
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.errors()[0].kind == "program-too-long");
}

// A 4x4x4 GEMM on a broken variant: it must end in a deadlock report whose
// wait-for cycle runs through the unit that broke the rule and the accumulator.
DeadlockReport deadlock_of(Variant variant) {
  const Region region = compose({}, composer(variant));
  const isa::Params p = isa_params(region);
  auto program = assemble(gemm_program(4, 4, 4, false, Form::looped, p).value(), p);
  REQUIRE(program.ok());
  IsaState initial(p);
  auto work = program_workload(region, program.value(), initial);
  REQUIRE(work.ok());
  auto sim = simulate(region, work.value().inputs);
  REQUIRE(sim.ok());
  REQUIRE(sim.value().outcome == SimResult::deadlock);
  return *sim.value().report;
}

bool cycle_has(const DeadlockReport& r, const std::vector<std::string>& names) {
  for (const std::vector<std::string>& cycle : r.wait_cycles) {
    bool all = true;
    for (const std::string& n : names) all = all && std::find(cycle.begin(), cycle.end(), n) != cycle.end();
    if (all) return true;
  }
  return false;
}

TEST_CASE("one DMA unit in both directions is reported as a named deadlock cycle") {
  const DeadlockReport r = deadlock_of(Variant::two_way_dma);
  INFO(r.to_string());
  const BlockedProcess* dma = r.find("dma");
  REQUIRE(dma != nullptr);
  CHECK(dma->state == BlockedProcess::waits_to_read);
  CHECK(dma->channel == "ac2st");
  CHECK(dma->waits_for == "accu");
  const BlockedProcess* spm = r.find("spm");
  REQUIRE(spm != nullptr);
  CHECK(spm->channel == "dma2sp");
  CHECK(spm->waits_for == "dma");
  CHECK(cycle_has(r, {"dma", "accu", "spm"}));
}

TEST_CASE("results written back into the input scratchpad are reported as a named deadlock cycle") {
  const DeadlockReport r = deadlock_of(Variant::writeback);
  INFO(r.to_string());
  const BlockedProcess* spm = r.find("spm");
  REQUIRE(spm != nullptr);
  CHECK(spm->state == BlockedProcess::waits_to_read);
  CHECK(spm->channel == "ac2st");
  CHECK(spm->waits_for == "accu");
  CHECK(cycle_has(r, {"spm", "accu"}));
  CHECK(r.to_string().find("spm -> ") != std::string::npos);
}

}  // namespace
}  // namespace loom::tinytpu
