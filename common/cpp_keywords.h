// C++20's keywords: the one list of words no generated C++ may use as a name
// (the encoding header spec/ generates, the code compose/hls/ emits). It is
// N4861's [lex.key] table 5 and the alternative tokens of table 6 that are
// spelled as words (and, bitor, not_eq, ...), which every C++ compiler reads
// as operators. Names a generator reserves for its own code (std, int64_t,
// main, ...) are not here: each generator keeps its own.
#pragma once

#include <string_view>

namespace loom {

inline constexpr std::string_view kCppKeywords[] = {
    "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break", "case", "catch", "char",
    "char8_t", "char16_t", "char32_t", "class", "co_await", "co_return", "co_yield", "compl", "concept", "const",
    "const_cast", "consteval", "constexpr", "constinit", "continue", "decltype", "default", "delete", "do", "double",
    "dynamic_cast", "else", "enum", "explicit", "export", "extern", "false", "float", "for", "friend", "goto", "if",
    "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq", "nullptr", "operator", "or",
    "or_eq", "private", "protected", "public", "register", "reinterpret_cast", "requires", "return", "short",
    "signed", "sizeof", "static", "static_assert", "static_cast", "struct", "switch", "template", "this",
    "thread_local", "throw", "true", "try", "typedef", "typeid", "typename", "union", "unsigned", "using", "virtual",
    "void", "volatile", "wchar_t", "while", "xor", "xor_eq",
};

// Whether `word` is one of kCppKeywords.
constexpr bool is_cpp_keyword(std::string_view word) {
  for (std::string_view k : kCppKeywords)
    if (word == k) return true;
  return false;
}

}  // namespace loom
