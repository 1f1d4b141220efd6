// The toy spec's generated header, compiled: its constants, builders, header
// counts, distance contracts and both numerics records static_asserted where
// the spec's values are written out here, then CHECKed against the spec as the
// loader reads it, so neither the header nor this file can drift from it.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "spec/isa_spec.h"
#include "tests/spec/toy_isa_encoding.h"
#include "tests/spec/toy_isa_files.h"

namespace {

namespace isa = toy::isa;

// ---- At compile time, against the spec's values written out ----

static_assert(isa::kWordBits == 32 && isa::kFieldLimit == 256);
static_assert(isa::kOpcodeSlice.lo == 27 && isa::kOpcodeSlice.bits == 5);
static_assert(isa::kRowsSlice.lo == 16 && isa::kRowsSlice.bits == 8);
static_assert(isa::kOperandFields == 2 && isa::kFieldSlices[1].lo == 8 && isa::kFieldSlices[1].bits == 8);
static_assert(isa::kUnitCount == 5 && isa::kUnits[2] == "mac");
static_assert(isa::kOpcodeCount == 9 && static_cast<int>(isa::Opcode::drain) == 17);
static_assert(isa::info(isa::Opcode::drain).units == (isa::unit_vec | isa::unit_writer));
static_assert(isa::info(isa::Opcode::legacy).kind == isa::Kind::retired);
static_assert(isa::legal(isa::Opcode::mac, 0, 1) && !isa::legal(isa::Opcode::mac, 0, 2));
static_assert(!isa::legal(isa::Opcode::mac, 1, 1) && isa::legal(isa::Opcode::mac, 1, 2));  // dst >= 2
static_assert(isa::kAguTerms == 3 && isa::kAguTermBits == 8 && isa::kAguStride.lo == 3 && isa::kLoopDepth == 2);

// An instruction survives its word, under the spec's operand names.
constexpr isa::Instruction kMac = isa::mac(5, 1, 7);
static_assert(isa::decode(isa::encode(kMac)) == kMac);
static_assert(isa::encode(kMac) == ((uint64_t{9} << 27) | (uint64_t{5} << 16) | (uint64_t{7} << 8) | 1));
static_assert(isa::mac_operands(kMac).acc == 1 && isa::mac_operands(kMac).dst == 7);

// Parameters and what derives from them.
static_assert(isa::kDefaults.W == 8 && isa::kDefaults.ROWS == 32 && isa::kDefaults.SUM_ROWS == 16 &&
              isa::kDefaults.MEM_ROWS == 48);
static_assert(isa::violated_constraint(isa::derive({8, 180, 3, 2})) == "addressable");
static_assert(isa::vec_header_fits(isa::kDefaults));

// Header terms: loader counts W a mac; vec counts drain rows twice only from fields 0 and 1.
static_assert(isa::header_counts(kMac, isa::kDefaults) == std::array<int64_t, 4>{8, 5, 0, 0});
static_assert(isa::header_counts(isa::drain(3, 1, 0), isa::kDefaults) == std::array<int64_t, 4>{0, 0, 6, 3});
static_assert(isa::header_counts(isa::drain(3, 2, 0), isa::kDefaults) == std::array<int64_t, 4>{0, 0, 0, 3});

// Both distance contracts, each by its own name.
static_assert(isa::kMacRawDistanceHeader == 1 && isa::kHeaderUnits[isa::kMacRawDistanceHeader] == "mac");
static_assert(isa::kVecRawDistanceHeader == 2 && isa::kHeaderUnits[isa::kVecRawDistanceHeader] == "vec");
static_assert(isa::mac_raw_distance(isa::kDefaults) == 3 && isa::vec_raw_distance(isa::kDefaults) == 2);
static_assert(isa::mac_raw_distance(isa::derive({8, 32, 7, 2})) == 7);

// Both numerics records, each by its name (unqualified, acc would be ambiguous).
static_assert(isa::int4::kOperandBits == 4 && isa::int4::kAccBits == 16);
static_assert(isa::int4::acc(32767 + 1) == -32768 && isa::int4::acc(-32768 - 1) == 32767);
static_assert(isa::int4::to_operand(100) == 7 && isa::int4::to_operand(-100) == -8 && isa::int4::to_operand(-3) == -3);
static_assert(isa::u8_scaled::kOperandBits == 8 && isa::u8_scaled::kAccBits == 24);
static_assert(isa::u8_scaled::acc(int64_t{1} << 23) == -(int64_t{1} << 23));
static_assert(isa::u8_scaled::to_operand(100) == 75 && isa::u8_scaled::to_operand(-5) == 0 &&
              isa::u8_scaled::to_operand(1000) == 255);

// The walk: two trips of a fetch whose dst steps by 4 a trip, then stop.
constexpr int64_t walked_dst_sum() {
  isa::Terms t;
  t.term[0] = {0, 0, 4};
  t.count = 1;
  const uint64_t words[] = {isa::encode(isa::rep(2)), isa::encode_agu(t), isa::encode(isa::fetch(1, 1, 0)),
                            isa::encode(isa::endrep(2)), isa::encode(isa::stop())};
  int64_t sum = 0;
  const isa::Resolution r = isa::resolve(words, 5, [&sum](const isa::Step& s) { return sum += s.ins.f[0], true; });
  return r.fault == isa::Fault::none ? sum : -1;
}
// GCC's AddressSanitizer instruments the opcode lookup's pointer comparison,
// which makes the walk no longer a constant expression there: the same walk is
// also checked at run time, below.
#ifndef __SANITIZE_ADDRESS__
static_assert(walked_dst_sum() == 1 + 5);
#endif

// ---- At run time, against the spec the loader reads ----

const loom::spec::IsaSpec& spec() {
  static const loom::spec::IsaSpec s = [] {
    auto loaded = loom::spec::load_spec_file(std::string(loom::spec::toy::kSpecPath));
    INFO(loaded.status().to_string());
    REQUIRE(loaded.ok());
    return loaded.value();
  }();
  return s;
}

TEST_CASE("the compiled toy header's program walk runs at run time as at compile time") {
  CHECK(walked_dst_sum() == 1 + 5);
}

TEST_CASE("the compiled toy header's word, opcodes and parameters are the spec's") {
  const loom::spec::IsaSpec& s = spec();
  CHECK(isa::kWordBits == s.word_bits);
  CHECK(isa::kFieldLimit == s.field_limit);
  CHECK(isa::kOpcodeSlice.lo == s.field("opcode")->lo);
  CHECK(isa::kRowsSlice.bits == s.field("nr")->bits);
  const auto fields = s.operand_fields();
  REQUIRE(fields.size() == static_cast<size_t>(isa::kOperandFields));
  for (size_t f = 0; f < fields.size(); ++f) {
    CHECK(isa::kFieldNames[f] == fields[f]->name);
    CHECK((isa::kFieldSlices[f].lo == fields[f]->lo && isa::kFieldSlices[f].bits == fields[f]->bits));
  }
  REQUIRE(s.opcodes.size() == static_cast<size_t>(isa::kOpcodeCount));
  for (const loom::spec::Opcode& op : s.opcodes) {
    CAPTURE(op.name);
    const isa::OpcodeInfo* info = isa::find_opcode(static_cast<uint64_t>(op.code));
    REQUIRE(info != nullptr);
    CHECK(info->name == op.name);
    CHECK(static_cast<int>(info->kind) == static_cast<int>(op.kind));
  }
  REQUIRE(s.parameters.size() == static_cast<size_t>(isa::kParameterCount));
  for (size_t p = 0; p < s.parameters.size(); ++p) {
    CHECK(isa::kParameters[p].name == s.parameters[p].name);
    CHECK(*isa::find_value(isa::kDefaults, s.parameters[p].name) == s.parameters[p].value);
  }
}

struct CompiledContract {
  std::string name;
  int header;
  int64_t (*distance)(const isa::Params&);
};

TEST_CASE("each of the spec's distance contracts is the compiled header's, by its name") {
  const std::vector<CompiledContract> compiled = {{"mac_raw", isa::kMacRawDistanceHeader, isa::mac_raw_distance},
                                                  {"vec_raw", isa::kVecRawDistanceHeader, isa::vec_raw_distance}};
  const loom::spec::IsaSpec& s = spec();
  REQUIRE(s.distance_contracts.size() == compiled.size());
  for (size_t i = 0; i < compiled.size(); ++i) {
    const loom::spec::DistanceContract& c = s.distance_contracts[i];
    CAPTURE(c.name);
    CHECK(c.name == compiled[i].name);
    CHECK(isa::kHeaderUnits[static_cast<size_t>(compiled[i].header)] == c.unit);
    CHECK(compiled[i].distance(isa::kDefaults) == *isa::find_value(isa::kDefaults, c.parameter));
    isa::Params p = isa::kDefaults;
    REQUIRE(isa::set_parameter(p, c.parameter, 5));
    CHECK(compiled[i].distance(p) == 5);
  }
}

struct CompiledNumerics {
  std::string name;
  int64_t operand_bits, acc_bits, clip_lo, clip_hi, scale, shift;
  int64_t (*to_operand)(int64_t);
};

TEST_CASE("each of the spec's numerics records is the compiled header's, by its name") {
  using namespace isa;
  const std::vector<CompiledNumerics> compiled = {
      {"int4", int4::kOperandBits, int4::kAccBits, int4::kClipLo, int4::kClipHi, int4::kScale, int4::kShift,
       int4::to_operand},
      {"u8_scaled", u8_scaled::kOperandBits, u8_scaled::kAccBits, u8_scaled::kClipLo, u8_scaled::kClipHi,
       u8_scaled::kScale, u8_scaled::kShift, u8_scaled::to_operand}};
  const loom::spec::IsaSpec& s = spec();
  REQUIRE(s.numerics.size() == compiled.size());
  for (size_t i = 0; i < compiled.size(); ++i) {
    const loom::spec::Numerics& n = s.numerics[i];
    const CompiledNumerics& c = compiled[i];
    CAPTURE(n.name);
    CHECK(n.name == c.name);
    CHECK((c.operand_bits == n.operand_bits && c.acc_bits == n.acc_bits));
    CHECK((c.clip_lo == n.clip_lo && c.clip_hi == n.clip_hi && c.scale == n.scale && c.shift == n.shift));
    // The conversion is the spec's formula at both clip bounds and between.
    for (int64_t x : {int64_t{-100000}, int64_t{-7}, int64_t{0}, int64_t{5}, int64_t{100000}}) {
      const int64_t v = (x * n.scale) >> n.shift;
      CHECK(c.to_operand(x) == std::clamp(v, n.clip_lo, n.clip_hi));
    }
  }
}

}  // namespace
