// The program generators against the validator, and the reference model
// against a plain triple-loop GEMM.
#include <catch2/catch.hpp>

#include <map>
#include <random>
#include <set>
#include <string>

#include "machines/tinytpu/build.h"
#include "machines/tinytpu/assembler.h"
#include "machines/tinytpu/isa_dsl.h"
#include "machines/tinytpu/reference.h"

namespace loom::tinytpu {
namespace {


Assembled must_assemble(const Program& program, const isa::Params& p) {
  auto a = assemble(program, p);
  INFO(to_text(program));
  INFO((a.ok() ? std::string() : a.status().to_string()));
  REQUIRE(a.ok());
  return a.value();
}

// Full-range int8 operands with both extremes forced, so a narrowed
// accumulator or a wrong clip shows.
void fill_operands(IsaState& s, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int64_t> byte(-128, 127);
  for (auto* m : {&s.A, &s.B})
    for (int64_t& v : *m) v = byte(rng);
  s.A[0] = -128;
  s.B[0] = -128;
  s.A[1] = 127;
  s.B[1] = 127;
  std::uniform_int_distribution<int64_t> junk(-128, 127);
  for (int64_t& v : s.C) v = junk(rng);  // C prefilled: only the M x N region may change
}

// A GEMM program's dynamic stream and headers against their closed form in
// M, K, N and T, from the weight-stationary tiling gemm_program documents
// (isa_dsl.h), KT = K / T k-tiles and NT = N / T column blocks:
//   A's k-tiles into vr:           KT dma_ld (route 2) of M rows;
//   then for each column block:    a dma_ld (route 1) of K rows (B's block into
//                                  spad), KT mm of M rows (the first overwrites,
//                                  acc = 0; the rest accumulate, acc = 1), a
//                                  vrelu of M rows with ReLU, an mvout of M rows.
// So KT + NT * (KT + 2 + relu) dynamic instructions. Each unit's header is its
// trip count (docs/tinytpu.md, "The units"): a row each for every instruction
// the unit takes part in, except spm's T + 1 an mm (a header word, then the T
// weight rows down the weight chain):
//   dma_ld  KT*M + NT*K               (every dma_ld row)
//   spm     NT*K + NT*KT*(T + 1)      (B's rows in; each mm's weights out)
//   vru     KT*M + NT*KT*M            (A's rows in; each mm's activations out)
//   accu    NT*KT*M + relu*NT*M + NT*M  (mm, vrelu and mvout rows)
//   dma_st  NT*M                      (mvout rows)
void check_gemm_counts(int64_t M, int64_t K, int64_t N, bool relu, const Assembled& a, const isa::Params& p) {
  const int64_t T = p.T, KT = K / T, NT = N / T, R = relu ? 1 : 0;
  std::map<std::string, int64_t> count, rows;
  int64_t overwrites = 0;
  for (const isa::Instruction& ins : dynamic_stream(a.encoded)) {
    std::string key(isa::info(ins.op).name);
    if (ins.op == isa::Opcode::dma_ld) key += " route " + std::to_string(ins.f[0]);
    if (ins.op == isa::Opcode::mm) overwrites += ins.f[2] == 0;
    ++count[key];
    rows[key] += ins.nr;
  }
  CHECK(a.walk.instructions == KT + NT * (KT + 2 + R));
  CHECK(count.size() == static_cast<size_t>(4 + R));  // the kinds below and no other
  CHECK(count["dma_ld route 2"] == KT);
  CHECK(rows["dma_ld route 2"] == KT * M);
  CHECK(count["dma_ld route 1"] == NT);
  CHECK(rows["dma_ld route 1"] == NT * K);
  CHECK(count["mm"] == NT * KT);
  CHECK(rows["mm"] == NT * KT * M);
  CHECK(overwrites == NT);
  CHECK(count["vrelu"] == NT * R);
  CHECK(rows["vrelu"] == NT * R * M);
  CHECK(count["mvout"] == NT);
  CHECK(rows["mvout"] == NT * M);
  const std::map<std::string, int64_t> expected = {{"dma_ld", KT * M + NT * K},
                                                   {"spm", NT * K + NT * KT * (T + 1)},
                                                   {"vru", KT * M + NT * KT * M},
                                                   {"accu", NT * KT * M + R * NT * M + NT * M},
                                                   {"dma_st", NT * M}};
  for (int h = 0; h < isa::kHeaderCount; ++h) {
    const std::string unit(isa::kHeaderUnits[static_cast<size_t>(h)]);
    INFO("header " << h << " (" << unit << ")");
    CHECK(static_cast<int64_t>(isa::kHeaderSlices[static_cast<size_t>(h)].get(a.headers[static_cast<size_t>(h)])) ==
          expected.at(unit));
  }
}

// Runs GEMM on the reference and compares all of C with the triple loop.
void check_gemm(int64_t M, int64_t K, int64_t N, bool relu, const isa::Params& p, uint64_t seed, Layout layout);
// In both layouts: the program's addresses follow the layout, and C with them.
void check_gemm(int64_t M, int64_t K, int64_t N, bool relu, const isa::Params& p, uint64_t seed) {
  for (const Layout layout : {Layout::row_major, Layout::tile_major}) check_gemm(M, K, N, relu, p, seed, layout);
}

void check_gemm(int64_t M, int64_t K, int64_t N, bool relu, const isa::Params& p, uint64_t seed, Layout layout) {
  CAPTURE(M, K, N, relu, p.T, p.MAXDIM, to_string(layout));
  const Assembled looped = must_assemble(gemm_program(M, K, N, relu, Form::looped, p, layout).value(), p);
  const Assembled flat = must_assemble(gemm_program(M, K, N, relu, Form::flat, p, layout).value(), p);
  // Same stream, every resolved field, and the same headers.
  REQUIRE(dynamic_stream(looped.encoded) == dynamic_stream(flat.encoded));
  REQUIRE(looped.headers == flat.headers);
  check_gemm_counts(M, K, N, relu, looped, p);

  IsaState s(p, layout);
  fill_operands(s, seed);
  std::vector<int64_t> expected = triple_loop_gemm(s, M, K, N, relu);
  // Outside the M x N region, C keeps what it held.
  for (int64_t r = 0; r < p.MAXDIM; ++r)
    for (int64_t c = 0; c < p.MAXDIM; ++c)
      if (r >= M || c >= N)
        expected[static_cast<size_t>(matrix_index(p, layout, r, c))] = s.C[static_cast<size_t>(matrix_index(p, layout, r, c))];
  REQUIRE(run_reference(looped.encoded, s).ok());
  REQUIRE(s.C == expected);
}

TEST_CASE("every GEMM shape at T=4, MAXDIM=16 has its closed-form stream and headers, and computes as the triple loop does") {
  const isa::Params p = build_at(4, 16);
  uint64_t seed = 0;
  for (int64_t M = p.T; M <= p.MAXDIM; M += p.T)
    for (int64_t K = p.T; K <= p.MAXDIM; K += p.T)
      for (int64_t N = p.T; N <= p.MAXDIM; N += p.T) {
        check_gemm(M, K, N, false, p, seed);
        check_gemm(M, K, N, true, p, seed + 1000);
        ++seed;
      }
}

TEST_CASE("the reference computes a sample of GEMM shapes at T=8, MAXDIM=64") {
  const isa::Params p = build_at(8, 64);
  std::mt19937_64 rng(8);
  std::uniform_int_distribution<int64_t> side(1, 8);
  check_gemm(64, 64, 64, false, p, 1);
  check_gemm(8, 8, 8, true, p, 2);
  for (int i = 0; i < 10; ++i) check_gemm(8 * side(rng), 8 * side(rng), 8 * side(rng), i % 2 == 1, p, 10 + i);
}

TEST_CASE("an int16 accumulator would be caught: full-range sums leave 16 bits") {
  const isa::Params p = build_at(4, 16);
  IsaState s(p);
  for (int64_t& v : s.A) v = -128;
  for (int64_t& v : s.B) v = -128;
  const Assembled a = must_assemble(gemm_program(16, 16, 16, false, Form::looped, p).value(), p);
  REQUIRE(run_reference(a.encoded, s).ok());
  // 16 * 128 * 128 = 262144 needs 19 bits: the clip saturates it.
  CHECK(s.C[0] == 127);
  std::vector<int64_t> ar_row(s.ar.begin(), s.ar.begin() + 4);
  CHECK(ar_row == std::vector<int64_t>(4, 16 * 128 * 128));
}

TEST_CASE("GEMM shapes the build cannot hold are named errors") {
  const isa::Params p = build_at(4, 16);
  auto r = gemm_program(6, 4, 4, false, Form::looped, p);
  REQUIRE_FALSE(r.ok());
  CHECK(r.errors()[0].kind == "bad-shape");
  CHECK(r.errors()[0].where.find("M = 6") != std::string::npos);
  CHECK_FALSE(gemm_program(4, 20, 4, false, Form::flat, p).ok());
}

// program_suite promises (isa_dsl.h) every GEMM with sides T, 2T, .. up to
// min(MAXDIM, 4T), ReLU or not, looped and flat; vector programs of
// AR_RAW_DIST .. max(8, AR_RAW_DIST) rows; accumulator-distance probes at
// AR_RAW_DIST .. AR_RAW_DIST + 4; and 100 random programs, all accepted. So a
// build holds 4 * (min(MAXDIM, 4T) / T)^3 + (max(8, AR_RAW_DIST) -
// AR_RAW_DIST + 1) + 5 + 100 programs, and each is its generator's: a program
// a generator refuses, which the suite would quietly leave out, fails here.
TEST_CASE("the generated suite is every program its generators promise, in order, and each is accepted") {
  for (const isa::Params& p : {build_at(4, 16), build_at(8, 64)}) {
    CAPTURE(p.T, p.MAXDIM);
    const int64_t sides = std::min<int64_t>(p.MAXDIM, 4 * p.T) / p.T;
    const int64_t vector_rows = std::max<int64_t>(8, p.AR_RAW_DIST) - p.AR_RAW_DIST + 1;
    std::vector<Program> promised;
    const auto take = [&](Result<Program> r, const std::string& what) {
      INFO(what << (r.ok() ? "" : ": " + r.status().to_string()));
      REQUIRE(r.ok());
      promised.push_back(std::move(r).value());
    };
    for (int64_t M = p.T; M <= sides * p.T; M += p.T)
      for (int64_t K = p.T; K <= sides * p.T; K += p.T)
        for (int64_t N = p.T; N <= sides * p.T; N += p.T)
          for (bool relu : {false, true})
            for (Form form : {Form::looped, Form::flat}) take(gemm_program(M, K, N, relu, form, p), "gemm");
    for (int64_t rows = p.AR_RAW_DIST; rows < p.AR_RAW_DIST + vector_rows; ++rows)
      take(vector_program(rows, p), "vector_program(" + std::to_string(rows) + ")");
    for (int64_t d = p.AR_RAW_DIST; d <= p.AR_RAW_DIST + 4; ++d)
      take(ar_distance_program(d, p), "ar_distance_program(" + std::to_string(d) + ")");
    for (uint64_t seed = 0; seed < 100; ++seed) promised.push_back(random_program(seed, p));
    REQUIRE(static_cast<int64_t>(promised.size()) == 4 * sides * sides * sides + vector_rows + 5 + 100);

    const std::vector<Program> suite = program_suite(p);
    REQUIRE(suite.size() == promised.size());
    for (size_t i = 0; i < suite.size(); ++i) {
      INFO("program " << i << " of the suite");
      REQUIRE(to_text(suite[i]) == to_text(promised[i]));
      must_assemble(suite[i], p);
    }
  }
}

TEST_CASE("random programs use every opcode and loops with address terms") {
  const isa::Params p = build_at(4, 16);
  std::set<isa::Opcode> seen;
  bool terms = false;
  for (uint64_t seed = 0; seed < 100; ++seed) {
    const Program program = random_program(seed, p);  // kept alive while its statements are read
    for (const Statement& s : program.statements()) {
      seen.insert(s.ins.op);
      terms = terms || !s.terms.empty();
    }
  }
  for (isa::Opcode op : {isa::Opcode::dma_ld, isa::Opcode::vld, isa::Opcode::mm, isa::Opcode::vadd, isa::Opcode::vrelu,
                         isa::Opcode::vaddrelu, isa::Opcode::mvout, isa::Opcode::loop})
    CHECK(seen.count(op) == 1);
  CHECK(terms);
}

TEST_CASE("the reference runs the vector program to values worked out by hand") {
  // T=4: rows of B and A chosen so every lane is easy to follow.
  const isa::Params p = build_at(4, 16);
  IsaState s(p);
  for (size_t i = 0; i < s.A.size(); ++i) s.A[i] = static_cast<int64_t>(i % 7) - 3;
  for (size_t i = 0; i < s.B.size(); ++i) s.B[i] = static_cast<int64_t>(i % 5) - 2;
  const Assembled a = must_assemble(vector_program(4, p).value(), p);
  REQUIRE(run_reference(a.encoded, s).ok());
  // Recompute the vector program's first output word independently.
  const int64_t T = 4, W = 4, R = 4;
  const int64_t S = std::min<int64_t>(W + 1, (p.DRAM_WORDS - 2) / (R - 1));  // strides off a matrix row
  const int64_t S2 = std::min<int64_t>(W + 1, (p.DRAM_WORDS - 3) / (R - 1));
  const auto word = [&](const std::vector<int64_t>& m, int64_t w, int64_t l) { return m[static_cast<size_t>(w * T + l)]; };
  // vr rows: 0..R-1 from B (route 3, src 0), R..2R-1 from A (src 3), 2R.. from spad rows T.. (A from src 1).
  const auto vr_row = [&](int64_t r, int64_t l) {
    if (r < R) return word(s.B, 0 + r * W, l);
    if (r < 2 * R) return word(s.A, 3 + (r - R) * W, l);
    return word(s.A, 1 + (r - 2 * R) * S, l);
  };
  const auto weight = [&](int64_t k, int64_t n) { return word(s.B, 2 + k * W, n); };
  const auto mm = [&](int64_t act_row, int64_t n) {
    int64_t sum = 0;
    for (int64_t k = 0; k < T; ++k) sum += vr_row(act_row, k) * weight(k, n);
    return sum;
  };
  for (int64_t r = 0; r < R; ++r)
    for (int64_t n = 0; n < T; ++n) {
      const int64_t ar0 = mm(R + r, n) + mm(r, n);  // mm, then mm accumulating
      const int64_t ar1 = mm(2 * R + r, n);
      const int64_t ar2 = ar0 + ar1;                 // vadd
      const int64_t ar3 = std::max<int64_t>(ar2, 0);  // vrelu
      const int64_t ar4 = std::max<int64_t>(ar1 + ar3, 0);  // vaddrelu
      CHECK(word(s.C, 1 + r * S2, n) == std::clamp<int64_t>(ar4, -128, 127));
      CHECK(word(s.C, 2 + r * S2, n) == std::clamp<int64_t>(ar2, -128, 127));
    }
}

}  // namespace
}  // namespace loom::tinytpu

namespace loom::tinytpu {
namespace {

TEST_CASE("generators refuse what the build cannot hold, and random programs fit the smallest build") {
  isa::Params tiny = isa::kDefaults;
  tiny.T = 2;
  tiny.MAXDIM = 4;
  tiny = isa::derive(tiny);
  CHECK(vector_program(4, tiny).errors()[0].kind == "bad-shape");
  CHECK(ar_distance_program(5, tiny).errors()[0].kind == "bad-shape");
  auto small_m = gemm_program(2, 2, 2, false, Form::looped, tiny);
  REQUIRE_FALSE(small_m.ok());
  CHECK(small_m.errors()[0].message.find("AR_RAW_DIST") != std::string::npos);
  for (uint64_t seed = 0; seed < 50; ++seed) {
    auto a = assemble(random_program(seed, tiny), tiny);
    INFO((a.ok() ? "" : a.status().to_string()));
    CHECK(a.ok());
  }
}

}  // namespace
}  // namespace loom::tinytpu

namespace loom::tinytpu {
namespace {

// Defence in depth: the reference runs what it is given, validated or not, and
// an access outside a memory or a matrix is a named error, not a heap fault.
TEST_CASE("the reference refuses a row past a memory whatever the validator said", "[hostile]") {
  const isa::Params p = build_at(4, 16);
  struct Case {
    Program program;
    std::string reaches;
  };
  std::vector<Case> cases;
  cases.push_back({Program().add(isa::dma_ld(4, 1, p.SPAD_ROWS - 3, 0, 4)), "row 64 of spad, which has 64 rows"});
  cases.push_back({Program().add(isa::dma_ld(2, 0, 0, p.DRAM_WORDS - 1, 1)), "row 64 of A, which has 64 rows"});
  cases.push_back({Program().add(isa::mvout(2, p.AR_ROWS - 1, 0, 1)), "row 64 of ar, which has 64 rows"});
  cases.push_back({Program().add(isa::mvout(1, 0, p.DRAM_WORDS, 1)), "row 64 of C, which has 64 rows"});
  for (Case& c : cases) {
    INFO(c.reaches);
    c.program.halt();
    auto encoded = encode(c.program);
    REQUIRE(encoded.ok());
    IsaState state(p);
    const Status ran = run_reference(encoded.value(), state);
    REQUIRE(!ran.ok());
    CHECK(ran.errors()[0].kind == "reference-out-of-range");
    CHECK(ran.errors()[0].message.find(c.reaches) != std::string::npos);
  }
}

TEST_CASE("random programs put instructions with and without address terms in one open loop", "[programs]") {
  for (const isa::Params& p : {isa::kDefaults, isa::derive({8, 64, 16, 4, 1024, 2})}) {
    int mixed = 0;
    for (uint64_t seed = 0; seed < 210; ++seed) {
      const Program prog = random_program(seed, p);
      int depth = 0, with = 0, without = 0;
      for (const Statement& st : prog.statements()) {
        const isa::Kind kind = isa::info(st.ins.op).kind;
        if (kind == isa::Kind::loop_begin) ++depth, with = without = 0;
        else if (kind == isa::Kind::loop_end) {
          mixed += with > 0 && without > 0;
          --depth;
        } else if (depth > 0 && kind == isa::Kind::data) (st.terms.empty() ? without : with)++;
      }
    }
    INFO("T=" << p.T);
    CHECK(mixed >= 20);
  }
}

}  // namespace
}  // namespace loom::tinytpu
