// Text written into generated C++ (the HLS project, the ISA headers): string
// and character literals that hold their text exactly, and text that stays
// inside one // comment. One rule, for every generator.
#pragma once

#include <string>
#include <string_view>

namespace loom {
namespace detail {

inline bool is_control(char c) {
  const unsigned char u = static_cast<unsigned char>(c);
  return u < 0x20 || u == 0x7f;
}

// `c` escaped for a literal quoted by `quote`; `previous` is the character
// before it in the literal (for ??-trigraphs, which C++14 still reads).
inline void escape_into(std::string& out, char c, char quote, char previous) {
  switch (c) {
    case '\n': out += "\\n"; return;
    case '\t': out += "\\t"; return;
    case '\r': out += "\\r"; return;
    case '\\': out += "\\\\"; return;
    default: break;
  }
  if (c == quote || (c == '?' && previous == '?')) {
    out += '\\';
    out += c;
  } else if (is_control(c)) {
    const unsigned char u = static_cast<unsigned char>(c);
    out += '\\';
    out += static_cast<char>('0' + ((u >> 6) & 7));
    out += static_cast<char>('0' + ((u >> 3) & 7));
    out += static_cast<char>('0' + (u & 7));
  } else {
    out += c;
  }
}

}  // namespace detail

// `text` as a C++ string literal, quotes included: a quote and a backslash
// escaped, \n \t \r by name, any other control character (and DEL) as a
// three-digit octal escape, and a '?' after a '?' as \?.
inline std::string cpp_string_literal(std::string_view text) {
  std::string out = "\"";
  char previous = '\0';
  for (char c : text) {
    detail::escape_into(out, c, '"', previous);
    previous = c;
  }
  return out + "\"";
}

// `c` as a C++ character literal, escaped as cpp_string_literal escapes (a
// single quote too, a double quote not).
inline std::string cpp_char_literal(char c) {
  std::string out = "'";
  detail::escape_into(out, c, '\'', '\0');
  return out + "'";
}

// `text` as the rest of one // comment line: a control character (a newline
// would end the comment) becomes a space, and a backslash a '/', since one at
// the end would continue the comment onto the next line.
inline std::string cpp_comment_text(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (detail::is_control(c)) c = ' ';
    if (c == '\\') c = '/';
  }
  return out;
}

}  // namespace loom
