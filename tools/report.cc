#include "tools/report.h"

#include <cstdio>

namespace loom {

int report(const Status& status) {
  for (const Error& e : status.errors()) std::fprintf(stderr, "loom: %s\n", e.to_string().c_str());
  return 1;
}

}  // namespace loom
