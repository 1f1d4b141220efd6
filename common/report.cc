#include "common/report.h"

#include <cstdio>

namespace loom {

int report(const Status& status, int code) {
  for (const Error& e : status.errors()) std::fprintf(stderr, "loom: %s\n", e.to_string().c_str());
  return code;
}

}  // namespace loom
