// Prints docs/errors.md, the catalogue of error kinds (common/error_kinds.h):
//   ./bazelw run //common:errors_md > docs/errors.md
#include <cstdio>

#include "common/error_kinds.h"

int main() {
  const std::string text = loom::error_kinds_markdown();
  std::fwrite(text.data(), 1, text.size(), stdout);
  return std::ferror(stdout) ? 1 : 0;
}
