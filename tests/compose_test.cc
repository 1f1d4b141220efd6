// Composition checks: every wiring error is a named error with the exact element
// and ports at fault. Each test composes a deliberately broken region, but the
// last, which holds describe's text of a well-formed one to its columns.
#include <catch2/catch.hpp>

#include <regex>

#include "compose/architecture.h"
#include "compose/describe.h"
#include "compose/place.h"
#include "machines/example/example.h"
#include "tests/test_units.h"

namespace loom {
namespace {

using test::Narrow;
using test::Wide;

ParameterSet small_params() {
  ParameterSet p;
  p.param("N", 3, 1, 64, "chain length");
  p.param("QD", 2, 1, 16, "fifo depth");
  p.param("LEN", 4, 1, 64, "argument length");
  return p;
}

std::string errors_of(const Architecture& arch, const Overrides& o = {}) {
  auto r = arch.compose(o);
  return r.ok() ? "(composed)" : r.status().to_string();
}

TEST_CASE("the example machine composes with the counts its parameters imply", "[compose]") {
  for (int64_t n : {1, 2, 8, 1000}) {
    auto r = example::architecture({}).value().compose({{"N", n}});
    REQUIRE(r.ok());
    const Region& region = r.value();
    CHECK(region.processes.size() == static_cast<size_t>(n + 2));
    CHECK(region.channels.size() == static_cast<size_t>(2 * n));
    CHECK(region.memories.size() == static_cast<size_t>(n));
    CHECK(region.arguments.size() == 3);
    for (const ChannelInstance& c : region.channels) {
      CHECK(c.writer.valid());
      CHECK(c.reader.valid());
      CHECK(c.depth == 2);
    }
    // The chain's ends: the store reads the last partial sum, the last tap has no x_out.
    const ChannelInstance& last = region.channels.back();
    CHECK(last.label() == "p_chain[" + std::to_string(n - 1) + "]");
    CHECK(region.describe(last.reader) == "store.in");
  }
}

TEST_CASE("a channel element with no writer or no reader is refused", "[compose]") {
  Architecture arch("dangling", small_params());
  Handle c = arch.channel<Narrow>("c", vec("N"), "QD", "a chain");
  place<test::Source>(arch, "src", one()).bind(test::Source::out, c(0));
  place<test::Sink>(arch, "dst", one()).bind(test::Sink::in, c(2));
  CHECK(errors_of(arch) ==
        "error[no-reader] channel 'c[0]': has no reader; it is written by src.out\n"
        "error[no-writer] channel 'c[1]': has no writer and no reader\n"
        "error[no-writer] channel 'c[2]': has no writer; it is read by dst.in\n");
}

TEST_CASE("two writers or two readers on one channel instance are refused", "[compose]") {
  Architecture arch("fan", small_params());
  Handle c = arch.channel<Narrow>("c", one(), "QD", "one word");
  place<test::Source>(arch, "src", vec(2)).bind(test::Source::out, c());
  place<test::Sink>(arch, "dst", vec("N")).bind(test::Sink::in, c());
  CHECK(errors_of(arch) ==
        "error[two-writers] channel 'c': is written by 2 ports: src[0].out and src[1].out\n"
        "error[two-readers] channel 'c': is read by 3 ports: dst[0].in, dst[1].in and dst[2].in\n");
}

TEST_CASE("a width or lane mismatch between a port and its channel is refused", "[compose]") {
  Architecture arch("widths", small_params());
  Handle c = arch.channel<Narrow>("c", one(), "QD", "narrow words");
  place<test::Source>(arch, "src", one()).bind(test::Source::out, c());
  place<test::WideSink>(arch, "dst", one()).bind(test::WideSink::in, c());
  CHECK(errors_of(arch) ==
        "error[width-mismatch] unit 'dst' port 'in': takes 4x32 words (lanes x lane_bits), but channel 'c' holds 4x8\n");

  Architecture lanes("lanes", small_params());
  Handle d = lanes.channel<Word<8, 4>>("d", one(), "QD", "same 32 bits, other lanes");
  place<test::Source>(lanes, "src", one()).bind(test::Source::out, d());
  place<test::Sink>(lanes, "dst", one()).bind(test::Sink::in, d());
  CHECK(lanes.compose().status().errors().at(0).to_string() ==
        "error[width-mismatch] unit 'src' port 'out': takes 4x8 words (lanes x lane_bits), but channel 'd' holds 8x4");
}

TEST_CASE("a memory addressed by a non-owner, owned twice, or owned by nobody is refused", "[compose]") {
  Architecture arch("memories", small_params());
  Handle m = arch.memory<Narrow>("m", 16);
  Handle twice = arch.memory<Narrow>("twice", 16);
  arch.memory<Narrow>("orphan", 16);
  place<test::Keeper>(arch, "owner", one()).bind(test::Keeper::mem, m());
  place<test::Borrower>(arch, "thief", one()).bind(test::Borrower::mem, m());
  place<test::Keeper>(arch, "pair", vec(2)).bind(test::Keeper::mem, twice());
  CHECK(errors_of(arch) ==
        "error[not-owner] unit 'thief' port 'mem': addresses memory 'm', which is owned by owner.mem; only a memory's "
        "owner may address it, so send the rows over a channel to the owner\n"
        "error[owned-twice] memory 'twice': is owned by pair[0].mem and pair[1].mem; a memory has one owner\n"
        "error[unowned] memory 'orphan': has no owner\n");
}

TEST_CASE("a memory's timing is refused when it cannot hold: negative, or registers with a latency or too many rows", "[compose]") {
  Architecture arch("timing", small_params());
  Handle late = arch.memory<Narrow>("late", 4, one(), MemoryTiming{.write_latency = -1});
  Handle latched = arch.memory<Narrow>("latched", 4, one(), MemoryTiming{.write_latency = 2, .storage = Storage::registers});
  Handle huge = arch.memory<Narrow>("huge", kMaxPartitionedRows + 1, one(), MemoryTiming{.storage = Storage::registers});
  Handle fine = arch.memory<Narrow>("fine", kMaxPartitionedRows, one(), MemoryTiming{.storage = Storage::registers});
  place<test::Keeper>(arch, "a", one()).bind(test::Keeper::mem, late());
  place<test::Keeper>(arch, "b", one()).bind(test::Keeper::mem, latched());
  place<test::Keeper>(arch, "c", one()).bind(test::Keeper::mem, huge());
  place<test::Keeper>(arch, "d", one()).bind(test::Keeper::mem, fine());
  CHECK(errors_of(arch) ==
        "error[invalid-timing] memory 'late': declares a write latency of -1 iterations; it must be 0 or more\n"
        "error[invalid-timing] memory 'latched': is fully partitioned (registers, which land at once) and declares a "
        "write latency of 2 iterations\n"
        "error[invalid-timing] memory 'huge': is fully partitioned into 4097 registers; at most 4096 may be (each row is "
        "a register)\n");
}

TEST_CASE("an argument's m_axi timing is refused outside the ranges its pragma takes, each field named", "[compose]") {
  Architecture arch("axi", small_params());
  Handle bad = arch.argument<Narrow>("bad", "LEN", "every field out of range",
                                     AxiTiming{.latency = -1, .read_outstanding = 0, .burst_beats = kMaxAxiBurstBeats + 1});
  Handle slow = arch.argument<Narrow>("slow", "LEN", "too slow to be meant", AxiTiming{.latency = kMaxAxiLatency + 1});
  Handle fine = arch.argument<Narrow>("fine", "LEN", "at the limits",
                                      AxiTiming{.latency = kMaxAxiLatency, .read_outstanding = kMaxAxiOutstanding,
                                                .burst_beats = 1});
  place<test::DramReader>(arch, "a", one()).bind(test::DramReader::src, bad());
  place<test::DramReader>(arch, "b", one()).bind(test::DramReader::src, slow());
  place<test::DramReader>(arch, "c", one()).bind(test::DramReader::src, fine());
  CHECK(errors_of(arch) ==
        "error[invalid-timing] argument 'bad': declares an m_axi latency of -1; it must be 0 to 1024 (cycles from a "
        "request to its data)\n"
        "error[invalid-timing] argument 'bad': declares read_outstanding 0; it must be 1 to 512 (UG1399 "
        "num_read_outstanding)\n"
        "error[invalid-timing] argument 'bad': declares burst_beats 257; it must be 1 to 256 (AXI4 bursts are 1 to 256 "
        "beats)\n"
        "error[invalid-timing] argument 'slow': declares an m_axi latency of 1025; it must be 0 to 1024 (cycles from a "
        "request to its data)\n");
}

TEST_CASE("an argument's widening and alignment are refused unless powers of two in range, each named", "[compose][axi]") {
  Architecture arch("widen", small_params());
  Handle odd = arch.argument<Narrow>("odd", "LEN", "neither a power of two",
                                     AxiTiming{.max_widen_bits = 384, .alignment_bytes = 48});
  Handle wide = arch.argument<Narrow>("wide", "LEN", "past the limits",
                                      AxiTiming{.max_widen_bits = 2 * kMaxAxiWidenBits,
                                                .alignment_bytes = 2 * kMaxAxiAlignmentBytes});
  Handle below = arch.argument<Narrow>("below", "LEN", "negative and zero", AxiTiming{.max_widen_bits = -8, .alignment_bytes = 0});
  Handle fine = arch.argument<Narrow>("fine", "LEN", "at the limits",
                                      AxiTiming{.max_widen_bits = kMaxAxiWidenBits, .alignment_bytes = kMaxAxiAlignmentBytes});
  Handle off = arch.argument<Narrow>("off", "LEN", "widening off, a byte aligned: the defaults",
                                     AxiTiming{.max_widen_bits = 0, .alignment_bytes = 1});
  place<test::DramReader>(arch, "a", one()).bind(test::DramReader::src, odd());
  place<test::DramReader>(arch, "b", one()).bind(test::DramReader::src, wide());
  place<test::DramReader>(arch, "c", one()).bind(test::DramReader::src, below());
  place<test::DramReader>(arch, "d", one()).bind(test::DramReader::src, fine());
  place<test::DramReader>(arch, "e", one()).bind(test::DramReader::src, off());
  CHECK(errors_of(arch) ==
        "error[invalid-timing] argument 'odd': declares max_widen_bits 384; it must be 0 or a power of two up to 1024 "
        "(UG1399 max_widen_bitwidth)\n"
        "error[invalid-timing] argument 'odd': declares alignment_bytes 48; it must be a power of two from 1 to 4096 "
        "(UG1399 m_axi_alignment_byte_size)\n"
        "error[invalid-timing] argument 'wide': declares max_widen_bits 2048; it must be 0 or a power of two up to 1024 "
        "(UG1399 max_widen_bitwidth)\n"
        "error[invalid-timing] argument 'wide': declares alignment_bytes 8192; it must be a power of two from 1 to 4096 "
        "(UG1399 m_axi_alignment_byte_size)\n"
        "error[invalid-timing] argument 'below': declares max_widen_bits -8; it must be 0 or a power of two up to 1024 "
        "(UG1399 max_widen_bitwidth)\n"
        "error[invalid-timing] argument 'below': declares alignment_bytes 0; it must be a power of two from 1 to 4096 "
        "(UG1399 m_axi_alignment_byte_size)\n");
}

TEST_CASE("a region argument read by two processes is refused, and so is an unused one", "[compose]") {
  Architecture arch("dram", small_params());
  Handle a = arch.argument<Narrow>("A", "LEN", "input rows");
  arch.argument<Narrow>("B", "LEN", "never read");
  place<test::DramReader>(arch, "rd", vec(2)).bind(test::DramReader::src, a());
  CHECK(errors_of(arch) ==
        "error[argument-shared] argument 'A': is read by 2 processes: rd[0].src and rd[1].src; one process per argument "
        "(one m_axi bundle, one reader)\n"
        "error[argument-unused] argument 'B': is addressed by no process\n");
}

TEST_CASE("an index outside a channel, memory or argument's shape is refused", "[compose]") {
  Architecture arch("range", small_params());
  Handle c = arch.channel<Narrow>("c", vec("N"), "QD", "a chain");
  Handle g = arch.channel<Narrow>("g", grid(2, 2), "QD", "a grid");
  place<test::Relay>(arch, "r", vec("N"))
      .bind(test::Relay::in, [c](const Index& i) -> Binding { return c(i[0]); })
      .bind(test::Relay::out, [c](const Index& i) -> Binding { return c(i[0] + 1); });
  place<test::Source>(arch, "s", one()).bind(test::Source::out, g(1, 2));
  place<test::Sink>(arch, "k", one()).bind(test::Sink::in, g(0));
  const std::string e = errors_of(arch);
  CHECK(e.find("error[index-out-of-range] unit 'r[2]' port 'out': is bound to 'c[3]', outside 'c''s shape [3]\n") !=
        std::string::npos);
  CHECK(e.find("error[index-out-of-range] unit 's' port 'out': is bound to 'g[1][2]', outside 'g''s shape [2][2]\n") !=
        std::string::npos);
  CHECK(e.find("error[index-out-of-range] unit 'k' port 'in': is bound to 'g[0]', outside 'g''s shape [2][2]\n") !=
        std::string::npos);
  CHECK(e.find("error[no-writer] channel 'c[0]'") != std::string::npos);
}

TEST_CASE("duplicate names are refused across channels, memories, arguments and placements", "[compose]") {
  Architecture arch("names", small_params());
  arch.channel<Narrow>("x", one(), "QD", "first");
  arch.memory<Narrow>("x", 4);
  arch.argument<Narrow>("y", 4, "an argument");
  place<test::Sink>(arch, "y", one());
  CHECK(errors_of(arch) ==
        "error[duplicate-name] memory 'x': the name is already used by channel\n"
        "error[duplicate-name] unit placement 'y': the name is already used by argument\n"
        "error[port-unbound] unit placement 'y' port 'in': is never bound; bind it, to loom::unbound for instances "
        "without that connection\n"
        "error[no-writer] channel 'x': has no writer and no reader\n"
        "error[argument-unused] argument 'y': is addressed by no process\n");
}

TEST_CASE("a parameter out of range, or an extent naming no parameter, is refused", "[compose]") {
  CHECK(errors_of(example::architecture({}).value(), {{"N", 0}}) ==
        "error[parameter-out-of-range] parameter 'N': 0 is outside its range [1, 4096]\n");
  CHECK(errors_of(example::architecture({}).value(), {{"QD", 1}, {"Z", 1}}) ==
        "error[unknown-parameter] parameter 'Z': is not declared; the parameters are T, N, K, QD\n");

  Architecture arch("extents", small_params());
  arch.channel<Narrow>("c", vec("M"), "QD", "unknown extent");
  arch.memory<Narrow>("m", 0);
  CHECK(errors_of(arch) ==
        "error[unknown-parameter] channel 'c' extent 0: names 'M', which is not a parameter\n"
        "error[invalid-extent] memory 'm' rows: 0 = 0, but it must be at least 1\n");
}

TEST_CASE("a port bound to nothing declared, to the wrong kind of object, or not at all is refused", "[compose]") {
  Architecture arch("ports", small_params());
  Handle c = arch.channel<Narrow>("c", one(), "QD", "one word");
  Handle m = arch.memory<Narrow>("m", 4);
  place<test::Source>(arch, "src", one()).bind(test::Source::out, Ref{ObjectKind::channel, "nowhere", Index::one()});
  place<test::Sink>(arch, "dst", one()).bind(test::Sink::in, m());
  place<test::Relay>(arch, "relay", one()).bind(test::Relay::in, c());
  arch.place(describe<test::Keeper>(), "keeper", one()).bind("mem", m()).bind("mem", m()).bind("memory", m());
  CHECK(errors_of(arch) ==
        "error[unknown-name] unit 'src' port 'out': is bound to 'nowhere', which the architecture does not declare\n"
        "error[port-kind-mismatch] unit 'dst' port 'in': is a reads port and needs a channel, but 'm' is a memory\n"
        "error[port-unbound] unit placement 'relay' port 'out': is never bound; bind it, to loom::unbound for instances "
        "without that connection\n"
        "error[port-bound-twice] unit placement 'keeper' port 'mem': is bound more than once\n"
        "error[unknown-port] unit placement 'keeper' port 'memory': is bound, but unit 'keeper' declares no such port\n"
        "error[no-writer] channel 'c': has no writer; it is read by relay.in\n");
}

TEST_CASE("a unit reading a parameter the set does not declare is refused", "[compose]") {
  ParameterSet p;
  p.param("N", 1, 1, 4, "n");
  Architecture arch("params", p);
  Handle a = arch.argument<Narrow>("A", 4, "rows");
  place<test::DramReader>(arch, "rd", one()).bind(test::DramReader::src, a());
  CHECK(errors_of(arch) ==
        "error[unknown-parameter] unit placement 'rd': its unit 'dram_reader' reads parameter 'LEN', which the "
        "parameter set does not declare\n");
}

TEST_CASE("a grid placement gives each instance its [r][c] index and binds it", "[compose]") {
  ParameterSet p;
  p.param("R", 2, 1, 8, "rows");
  p.param("C", 3, 1, 8, "columns");
  Architecture arch("grid", p);
  // Each row is a chain running east: src[r] -> cell[r][0] -> ... -> cell[r][C-1] -> dst[r].
  Handle east = arch.channel<Narrow>("east", grid("R", "C"), 2, "one word per cell, eastwards");
  Handle in = arch.channel<Narrow>("in", vec("R"), 2, "row inputs");
  place<test::Source>(arch, "src", vec("R")).bind(test::Source::out, [in](const Index& i) -> Binding { return in(i[0]); });
  place<test::Relay>(arch, "cell", grid("R", "C"))
      .bind(test::Relay::in, [in, east](const Index& i) -> Binding { return i[1] == 0 ? in(i[0]) : east(i[0], i[1] - 1); })
      .bind(test::Relay::out, [east](const Index& i) -> Binding { return east(i[0], i[1]); });
  place<test::Sink>(arch, "dst", vec("R"))
      .bind(test::Sink::in, [east](const Index& i, const ParamValues& v) -> Binding { return east(i[0], v["C"] - 1); });
  auto r = arch.compose();
  REQUIRE(r.ok());
  const Region& region = r.value();
  REQUIRE(region.processes.size() == 2 + 6 + 2);
  CHECK(region.processes[2].name() == "cell[0][0]");
  CHECK(region.processes[7].name() == "cell[1][2]");
  CHECK(region.channels.size() == 6 + 2);
  CHECK(region.channels[4].label() == "east[1][1]");
  CHECK(region.describe(region.channels[4].writer) == "cell[1][1].out");
  CHECK(region.describe(region.channels[4].reader) == "cell[1][2].in");
  CHECK(region.describe(region.channels[5].reader) == "dst[1].in");
}

TEST_CASE("one process addressing an argument through two ports is not sharing it", "[compose]") {
  Architecture arch("inplace", small_params());
  Handle a = arch.argument<Narrow>("A", 4, "updated in place");
  place<test::Copier>(arch, "copy", one()).bind(test::Copier::src, a()).bind(test::Copier::dst, a());
  CHECK(arch.compose().ok());
}

TEST_CASE("an object whose extent fails is reported once, not again at each binding", "[compose]") {
  Architecture arch("quiet", small_params());
  Handle c = arch.channel<Narrow>("c", vec("M"), "QD", "unknown extent");
  place<test::Source>(arch, "src", one()).bind(test::Source::out, c(0));
  place<test::Sink>(arch, "dst", one()).bind(test::Sink::in, c(0));
  CHECK(errors_of(arch) == "error[unknown-parameter] channel 'c' extent 0: names 'M', which is not a parameter\n");
}

TEST_CASE("an explicitly unbound port leaves no endpoint", "[compose]") {
  Architecture arch("ends", small_params());
  Handle c = arch.channel<Narrow>("c", one(), "QD", "one word");
  place<test::Relay>(arch, "relay", one())
      .bind(test::Relay::in, [](const Index&) -> Binding { return unbound; })
      .bind(test::Relay::out, c());
  place<test::Sink>(arch, "dst", one()).bind(test::Sink::in, c());
  auto r = arch.compose();
  REQUIRE(r.ok());
  CHECK(!r.value().processes[0].ports[0].bound());
  CHECK(r.value().processes[0].ports[1].bound());
}

}  // namespace
}  // namespace loom

namespace loom {
namespace {

TEST_CASE("a width mismatch repeated by every instance of an array is one error, and nothing cascades", "[compose]") {
  ParameterSet p;
  p.param("R", 64, 1, 64, "rows");
  Architecture arch("wide", p);
  Handle c = arch.channel<test::Wide>("c", vec("R"), 2, "words of the wrong width");
  place<test::Source>(arch, "src", vec("R")).bind(test::Source::out, [c](const Index& i) -> Binding { return c(i[0]); });
  place<test::WideSink>(arch, "dst", vec("R")).bind(test::WideSink::in, [c](const Index& i) -> Binding { return c(i[0]); });
  auto region = arch.compose({});
  REQUIRE_FALSE(region.ok());
  REQUIRE(region.status().errors().size() == 1);
  const Error& e = region.status().errors().front();
  CHECK(e.kind == "width-mismatch");
  CHECK(e.where == "unit 'src[0]' port 'out'");
  CHECK(e.message.find("(and so are 63 more instances of 'src')") != std::string::npos);
}

}  // namespace
}  // namespace loom

namespace loom {
namespace {

// describe's columns were fixed widths, and a cell as long as its column ran
// into the next ("controller.data_inthe input"): every cell but a row's last
// is now followed by at least a space, however long.
TEST_CASE("describe keeps every column apart from the next when a name outgrows its column", "[compose][describe]") {
  Architecture arch("long_names", small_params());
  Handle c = arch.channel<Narrow>("a_channel_of_long_name", one(), "QD", "the words");
  Handle a = arch.argument<Narrow>("an_argument_of_long_name", "LEN", "the input");
  Handle m = arch.memory<Narrow>("a_memory_of_long_name", "LEN");
  place<test::Source>(arch, "a_source_of_long_name", one()).bind(test::Source::out, c());
  place<test::Sink>(arch, "sink", one()).bind(test::Sink::in, c());
  place<test::DramReader>(arch, "controller", one()).bind(test::DramReader::src, a());
  place<test::Keeper>(arch, "keeper", one()).bind(test::Keeper::mem, m());
  auto region = arch.compose();
  INFO(region.status().to_string());
  REQUIRE(region.ok());
  const std::string text = describe(region.value());
  INFO(text);
  // The user's port names more than its column's 16 characters.
  CHECK(std::regex_search(text, std::regex(R"(\n  an_argument_of_long_name +4 x 4x8 +controller\.src +the input\n)")));
  CHECK(std::regex_search(text, std::regex(R"(\n  a_channel_of_long_name +x1 +4x8 +depth 2 +the words\n)")));
  CHECK(std::regex_search(text, std::regex(R"(\n  a_memory_of_long_name +x1 +4 x 4x8 +owned by keeper\.mem, )")));
  CHECK(std::regex_search(text, std::regex(R"(\n  a_source_of_long_name +source +x1 +II=1 depth=1\n)")));
  // A column is as wide as its widest cell and a space: the short names line up under the long.
  CHECK(text.find("\n  sink                  sink        x1     II=1 depth=1\n") != std::string::npos);

  // A cell exactly as wide as its column's minimum is followed by a space too,
  // and the columns short names fill keep their widths.
  Architecture exact("exact", small_params());
  Handle x = exact.argument<Narrow>("A", "LEN", "the input");
  place<test::DramReader>(exact, "controller_a", one()).bind(test::DramReader::src, x());  // 16 characters with ".src"
  auto exact_region = exact.compose();
  REQUIRE(exact_region.ok());
  CHECK(describe(exact_region.value()).find("\n  A           4 x 4x8          controller_a.src the input\n") != std::string::npos);
}

}  // namespace
}  // namespace loom
