// The emitted code's names (identifiers.h).
#include "compose/hls/identifiers.h"

#include <cctype>
#include <string_view>

#include "common/cpp_keywords.h"

namespace loom::hls {

Identifiers::Identifiers() {
  for (std::string_view k : kCppKeywords) used_.insert(std::string(k));
  for (const char* k : {"main", "loom", "hls", "std", "ap_int", "ap_uint", "int64_t", "uint64_t", "LoomRun",
                        "kLoomRuns", "kLoomRunCount"})
    used_.insert(k);
}

std::string Identifiers::make(const std::string& name) {
  std::string id;
  for (char c : name) id += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  if (id.empty() || std::isdigit(static_cast<unsigned char>(id[0]))) id = "_" + id;
  if (id.rfind("loom_", 0) == 0 || id.rfind("kLoom", 0) == 0) id = "user_" + id;
  std::string unique = id;
  for (int n = 2; used_.count(unique); ++n) unique = id + "_" + std::to_string(n);
  used_.insert(unique);
  return unique;
}

}  // namespace loom::hls
