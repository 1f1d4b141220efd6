// The names a set of C++ headers declares at global scope: what an emitted
// top's own file-scope names (the extern "C" top, the process functions and
// their contexts) must not collide with.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "compose/hls/sources.h"

namespace loom::hls {

// Where a global name is declared, and as what ("namespace", "type",
// "function or variable", "macro").
struct GlobalName {
  std::string kind;
  std::string file;
  int line = 0;
};

// The global-scope names of `files` (paths in `sources`), each with where it
// first appears. A scan, not a compiler: it strips comments, literals and
// preprocessor lines (keeping #define's name, a macro being global wherever it
// stands), tracks braces, and takes at brace depth 0 the name after
// namespace, struct, class, union or enum, the name a typedef or using
// declares, and a name followed by '(', '=', '[' or ';'.
std::map<std::string, GlobalName> global_names(const SourceTree& sources, const std::vector<std::string>& files);

// The C library's names that the project's headers (<stdint.h>, <stdio.h>,
// <stdlib.h>, through ap_int.h and units/hls/) declare at global scope: C11
// 7.20, 7.21 and 7.22, and the POSIX and glibc extras of the same headers an
// extern "C" function would most likely meet. Each is a GlobalName of kind
// "C library name" in file <stdio.h>, <stdlib.h> or <stdint.h>.
const std::map<std::string, GlobalName>& c_library_names();

}  // namespace loom::hls
