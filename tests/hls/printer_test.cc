// The C++ printer the HLS emitter writes through (compose/hls/printer.h): its
// literals read back as what was given, whatever the bytes; its pragmas are
// Vitis's syntax; it tells an identifier from what is not one; its lines,
// blocks and arrays are laid out as the emitted files have them.
#include <catch2/catch.hpp>

#include <string>

#include "compose/hls/printer.h"

namespace loom::hls {
namespace {

// What a C++ compiler reads a string or character literal's inside as, for
// the escapes the printer writes (\n \t \r \\ \" \' \? and \ooo); "<bad>" on
// anything else, a bare control character or a trigraph included.
std::string read_back(std::string_view inside) {
  std::string out;
  for (size_t i = 0; i < inside.size(); ++i) {
    const char c = inside[i];
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return "<bad>";
    if (c == '?' && i + 1 < inside.size() && inside[i + 1] == '?') return "<bad>";  // ??x, a trigraph in C++14
    if (c != '\\') {
      out += c;
      continue;
    }
    if (++i == inside.size()) return "<bad>";
    const char e = inside[i];
    if (e == 'n') out += '\n';
    else if (e == 't') out += '\t';
    else if (e == 'r') out += '\r';
    else if (e == '\\' || e == '"' || e == '\'' || e == '?') out += e;
    else if (e >= '0' && e <= '7' && i + 2 < inside.size()) {
      out += static_cast<char>((e - '0') * 64 + (inside[i + 1] - '0') * 8 + (inside[i + 2] - '0'));
      i += 2;
    } else {
      return "<bad>";
    }
  }
  return out;
}

std::string inside_of(const std::string& literal, char quote) {
  REQUIRE(literal.size() >= 2);
  REQUIRE(literal.front() == quote);
  REQUIRE(literal.back() == quote);
  return literal.substr(1, literal.size() - 2);
}

TEST_CASE("a string literal escapes quotes, backslashes, newlines and every control character", "[hls][printer]") {
  const std::pair<std::string, std::string> cases[] = {
      {"c_dld", "\"c_dld\""},
      {"say \"hi\"", "\"say \\\"hi\\\"\""},
      {"a\\b", "\"a\\\\b\""},
      {"two\nlines", "\"two\\nlines\""},
      {"tab\there\r", "\"tab\\there\\r\""},
      {std::string("nul\0bell\x07", 9), "\"nul\\000bell\\007\""},
      {"del\x7f", "\"del\\177\""},
      {"\x01" "7", "\"\\0017\""},             // an octal escape is three digits: the 7 stays a digit
      {"what?" "?/", "\"what?\\?/\""},        // C++14 still reads ??/ as a backslash
      {"a single ' stays", "\"a single ' stays\""},
      {"\xc3\xa9t\xc3\xa9", "\"\xc3\xa9t\xc3\xa9\""},  // UTF-8 as it is
  };
  for (const auto& [given, written] : cases) CHECK(Printer::string_literal(given) == written);
  // Every byte, alone and in a run of all of them, reads back as itself.
  std::string every;
  for (int b = 0; b < 256; ++b) {
    const std::string one(1, static_cast<char>(b));
    INFO("byte " << b);
    CHECK(read_back(inside_of(Printer::string_literal(one), '"')) == one);
    every += one;
  }
  CHECK(read_back(inside_of(Printer::string_literal(every + "??" + every), '"')) == every + "??" + every);
}

TEST_CASE("a character literal escapes its own quote and what a string literal escapes", "[hls][printer]") {
  for (const auto& [given, written] : {std::pair{'a', "'a'"}, {'\'', "'\\''"}, {'"', "'\"'"}, {'\\', "'\\\\'"},
                                       {'\n', "'\\n'"}, {'\0', "'\\000'"}})
    CHECK(Printer::char_literal(given) == written);
  for (int b = 0; b < 256; ++b) {
    const char c = static_cast<char>(b);
    INFO("byte " << b);
    CHECK(read_back(inside_of(Printer::char_literal(c), '\'')) == std::string(1, c));
  }
}

TEST_CASE("a comment is one line, and no backslash in it splices the next", "[hls][printer]") {
  CHECK(Printer::comment_text("memory ar, owned here") == "memory ar, owned here");
  CHECK(Printer::comment_text("two\nlines\r\tand a tab") == "two lines  and a tab");
  CHECK(Printer::comment_text("ends in \\") == "ends in /");
  Printer p;
  p.comment("a\nb");
  CHECK(p.text() == "// a b\n");
}

TEST_CASE("a pragma is HLS, its kind, then its options: key=value or a bare word", "[hls][printer]") {
  CHECK(Pragma{"dataflow"}.text() == "HLS dataflow");
  CHECK(Pragma{"inline", {{"off"}}}.text() == "HLS inline off");
  CHECK(Pragma{"stream", {{"variable", "c_dld"}, {"depth", "16"}}}.text() == "HLS stream variable=c_dld depth=16");
  CHECK(Pragma{"array_partition", {{"variable", "node"}, {"complete"}, {"dim", "1"}}}.text() ==
        "HLS array_partition variable=node complete dim=1");
  CHECK(Pragma{"interface", {{"m_axi"}, {"port", "imem"}, {"bundle", "gmem_imem"}}}.text() ==
        "HLS interface m_axi port=imem bundle=gmem_imem");
  Printer p;
  p.open("void f()");
  p.pragma({"pipeline", {{"II", "2"}}});  // at column 0 inside a block
  p.pragma({"bind_storage", {{"variable", "ar"}, {"type", "ram_1p"}, {"impl", "bram"}}}, "declared: 1 port");
  p.close();
  CHECK(p.text() ==
        "void f() {\n#pragma HLS pipeline II=2\n#pragma HLS bind_storage variable=ar type=ram_1p impl=bram  // declared: 1 port\n}\n");
}

TEST_CASE("an identifier is refused when it is a keyword, starts with a digit or holds other characters", "[hls][printer]") {
  for (const char* ok : {"x", "_9", "c_dld", "loom_io", "Cell", "x_chain_3", "main"}) {
    INFO(ok);
    CHECK(Printer::is_identifier(ok));
  }
  for (const char* refused : {"", "9x", "x-y", "a b", "x[3]", "class", "and", "char8_t", "concept", "requires",
                              "co_await", "co_return", "co_yield", "consteval", "constinit", "xor_eq", "a\"b"}) {
    INFO(refused);
    CHECK_FALSE(Printer::is_identifier(refused));
  }
}

TEST_CASE("templates close apart, calls and initialisers are comma-separated", "[hls][printer]") {
  CHECK(Printer::template_id("ap_uint", {"64"}) == "ap_uint<64>");
  CHECK(Printer::template_id("hls::stream", {Printer::template_id("ap_uint", {"8"})}) == "hls::stream<ap_uint<8> >");
  CHECK(Printer::call_expr("f", {}) == "f()");
  CHECK(Printer::call_expr("f", {"a", "b"}) == "f(a, b)");
  CHECK(Printer::braces({"1", Printer::braces({"0", "0"})}) == "{1, {0, 0}}");
  CHECK(Printer::signature("static void", "p", {"int a", "int b"}) == "static void p(int a, int b)");
  CHECK(Printer::signature("int64_t", "param", {"tag"}, "const") == "int64_t param(tag) const");
}

TEST_CASE("declarations, statements and blocks are indented by the open blocks", "[hls][printer]") {
  Printer p;
  p.directive("ifdef X");
  p.include("loom_top.h", "why");
  p.include_system("stdint.h");
  p.define("LOOM_HLS_LOOP(io)", "LOOM_PRAGMA(HLS pipeline II=1)");
  p.define("LOOM_HLS");
  p.undef("LOOM_HLS");
  p.directive("endif");
  p.open_struct("io");
  p.type_alias("loom::Unit", "unit");
  p.declare("ap_uint<8>*", "x_", "an argument");
  p.declare_array_reference("ap_uint<8>", "m_", 4);
  p.function_line("int f()", "return 1;", "one");
  p.close_struct();
  p.open(Printer::signature("static void", "proc", {}));
  p.declare_array("ap_uint<8>", "m", 4, "a memory");
  p.construct("hls::stream<ap_uint<8> >", "s", {Printer::string_literal("s")});
  p.declare_init("io", "loom_io", Printer::braces({"m"}));
  p.open("for (int i = 0; i < 4; ++i)");
  p.call("g", {"i"}, "each");
  p.statement("m[i] = 0");
  p.close();
  p.close();
  p.blank();
  CHECK(p.text() ==
        "#ifdef X\n"
        "#include \"loom_top.h\"  // why\n"
        "#include <stdint.h>\n"
        "#define LOOM_HLS_LOOP(io) LOOM_PRAGMA(HLS pipeline II=1)\n"
        "#define LOOM_HLS\n"
        "#undef LOOM_HLS\n"
        "#endif\n"
        "struct io {\n"
        "  typedef loom::Unit unit;\n"
        "  ap_uint<8>* x_;  // an argument\n"
        "  ap_uint<8> (&m_)[4];\n"
        "  int f() { return 1; }  // one\n"
        "};\n"
        "static void proc() {\n"
        "  ap_uint<8> m[4];  // a memory\n"
        "  hls::stream<ap_uint<8> > s(\"s\");\n"
        "  io loom_io = {m};\n"
        "  for (int i = 0; i < 4; ++i) {\n"
        "    g(i);  // each\n"
        "    m[i] = 0;\n"
        "  }\n"
        "}\n"
        "\n");
}

TEST_CASE("an array's elements stand one to a line, or packed, each with its comma", "[hls][printer]") {
  Printer one;
  one.array("static const T kRuns", {"{\"a\", 1}", "{\"b\", 2}"});
  CHECK(one.text() == "static const T kRuns[] = {\n    {\"a\", 1},\n    {\"b\", 2},\n};\n");
  Printer packed;
  packed.packed_array("static const uint64_t d", {"1", "2", "3", "4", "5"}, 2);
  CHECK(packed.text() == "static const uint64_t d[] = {\n    1, 2,\n    3, 4,\n    5,};\n");
}

}  // namespace
}  // namespace loom::hls
