// How a name is quoted in a message: 'x'. One spelling, so that every layer's
// errors name things alike ("unit 'accu'", "region 'tinytpu'").
#pragma once

#include <string>
#include <string_view>

namespace loom {

// `text` between single quotes, as it is: nothing inside is escaped.
inline std::string quoted(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 2);
  out += '\'';
  out += text;
  out += '\'';
  return out;
}

// The same for a std::string. Without it, argument-dependent lookup finds
// <iomanip>'s std::quoted for a std::string argument and prefers it (an exact
// match); a non-template of the same exactness wins over it.
inline std::string quoted(const std::string& text) { return quoted(std::string_view(text)); }

// And for a C string, which the two above would otherwise take equally.
inline std::string quoted(const char* text) { return quoted(std::string_view(text)); }

}  // namespace loom
