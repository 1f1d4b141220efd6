// A printer of C++ source, for the code `loom hls` emits: XLS's VAST in
// miniature. The emitter says what it declares, calls and annotates; the
// printer decides how that is spelled, so that names, escaping, pragma syntax
// and indentation each live in one place. What it prints is C++14, which is
// what Vitis HLS compiles.
//
// A Printer holds one file's text. Lines are indented by the open blocks
// (kIndent spaces a block), except preprocessor lines and pragmas, which stand
// at column 0 as Vitis's examples write them. Every name a method declares is
// asserted to be an identifier (is_identifier): the emitter makes its names
// (identifiers.h), so one that is not is the emitter's bug, not the user's.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace loom::hls {

// One option of a pragma: `key=value`, or the bare word `key` when value is
// empty (`off`, `complete`, `m_axi`).
struct PragmaOption {
  std::string key;
  std::string value = "";
};

// A Vitis HLS pragma: HLS, its kind, then its options in order.
struct Pragma {
  std::string kind;  // "stream", "interface", "pipeline", "dataflow", ...
  std::vector<PragmaOption> options = {};

  // "HLS stream variable=x depth=2": the words after `#pragma`, which are also
  // what LOOM_PRAGMA(...) takes. Asserts that the kind and every key are
  // non-empty words and no value holds white space.
  std::string text() const;
};

class Printer {
 public:
  static constexpr int kIndent = 2;          // spaces a block indents
  static constexpr int kContinuation = 4;    // spaces an initialiser's elements indent

  // --- Spellings, for a line's parts -------------------------------------

  // Whether `name` can be declared: letters, digits and '_', not starting
  // with a digit, and not a C++ keyword (common/cpp_keywords.h).
  static bool is_identifier(std::string_view name);

  // `text` as a C++ string literal, quotes included: a quote and a backslash
  // are escaped, \n \t \r by name, any other control character (and DEL) as a
  // three-digit octal escape, and a '?' after a '?' as \? (C++14 still has
  // trigraphs). Other bytes, UTF-8 included, stand as they are.
  static std::string string_literal(std::string_view text);

  // `c` as a C++ character literal, quotes included, escaped as
  // string_literal escapes (a single quote too, a double quote not).
  static std::string char_literal(char c);

  // `text` as it can stand in a // comment: every control character, a
  // newline included, becomes a space, and a backslash, which could splice the
  // next line into the comment, a '/'.
  static std::string comment_text(std::string_view text);

  // "name<a, b>", with a space before a closing '>' that would otherwise
  // touch another ("hls::stream<ap_uint<8> >"), as C++03 and Vitis's
  // examples write it. Asserts `args` is not empty.
  static std::string template_id(std::string_view name, const std::vector<std::string>& args);

  // "function(a, b)": a call as an expression.
  static std::string call_expr(std::string_view function, const std::vector<std::string>& args);

  // "{a, b}": a braced initialiser list on one line.
  static std::string braces(const std::vector<std::string>& items);

  // "result name(a, b)" and, with `qualifiers`, " const" and the like after
  // it: a function's signature. `result` may carry specifiers ("static void",
  // `extern "C" void`). Asserts `name` is an identifier.
  static std::string signature(std::string_view result, std::string_view name, const std::vector<std::string>& params,
                               std::string_view qualifiers = "");

  // --- Lines ---------------------------------------------------------------

  // `text` on a line of its own at the current indentation. Asserts it holds
  // no newline.
  void line(std::string_view text);

  // An empty line, with no indentation.
  void blank();

  // `text` as it is, indentation and newlines included: for the fixed parts
  // of a file (the testbench's helpers), which read best as one block.
  void raw(std::string_view text);

  // "// text" at the current indentation, `text` through comment_text.
  void comment(std::string_view text);

  // "#pragma " + pragma.text() at column 0, and "  // comment" after it when
  // `comment` is not empty.
  void pragma(const Pragma& pragma, std::string_view comment = "");

  // A preprocessor line at column 0: "#" + `directive` ("#endif", "#ifdef X").
  void directive(std::string_view directive);

  // #include "path", and "  // comment" after it when `comment` is not empty.
  // Asserts `path` holds no quote or newline.
  void include(std::string_view path, std::string_view comment = "");

  // #include <header>.
  void include_system(std::string_view header);

  // #define name value (just the name when `value` is empty), and #undef name.
  // `name` may carry a parameter list ("LOOM_HLS_LOOP(io)").
  void define(std::string_view name, std::string_view value = "");
  void undef(std::string_view name);

  // --- Declarations and statements -----------------------------------------

  // "type name;", and "  // comment" after it when `comment` is not empty.
  void declare(std::string_view type, std::string_view name, std::string_view comment = "");

  // "type name[size];", with the comment as declare's.
  void declare_array(std::string_view type, std::string_view name, int64_t size, std::string_view comment = "");

  // "type (&name)[size];": a reference to an array, as a struct member.
  void declare_array_reference(std::string_view type, std::string_view name, int64_t size);

  // "type name = init;".
  void declare_init(std::string_view type, std::string_view name, std::string_view init);

  // "type name(a, b);": an object constructed from `args`.
  void construct(std::string_view type, std::string_view name, const std::vector<std::string>& args);

  // "typedef type name;".
  void type_alias(std::string_view type, std::string_view name);

  // "text;", with the comment as declare's. For a statement the printer has
  // no form of its own for (an assignment, a macro's use).
  void statement(std::string_view text, std::string_view comment = "");

  // "function(a, b);", with the comment as declare's.
  void call(std::string_view function, const std::vector<std::string>& args, std::string_view comment = "");

  // "signature { body }" on one line, with the comment as declare's: a short
  // member function. `body` is its statements, semicolons included.
  void function_line(std::string_view signature, std::string_view body, std::string_view comment = "");

  // --- Blocks --------------------------------------------------------------

  // "head {" at the current indentation; what follows is one block deeper
  // until the matching close(). `head` is a signature, a struct's or a
  // statement's head ("for (...)").
  void open(std::string_view head);

  // "}" and then `tail` (";" after a struct), one block shallower. Asserts a
  // block is open.
  void close(std::string_view tail = "");

  // "struct name {", and its "};" on close_struct(). Asserts `name` is an
  // identifier.
  void open_struct(std::string_view name);
  void close_struct();

  // "declaration[] = {", each element on a line of its own with a comma after
  // it, and "};": a file-scope array. At column 0.
  void array(std::string_view declaration, const std::vector<std::string>& elements);

  // The same with `per_line` elements to a line, each with a comma after it,
  // and the closing "};" right after the last: the testbench's data.
  void packed_array(std::string_view declaration, const std::vector<std::string>& elements, int per_line);

  // --- The result ----------------------------------------------------------

  // What has been printed. Asserts every block is closed.
  const std::string& text() const;

 private:
  void start_line();                   // the current indentation
  void end_line(std::string_view comment);  // "  // comment" if any, then a newline

  std::string out_;
  int depth_ = 0;
};

}  // namespace loom::hls
