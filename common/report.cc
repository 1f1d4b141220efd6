#include "common/report.h"

#include <cstdio>
#include <string>

namespace loom {

namespace {

// One line, whatever bytes the input put in the message.
std::string printable(const std::string& text) {
  std::string out;
  for (unsigned char c : text) {
    if (c >= 0x20 && c != 0x7f) {
      out += static_cast<char>(c);
    } else {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\x%02x", c);
      out += escaped;
    }
  }
  return out;
}

}  // namespace

int exit_reporting(const Status& status, int code) {
  for (const Error& e : status.errors()) std::fprintf(stderr, "loom: %s\n", printable(e.to_string()).c_str());
  return code;
}

}  // namespace loom
