// Where TinyTPU's ISA spec and its generated consumers live, relative to the
// workspace root, and the namespace the encoding header is generated into.
#pragma once

#include <string_view>

namespace loom::tinytpu {

inline constexpr std::string_view kSpecPath = "machines/tinytpu/isa_spec.json";
inline constexpr std::string_view kEncodingPath = "machines/tinytpu/isa_encoding.h";
inline constexpr std::string_view kDocPath = "docs/isa.md";
inline constexpr std::string_view kEncodingNamespace = "loom::tinytpu::isa";

}  // namespace loom::tinytpu
