// A suite of hostile inputs across the spec, its machine table, assembly, CSV
// and the command line: each row one bad input, asserting the kind of error it
// gets and where that error points. None may crash, hang or be accepted.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "common/csv.h"
#include "tests/loom_cli.h"
#include "machines/tinytpu/assembler.h"
#include "machines/tinytpu/build.h"
#include "spec/action_machine.h"
#include "spec/isa_spec.h"

namespace loom {
namespace {

struct Row {
  std::string input;  // what the row replaces or feeds
  std::string kind;   // the error kind it must get
  std::string where;  // a part of that error's `where`
};

using test::slurp;

bool found(const Status& s, const Row& row) {
  for (const Error& e : s.errors())
    if (e.kind == row.kind && e.where.find(row.where) != std::string::npos) return true;
  return false;
}

// Spec edits: {from, to} on the real spec.
struct Edit {
  std::string from, to;
  Row expect;
};

Status spec_status(const std::string& text) {
  auto spec = spec::load_spec(text, "spec.json");
  if (!spec.ok()) return spec.status();
  auto build = spec.value().resolve();
  if (!build.ok()) return build.status();
  auto machine = spec::action_machine(spec.value(), build.value());
  if (!machine.ok()) return machine.status();
  auto unmodelled = spec::unmodelled(spec.value());
  return unmodelled.ok() ? Status() : unmodelled.status();
}

TEST_CASE("hostile specs and machine tables are refused at their path", "[hostile]") {
  const std::string real = slurp("machines/tinytpu/isa_spec.json");
  REQUIRE(spec_status(real).ok());
  const std::vector<Edit> edits = {
      {"\"word_bits\": 64", "\"word_bits\": 65", {"", "invalid-range", "/word_bits"}},
      {"\"word_bits\": 64", "\"word_bits\": 0", {"", "invalid-range", "/word_bits"}},
      {"\"word_bits\": 64", "\"word_bits\": \"64\"", {"", "wrong-type", "/word_bits"}},
      {"\"word_bits\": 64", "\"word_bits\": 1e400", {"", "bad-json", "spec.json"}},
      {"\"word_bits\": 64", "\"word_bits\": 64, \"word_bits\": 64", {"", "duplicate-key", "/word_bits"}},
      {"\"word_bits\": 64", "\"wrod_bits\": 64", {"", "unknown-key", "/wrod_bits"}},
      {"\"isa\": ", "\"isa\": 7, \"old\": ", {"", "unknown-key", "/old"}},
      {"{\"name\": \"f0\", \"lo\": 0, \"bits\": 12, \"doc\": \"operand field 0\"}", "{\"name\": \"f0\", \"lo\": 60, \"bits\": 12, \"doc\": \"x\"}", {"", "field-outside-word", "/fields/"}},
      {"{\"name\": \"f0\", \"lo\": 0, \"bits\": 12, \"doc\": \"operand field 0\"}", "{\"name\": \"f0\", \"lo\": 12, \"bits\": 12}", {"", "field-overlap", "/fields/"}},
      {"{\"name\": \"f0\", \"lo\": 0, \"bits\": 12, \"doc\": \"operand field 0\"}", "{\"name\": \"f1\", \"lo\": 0, \"bits\": 12}", {"", "duplicate-name", "/fields/"}},
      {"{\"name\": \"f0\", \"lo\": 0, \"bits\": 12, \"doc\": \"operand field 0\"}", "{\"name\": \"f0\", \"lo\": -1, \"bits\": 12}", {"", "field-outside-word", "/fields/0/lo"}},
      {"{\"name\": \"f0\", \"lo\": 0, \"bits\": 12, \"doc\": \"operand field 0\"}", "{\"name\": \"f0\", \"lo\": 0, \"bits\": 0}", {"", "invalid-range", "/fields/0/bits"}},
      {"{\"name\": \"f0\", \"lo\": 0, \"bits\": 12, \"doc\": \"operand field 0\"}", "{\"name\": \"f0\", \"lo\": 0}", {"", "missing-key", "/fields/0/bits"}},
      {"{\"name\": \"f0\", \"lo\": 0, \"bits\": 12, \"doc\": \"operand field 0\"}", "[]", {"", "wrong-type", "/fields/0"}},
      {"\"fields\": [", "\"fields\": " + std::string(70, '[') + std::string(70, ']') + ", \"x\": [", {"", "too-deep", "spec.json:/fields"}},
      {"{\"op\": \"vld\", \"scale\": \"1\", \"per\": \"row\"}", "{\"op\": \"vld\", \"scale\": \"T / 0\", \"per\": \"row\"}", {"", "division-by-zero", "/scale"}},
      {"{\"op\": \"vld\", \"scale\": \"1\", \"per\": \"row\"}", "{\"op\": \"vld\", \"scale\": \"T ^ 70\", \"per\": \"row\"}", {"", "overflow", "/scale"}},
      {"{\"op\": \"vld\", \"scale\": \"1\", \"per\": \"row\"}", "{\"op\": \"vld\", \"scale\": \"0 - 1\", \"per\": \"row\"}", {"", "illegal-value", "/scale"}},
      {"{\"op\": \"vld\", \"scale\": \"1\", \"per\": \"row\"}", "{\"op\": \"vld\", \"scale\": \"\", \"per\": \"row\"}", {"", "bad-expression", "/scale"}},
      {"{\"op\": \"vld\", \"scale\": \"1\", \"per\": \"row\"}", "{\"op\": \"vld\", \"scale\": \"((T\", \"per\": \"row\"}", {"", "bad-expression", "/scale"}},
      {"{\"op\": \"vld\", \"scale\": \"1\", \"per\": \"row\"}", "{\"op\": \"vld\", \"scale\": \"NOPE\", \"per\": \"row\"}", {"", "unknown-name", "/scale"}},
      {"{\"op\": \"vld\", \"scale\": \"1\", \"per\": \"row\"}", "{\"op\": \"vld\", \"scale\": \"1\", \"per\": \"often\"}", {"", "illegal-value", "/per"}},
      {"{\"op\": \"vld\", \"scale\": \"1\", \"per\": \"row\"}", "{\"op\": \"nope\", \"scale\": \"1\", \"per\": \"row\"}", {"", "unknown-opcode", "/op"}},
      {"MAXDIM ^ 3 / T ^ 2 + 2 * MAXDIM ^ 2 / T <= 32767", "MAXDIM / (T - T) <= 1", {"", "division-by-zero", "/program_limits/0/expr"}},
      {"MAXDIM ^ 3 / T ^ 2 + 2 * MAXDIM ^ 2 / T <= 32767", "MAXDIM ^ 3", {"", "bad-expression", "/program_limits/0"}},
      {"\"produces\": \"w\", \"times\": \"T\"}", "\"produces\": \"w\", \"tmies\": \"T\"}", {"", "unknown-key", "/tmies"}},
      {"\"produces\": \"w\", \"times\": \"T\"}", "\"produces\": \"w\", \"times\": 1000000}", {"", "illegal-value", "/times"}},
      {"\"produces\": \"w\", \"times\": \"T\"}", "\"produces\": \"w\", \"times\": \"T / 0\"}", {"", "division-by-zero", "/times"}},
      {"\"produces\": \"w\", \"times\": \"T\"}", "\"produces\": \"w\", \"times\": true}", {"", "wrong-type", "/times"}},
      {"\"count\": \"T\"}", "\"count\": 1099511627776}", {"", "illegal-value", "/reads/count"}},
      {"\"count\": \"T\"}", "\"count\": \"T\", \"strides\": 1}", {"", "unknown-key", "/reads/strides"}},
      {"\"claims\": [", "\"chanels\": [], \"claims\": [", {"", "unknown-key", "/machine/chanels"}},
      {"{\"name\": \"sequencer\", \"ports\"", "{\"name\": \"spm\", \"ports\"", {"", "duplicate-name", "/machine/units/"}},
      {"\"ports\": [{\"name\": \"fetch\"", "\"prots\": [{\"name\": \"fetch\"", {"", "unknown-key", "/prots"}},
      {"{\"where\": \"accu\", \"memory\": \"ar\",", "{\"where\": \"accu\", \"memory\": 7,", {"", "wrong-type", "/memory"}},
      {"\"unmodelled\": [", "\"unmodelled\": [{\"unit\": \"x\"}, ", {"", "missing-key", "/machine/unmodelled/0"}},
      {"\"unmodelled\": [", "\"unmodelled\": [{\"unit\": \"x\", \"port\": \"y\", \"reason\": \"z\", \"why\": 1}, ", {"", "unknown-key", "/machine/unmodelled/0/why"}},
      {"\"numerics\": \"exact\"", "\"numerics\": \"fuzzy\"", {"", "illegal-value", "/machine/numerics"}},
  };
  for (const Edit& e : edits) {
    INFO(e.to.substr(0, 80) << " -> " << e.expect.kind << " at " << e.expect.where);
    std::string text = real;
    const size_t at = text.find(e.from);
    REQUIRE(at != std::string::npos);
    text.replace(at, e.from.size(), e.to);
    const Status s = spec_status(text);
    INFO(s.to_string().substr(0, 600));
    CHECK(found(s, e.expect));
  }
}

TEST_CASE("hostile assembly is refused at its line", "[hostile]") {
  const tinytpu::isa::Params p = tinytpu::build_at(4, 16);
  const std::string ld = "dma_ld rows=4 route=1 dst=0 src=0 stride=4\n";
  const std::vector<Row> rows = {
      {"", "missing-halt", "the program"},
      {ld, "missing-halt", "the program"},
      {"frob rows=1\nhalt\n", "unknown-opcode", "hostile.s:1"},
      {"dma_st rows=4\nhalt\n", "retired-opcode", "hostile.s:1"},
      {"dma_ld rows=4 route=1 dst=0 src=0\nhalt\n", "missing-operand", "hostile.s:1"},
      {"dma_ld rows=4 route=1 dst=0 src=0 stride=4 stride=4\nhalt\n", "duplicate-operand", "hostile.s:1"},
      {"dma_ld rows=4 route=1 dst=0 src=0 stride=4 color=2\nhalt\n", "unknown-operand", "hostile.s:1"},
      {"dma_ld rows=4 route=1 dst=0 src=0 stride=99999\nhalt\n", "field-too-wide", "(line 1: dma_ld)"},
      {"dma_ld rows=0 route=1 dst=0 src=0 stride=4\nhalt\n", "zero-rows", "(line 1: dma_ld)"},
      {"dma_ld rows=4 route=7 dst=0 src=0 stride=4\nhalt\n", "illegal-value", "(line 1: dma_ld)"},
      {"loop 2 {\n" + ld + "halt\n", "unbalanced-loop", "hostile.s"},
      {"}\nhalt\n", "unbalanced-loop", "hostile.s:1"},
      {"loop 0 {\n" + ld + "}\nhalt\n", "zero-trips", "(line 1: loop)"},
      {"loop 2 {\n}\nhalt\n", "empty-loop", "(line 1: loop)"},
      {"loop 2 {\nloop 2 {\nloop 2 {\nloop 2 {\n" + ld + "}\n}\n}\n}\nhalt\n", "loop-too-deep", "(line 4: loop)"},
      {"halt\n" + ld, "after-halt", "(line 2: dma_ld)"},
      {"dma_ld rows=4 route=1 dst=100 src=0 stride=4\nhalt\n", "row-out-of-range", "(line 1: dma_ld)"},
      {"dma_ld rows=4 route=1 dst=0 src=0 stride=4 src+=L0*4\nhalt\n", "closed-loop-term", "(line 1: dma_ld)"},
      {"loop 2 {\ndma_ld rows=4 route=1 dst=0 src=0 stride=4 rows+=L0*1\n}\nhalt\n", "unknown-operand", "hostile.s:2"},
      {"mm rows=4 act=0 wgt=0 acc=0 dst=0\nhalt\n", "unwritten-read", "(line 1: mm)"},
      {std::string("\x01\x02\xff\n", 4), "unknown-opcode", "hostile.s:1"},
      {"dma_ld rows=4 route=1 dst=0 src=0 stride=4 # fine\nhalt extra\n", "syntax", "hostile.s:2:6"},
  };
  for (const Row& row : rows) {
    INFO(row.input.substr(0, 80) << " -> " << row.kind << " at " << row.where);
    auto a = tinytpu::assemble_text(row.input, "hostile.s", p);
    REQUIRE(!a.ok());
    INFO(a.status().to_string().substr(0, 400));
    CHECK(found(a.status(), row));
  }
}

TEST_CASE("hostile CSV is refused at file:line:column", "[hostile]") {
  const std::vector<Row> rows = {
      {"", "csv-empty", "m.csv:1:1"},
      {"\n\n  \n", "csv-empty", "m.csv:1:1"},
      {"1,2\n3\n", "csv-ragged", "m.csv:2:1"},
      {"1\n2,3\n", "csv-ragged", "m.csv:2:1"},
      {"1,x\n", "csv-value", "m.csv:1:3"},
      {"1,,2\n", "csv-value", "m.csv:1:3"},
      {"128\n", "csv-value", "m.csv:1:1"},
      {"-129\n", "csv-value", "m.csv:1:1"},
      {"99999999999999999999\n", "csv-value", "m.csv:1:1"},
      {"0x10\n", "csv-value", "m.csv:1:1"},
      {"1.5\n", "csv-value", "m.csv:1:1"},
      {"1;2\n", "csv-value", "m.csv:1:1"},
      {std::string("1,\0", 3) + "\n", "csv-value", "m.csv:1:3"},
      {"1,2,\n", "csv-value", "m.csv:1:5"},
  };
  for (const Row& row : rows) {
    INFO(row.input << " -> " << row.kind << " at " << row.where);
    auto r = parse_csv(row.input, "m.csv", -128, 127);
    REQUIRE(!r.ok());
    CHECK(found(r.status(), row));
  }
}

using test::loom;
using test::Run;

// The real spec with an unmodelled entry that lacks its port and reason.
std::string broken_unmodelled() {
  std::string text = slurp("machines/tinytpu/isa_spec.json");
  const std::string from = "\"unmodelled\": [";
  text.replace(text.find(from), from.size(), from + "{\"unit\": \"x\"}, ");
  const char* tmp = std::getenv("TEST_TMPDIR");
  const std::string path = std::string(tmp ? tmp : "/tmp") + "/broken_unmodelled.json";
  std::ofstream(path) << text;
  return path;
}

TEST_CASE("hostile command lines are refused by name", "[hostile]") {
  struct Line {
    std::string args;
    int exit_code;
    std::string error;  // the start of the first line on standard error
  };
  const std::vector<Line> lines = {
      {"", 2, "loom: error[usage] `loom`:"},
      {"frob", 2, "loom: error[usage] `loom`: 'frob' is not a verb"},
      {"--machine tinytpu sim", 2, "loom: error[usage] `loom`: '--machine' comes before the verb"},
      {"sim --machine", 2, "loom: error[usage] `loom sim`:"},
      {"sim --machine nope", 2, "loom: error[unknown-machine] machine 'nope'"},
      {"sim --param", 2, "loom: error[usage] `loom sim`:"},
      {"sim --param T", 2, "loom: error[bad-override] 'T'"},
      {"sim --param =4", 2, "loom: error[bad-override]"},
      {"sim --param T=4=5", 2, "loom: error[bad-override]"},
      {"sim --param T=99999999999999999999", 2, "loom: error[bad-override]"},
      {"sim --param T=4 --param T=4", 2, "loom: error[duplicate-override] parameter 'T'"},
      {"sim --param NOPE=1", 1, "loom: error[unknown-parameter]"},
      {"sim --machine example --param N=0", 1, "loom: error[parameter-out-of-range] parameter 'N'"},
      {"sim --machine tinytpu --param T=6", 1, "loom: error[not-built] parameter 'T'"},
      {"sim --seed -1", 2, "loom: error[usage] `loom sim`: --seed"},
      {"sim --seed 1 --seed 2", 2, "loom: error[usage] `loom sim`: --seed"},
      {"sim --max-steps 0", 2, "loom: error[usage] `loom sim`: --max-steps"},
      {"sim --trace /nonexistent/x.json", 1, "loom: error[trace]"},
      {"sim --json --json", 2, "loom: error[usage] `loom sim`: --json"},
      {"describe --gemm 4x4x4", 2, "loom: error[usage] `loom describe`:"},
      {"stress --machine example", 2, "loom: error[verb-not-offered] machine 'example'"},
      {"asm", 2, "loom: error[usage] `loom asm`: FILE is required"},
      {"asm /dev/zero", 1, "loom: error[unreadable] file '/dev/zero': is not a regular file"},
      {"asm /", 1, "loom: error[unreadable] file '/': is a directory"},
      {"asm /no/such/file.s", 1, "loom: error[unreadable]"},
      {"ref x.s", 2, "loom: error[usage] `loom ref`:"},
      {"cost", 2, "loom: error[usage] `loom cost`: needs a program FILE"},
      {"cost --gemm 4x4", 2, "loom: error[usage] option '--gemm'"},
      {"cost --gemm 0x4x4", 2, "loom: error[usage] option '--gemm'"},
      {"cost --gemm 4x4x4 --bench", 2, "loom: error[usage] `loom cost`:"},
      {"gen-isa --param T=4", 2, "loom: error[usage] `loom gen-isa`:"},
      {"gen-isa --check --spec /dev/zero", 1, "loom: error[unreadable]"},
      {"hls", 2, "loom: error[usage] `loom hls`: --out is required"},
      {"hls --out x --part 'a b'", 2, "loom: error[bad-part]"},
      {"hls --out x --clock-ns inf", 2, "loom: error[bad-clock]"},
      {"hls --out /dev/null", 1, "loom: error[hls-output] /dev/null"},
      {"cost --gemm 4x4x4 --spec " + broken_unmodelled(), 1, "loom: error[missing-key] /machine/unmodelled/0"},
      {"sim --machine dottree --param RED_LANES=3", 1, "loom: error[not-built] configuration NUMERICS=0 RED_LANES=3"},
      {"sim --machine dottree --param RED_LANES=-8", 1, "loom: error[not-built] configuration NUMERICS=0 RED_LANES=-8"},
      {"sim --machine dottree --param NUMERICS=1 --param RED_IN_BITS=16", 1, "loom: error[not-built]"},
      {"sim --machine dottree --param NUMERICS=7", 1, "loom: error[not-built] configuration NUMERICS=7"},
      {"sim --machine dottree --param ROWS=0", 1, "loom: error[parameter-out-of-range] parameter 'ROWS'"},
      {"sim --machine dottree --param ROWS=2000000", 1, "loom: error[parameter-out-of-range] parameter 'ROWS'"},
      {"sim --machine dottree --param QD=0", 1, "loom: error[parameter-out-of-range] parameter 'QD'"},
      {"sim --machine dottree --param SUM_BITS=8", 1, "loom: error[derived-parameter] parameter 'SUM_BITS'"},
      {"sim --machine dottree --param T=4", 1, "loom: error[unknown-parameter] parameter 'T'"},
      {"cost --machine dottree --gemm 4x4x4", 2, "loom: error[usage] `loom cost`: dottree's cost does not take '--gemm 4x4x4'"},
      {"project --machine dottree --root .", 2, "loom: error[usage] `loom project`: dottree's project does not take '--root .'"},
      {"stress --machine dottree --param ROWS=4", 2, "loom: error[usage] `loom stress`: dottree's stress does not take '--param"},
      {"hls --machine dottree --param ROWS=1048576 --param RED_LANES=32 --out " + std::string(std::getenv("TEST_TMPDIR")) +
           "/big",
       1, "loom: error[hls-test-too-large] region 'dottree'"},
  };
  for (const Line& l : lines) {
    INFO("loom " << l.args);
    const Run r = loom(l.args);
    INFO(r.err);
    CHECK(r.exit_code == l.exit_code);
    CHECK(r.err.rfind(l.error, 0) == 0);
  }
}

}  // namespace
}  // namespace loom
