// Every number `loom hls` writes, read back out of the emitted files and held
// to where it comes from: the composed region (stream depths and widths,
// memory rows and partitions, argument sizes, parameters, IIs), the options
// (part, clock) and the test runs (the testbench's arrays and data). The files
// are parsed; nothing here calls the emitter's own helpers, so a number the
// emitter gets wrong cannot be agreed with by the test.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <regex>
#include <set>
#include <string>

#include "tests/hls/emitted.h"

namespace loom::test {
namespace {

using Matches = std::vector<std::smatch>;

// Every match of `pattern` in `text`; each points into `text`, which must
// outlive them.
Matches all(const std::string& text, const std::string& pattern) {
  const std::regex re(pattern);
  Matches out;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator(); ++it) out.push_back(*it);
  return out;
}

// The smallest power of two of at least `bits` and at least 8: an m_axi
// element (UG1448: a data port is 8 to 1024 bits, a power of two).
int element_bits(int bits) {
  int e = 8;
  while (e < bits) e *= 2;
  return e;
}

const std::vector<std::pair<std::string, Overrides>> kMachines = {
    {"example", {{"QD", 3}}},
    {"matvec", {}},
    {"dottree", {{"RED_LANES", 16}}},
    {"dottree", {{"NUMERICS", 1}, {"RED_LANES", 4}}},
    {"tinytpu", {{"QD", 3}, {"DATA_QD", 5}}},
    {"tinytpu", {{"T", 8}, {"MAXDIM", 16}}},
};

TEST_CASE("every stream's width and depth in the top is its channel's", "[hls][values]") {
  for (const auto& [machine, overrides] : kMachines) {
    INFO(machine);
    const Emitted e = emit_machine(machine, overrides);
    const std::string& top = e.project.files.at("top.cpp");
    std::map<std::string, std::pair<int, int64_t>> seen;  // label: width, depth
    for (const auto& m : all(top, R"re(hls::stream<ap_uint<(\d+)> > (\w+)\("([^"]+)"\);\n#pragma HLS stream variable=(\w+) depth=(\d+)\n)re")) {
      CHECK(m[2] == m[4]);
      CHECK(seen.emplace(m[3], std::pair{std::stoi(m[1]), std::stoll(m[5])}).second);
    }
    REQUIRE(seen.size() == e.region.channels.size());
    for (const ChannelInstance& c : e.region.channels) {
      INFO(c.label());
      REQUIRE(seen.count(c.label()) == 1);
      CHECK(seen.at(c.label()).first == c.word.bits());
      CHECK(seen.at(c.label()).second == c.depth);
    }
  }
}

TEST_CASE("every argument's m_axi port, bundle and depth are its own, and depth is the testbench's array", "[hls][values]") {
  for (const auto& [machine, overrides] : kMachines) {
    INFO(machine);
    const Emitted e = emit_machine(machine, overrides);
    const std::string& top = e.project.files.at("top.cpp");
    const std::string& tb = e.project.files.at("tb.cpp");
    // The top's signature: one pointer per argument, in order.
    const Matches signature = all(top, R"re(extern "C" void \w+\(([^)]*)\) \{)re");
    REQUIRE(signature.size() == 1);
    const std::string list = signature[0][1];  // the matches below point into it
    const Matches params = all(list, R"re(ap_uint<(\d+)>\* (\w+))re");
    REQUIRE(params.size() == e.region.arguments.size());
    // The testbench's array of each argument: "loom_arg_ID[SIZE];  // NAME".
    std::map<std::string, std::pair<int, int64_t>> arrays;  // id: element bits, size
    std::map<std::string, std::string> name_of;
    for (const auto& m : all(tb, R"re(static ap_uint<(\d+)> loom_arg_(\w+)\[(\d+)\];  // ([^\n]*)\n)re")) {
      arrays[m[2]] = {std::stoi(m[1]), std::stoll(m[3])};
      name_of[m[2]] = m[4];
    }
    const Matches axi = all(top, R"re(#pragma HLS interface m_axi port=(\w+) bundle=(\w+) offset=slave depth=(\d+) )re");
    REQUIRE(axi.size() == e.region.arguments.size());
    std::set<std::string> bundles;
    for (size_t a = 0; a < e.region.arguments.size(); ++a) {
      const ArgumentInstance& arg = e.region.arguments[a];
      const std::string id = params[a][2];
      INFO("argument " << arg.name << " (" << id << ")");
      CHECK(std::stoi(params[a][1]) == element_bits(arg.word.bits()));
      CHECK(axi[a][1] == id);
      CHECK(axi[a][2] == "gmem_" + id);  // a bundle of its own, named for its port
      bundles.insert(axi[a][2]);
      CHECK(std::stoll(axi[a][3]) == arg.size);
      REQUIRE(arrays.count(id) == 1);
      CHECK(name_of.at(id) == arg.name);
      CHECK(arrays.at(id).first == element_bits(arg.word.bits()));
      CHECK(arrays.at(id).second == std::stoll(axi[a][3]));  // cosim allocates depth= elements
      // The testbench fills and compares the whole array, at the word's width.
      const Matches fill = all(tb, "loom_fill<(\\d+)>\\(loom_arg_" + id + ", (\\d+), ");
      REQUIRE(fill.size() == 1);
      CHECK(std::stoi(fill[0][1]) == arg.word.bits());
      CHECK(std::stoll(fill[0][2]) == arg.size);
      for (const auto& m : all(tb, "loom_compare<(\\d+)>\\(loom_arg_" + id + ", (\\d+), ")) {
        CHECK(std::stoi(m[1]) == arg.word.bits());
        CHECK(std::stoll(m[2]) == arg.size);
      }
    }
    CHECK(bundles.size() == e.region.arguments.size());
  }
}

TEST_CASE("every memory's array, partition and bound are its own, and every parameter's value the region's", "[hls][values]") {
  for (const auto& [machine, overrides] : kMachines) {
    INFO(machine);
    const Emitted e = emit_machine(machine, overrides);
    const std::string& top = e.project.files.at("top.cpp");
    std::map<std::string, const MemoryInstance*> memories;
    for (const MemoryInstance& m : e.region.memories) memories[m.label()] = &m;
    // "ap_uint<B> port[ROWS];  // memory LABEL, owned here", then its pragma.
    const Matches arrays = all(top, R"re(\n  ap_uint<(\d+)> (\w+)\[(\d+)\];  // memory ([^,]+), owned here\n#pragma HLS (\w+) variable=(\w+) ([^\n]*)\n)re");
    REQUIRE(arrays.size() == e.region.memories.size());
    for (const auto& m : arrays) {
      INFO("memory " << m[4]);
      REQUIRE(memories.count(m[4]) == 1);
      const MemoryInstance& memory = *memories.at(m[4]);
      CHECK(std::stoi(m[1]) == memory.word.bits());
      CHECK(std::stoll(m[3]) == memory.rows);
      CHECK(m[6] == m[2]);
      if (memory.registers()) {
        // A one-dimensional array: its only dimension, 1, partitioned whole.
        CHECK(m[5] == "array_partition");
        CHECK(m[7].str().rfind("complete dim=1 ", 0) == 0);
      } else {
        CHECK(m[5] == "bind_storage");
      }
    }
    // Every load and store a context gives a bound memory or argument port
    // checks its row against that target's own rows or size, once each.
    std::map<std::string, int64_t> bound;  // "process port verb" -> the rows checked against
    for (const auto& m : all(top, R"re(loom::hls_target::row\(row, (\d+), "([^"]+)", "(\w+)", "(load|store)"\))re"))
      CHECK(bound.emplace(m[2].str() + " " + m[3].str() + " " + m[4].str(), std::stoll(m[1])).second);
    size_t accesses = 0;
    for (const Process& p : e.region.processes)
      for (size_t k = 0; k < p.ports.size(); ++k) {
        const PortInfo& port = p.unit->ports[k];
        const Target& t = p.ports[k];
        if (!t.bound() || port.kind == PortKind::reads || port.kind == PortKind::writes) continue;
        const int64_t rows = t.kind == ObjectKind::memory ? e.region.memories[static_cast<size_t>(t.id)].rows
                                                          : e.region.arguments[static_cast<size_t>(t.id)].size;
        for (const auto& [verb, used] : {std::pair{"load", port.access != Access::write}, {"store", port.access != Access::read}}) {
          if (!used) continue;
          const std::string key = p.name() + " " + port.name + " " + verb;
          INFO(key);
          ++accesses;
          REQUIRE(bound.count(key) == 1);
          CHECK(bound.at(key) == rows);
        }
      }
    CHECK(bound.size() == accesses);
    // Each parameter a body reads is the region's value.
    const Matches values = all(top, R"re(int64_t param\(unit::\w+_param\) const \{ return (-?\d+); \}  // (\w+)\n)re");
    for (const auto& m : values) {
      INFO("parameter " << m[2]);
      CHECK(std::stoll(m[1]) == e.region.params[m[2].str()]);
    }
  }
}

// The pragma names the unit's own pipeline.ii (loom_ii); the numbers written
// are each unit type's, said above its header, and each process's, which its
// context holds the declaration to.
TEST_CASE("every unit's pipeline II is its declared II", "[hls][values]") {
  for (const auto& [machine, overrides] : kMachines) {
    INFO(machine);
    const Emitted e = emit_machine(machine, overrides);
    const std::string& top = e.project.files.at("top.cpp");
    std::map<std::string, int> by_type, by_process;
    for (const auto& m : all(top, R"re(// Unit '\w+': ([^\n]+), from [^\n]+\.\n// Its loops \(LOOM_PIPELINE\) get: #pragma HLS pipeline II=(\d+), its own pipeline.ii as loom_ii\n)re"))
      by_type[m[1]] = std::stoi(m[2]);
    for (const auto& m : all(top, R"re(\n// ([^\n]+): unit '\w+'\nstruct \w+ \{\n  typedef [^\n]+ unit;\n  static_assert\(unit::pipeline\.ii == (\d+), )re"))
      by_process[m[1]] = std::stoi(m[2]);
    CHECK(all(top, R"re(#define LOOM_HLS_LOOP\(io\) [^\n]*LOOM_PRAGMA\(HLS pipeline II=loom_ii\))re").size() ==
          all(top, R"re(#define LOOM_HLS_LOOP\(io\) )re").size());
    for (const Process& p : e.region.processes) {
      INFO(p.name());
      REQUIRE(by_type.count(p.unit->type) == 1);
      CHECK(by_type.at(p.unit->type) == p.unit->pipeline.ii);
      REQUIRE(by_process.count(p.name()) == 1);
      CHECK(by_process.at(p.name()) == p.unit->pipeline.ii);
    }
  }
}

// The beat Vitis may widen an argument's bursts to (UG1399 "Automatic Port
// Width Resizing"): its element, or the smaller of the declared limit and
// the alignment's bits where that is wider.
int beat_bits(const ArgumentInstance& a) {
  const int e = element_bits(a.word.bits());
  if (a.axi.max_widen_bits == 0) return e;
  return std::max(e, std::min(a.axi.max_widen_bits, 8 * a.axi.alignment_bytes));
}

TEST_CASE("every argument's widening, the script's alignment and the testbench's alignas are the declared ones",
          "[hls][values][widen]") {
  for (const auto& [machine, overrides] : kMachines) {
    INFO(machine);
    const Emitted e = emit_machine(machine, overrides);
    const std::string& top = e.project.files.at("top.cpp");
    const std::string& tb = e.project.files.at("tb.cpp");
    const std::string& tcl = e.project.files.at("run_hls.tcl");
    const Matches axi = all(top, R"re(#pragma HLS interface m_axi port=(\w+) ([^\n]*)\n)re");
    REQUIRE(axi.size() == e.region.arguments.size());
    int told = 0;  // the alignment Vitis must be told: the largest a widened argument declares
    for (const ArgumentInstance& a : e.region.arguments)
      if (beat_bits(a) > element_bits(a.word.bits())) told = std::max(told, a.axi.alignment_bytes);
    for (size_t a = 0; a < e.region.arguments.size(); ++a) {
      const ArgumentInstance& arg = e.region.arguments[a];
      const std::string id = axi[a][1], options = axi[a][2];
      INFO("argument " << arg.name << " (" << id << ")");
      const Matches widen = all(options, R"re( max_widen_bitwidth=(\d+)$)re");
      if (beat_bits(arg) > element_bits(arg.word.bits())) {
        REQUIRE(widen.size() == 1);
        CHECK(std::stoi(widen[0][1]) == beat_bits(arg));
      } else {
        CHECK(options.find("max_widen_bitwidth") == std::string::npos);
      }
      const Matches array = all(tb, "\n(alignas\\((\\d+)\\) alignas\\(ap_uint<\\d+>\\) )?static ap_uint<\\d+> loom_arg_" + id + "\\[");
      REQUIRE(array.size() == 1);
      const int aligned = std::max(told, arg.axi.alignment_bytes);
      CHECK(array[0][1].matched == (aligned > 1));
      if (array[0][1].matched) CHECK(std::stoi(array[0][2]) == aligned);
    }
    // One config_interface: the global widening limit 0, and the alignment where a port widens.
    const Matches config = all(tcl, R"re(\nconfig_interface -m_axi_max_widen_bitwidth 0( -m_axi_alignment_byte_size (\d+))?\n)re");
    CHECK(all(tcl, "config_interface").size() == 1);
    REQUIRE(config.size() == 1);
    CHECK(config[0][1].matched == (told > 0));
    if (config[0][1].matched) CHECK(std::stoi(config[0][2]) == told);
  }
}

TEST_CASE("the script's part and clock are the options given", "[hls][values]") {
  const Emitted e = emit_machine("example", {});
  auto runs = hls_extension(*find_machine("example").value()).runs(e.region);
  REQUIRE(runs.ok());
  for (const hls::Options& options : {hls::Options{}, hls::Options{"xc7z020clg400-1", 7.5}, hls::Options{"xcvu9p-flga2104-2-i", 0.5}}) {
    INFO(options.part << " at " << options.clock_ns << " ns");
    auto project = hls::emit(e.region, options, {}, runs.value());
    REQUIRE(project.ok());
    const std::string& tcl = project.value().files.at("run_hls.tcl");
    const Matches part = all(tcl, R"re(\nset_part \{([^}]*)\}\n)re");
    REQUIRE(part.size() == 1);
    CHECK(part[0][1] == options.part);
    const Matches clock = all(tcl, R"re(\ncreate_clock -period ([0-9.]+) -name default\n)re");
    REQUIRE(clock.size() == 1);
    CHECK(std::stod(clock[0][1]) == options.clock_ns);
    const Matches top = all(tcl, R"re(\nset_top (\w+)\n)re");
    REQUIRE(top.size() == 1);
    CHECK(top[0][1] == project.value().top);
  }
}

// The data's limbs, as the testbench reads them: row-major, (B + 63) / 64 to
// a word, least significant first.
std::vector<uint64_t> limbs(const std::string& list) {
  std::vector<uint64_t> out;
  for (const auto& m : all(list, R"re(0x([0-9a-f]{16}))re")) out.push_back(std::stoull(m[1], nullptr, 16));
  return out;
}

TEST_CASE("the testbench's data is every run's, every input row given and every expected row whole", "[hls][values]") {
  for (const auto& [machine, overrides] : kMachines) {
    INFO(machine);
    const Emitted e = emit_machine(machine, overrides);
    auto runs = hls_extension(*find_machine(machine).value()).runs(e.region);
    REQUIRE(runs.ok());
    const std::string& data = e.project.files.at("loom_tb_data.h");
    const Matches count = all(data, R"re(static const int kLoomRunCount = (\d+);)re");
    REQUIRE(count.size() == 1);
    CHECK(std::stoul(count[0][1]) == runs.value().size());
    std::map<std::string, std::vector<uint64_t>> arrays;
    for (const auto& m : all(data, R"re(static const uint64_t (\w+)\[\] = \{([^}]*)\};)re")) arrays[m[1]] = limbs(m[2]);
    const Matches table = all(data, R"re(\n    \{"((?:[^"\\]|\\.)*)"([^\n]*)\},)re");
    REQUIRE(table.size() == runs.value().size());
    const std::string& tb = e.project.files.at("tb.cpp");
    const Matches ids = all(tb, R"re(static ap_uint<\d+> loom_arg_(\w+)\[\d+\];  // ([^\n]*)\n)re");
    REQUIRE(ids.size() == e.region.arguments.size());
    for (size_t r = 0; r < runs.value().size(); ++r) {
      const hls::TestRun& run = runs.value()[r];
      INFO("run " << run.name);
      CHECK(table[r][1] == run.name);
      const std::string row = table[r][2];  // the matches below point into it
      const Matches fields = all(row, R"re(, (\w+))re");
      REQUIRE(fields.size() == 4 * ids.size());  // per argument: input, its rows, expected, binary32
      for (size_t a = 0; a < ids.size(); ++a) {
        const std::string name = ids[a][2];
        INFO("argument " << name);
        // Inputs: the rows up to the last nonzero one, as given.
        const std::string in = fields[4 * a][1], rows = fields[4 * a + 1][1], expected = fields[4 * a + 2][1];
        CHECK(fields[4 * a + 3][1] == (run.binary32.count(name) ? "1" : "0"));
        if (auto given = run.inputs.find(name); given != run.inputs.end() && in != "0") {
          const Buffer& b = given->second;
          const std::vector<uint64_t>& got = arrays.at(in);
          CHECK(static_cast<int64_t>(got.size()) == std::stoll(rows) * b.stride());
          for (size_t i = 0; i < got.size(); ++i) CHECK(got[i] == b.row(static_cast<int64_t>(i / b.stride()))[i % b.stride()]);
          for (int64_t k = std::stoll(rows); k < b.rows(); ++k)
            for (unsigned l = 0; l < b.stride(); ++l) CHECK(b.row(k)[l] == 0);  // only zeros are left out
        } else {
          CHECK(rows == "0");
          if (given != run.inputs.end())
            for (int64_t k = 0; k < given->second.rows(); ++k)
              for (unsigned l = 0; l < given->second.stride(); ++l) CHECK(given->second.row(k)[l] == 0);
        }
        // Expected: every row, zeros too.
        if (auto want = run.expected.find(name); want != run.expected.end()) {
          REQUIRE(expected != "0");
          const Buffer& b = want->second;
          const std::vector<uint64_t>& got = arrays.at(expected);
          REQUIRE(static_cast<int64_t>(got.size()) == b.rows() * b.stride());
          for (size_t i = 0; i < got.size(); ++i) CHECK(got[i] == b.row(static_cast<int64_t>(i / b.stride()))[i % b.stride()]);
        } else {
          CHECK(expected == "0");
        }
      }
    }
  }
}

}  // namespace
}  // namespace loom::test
