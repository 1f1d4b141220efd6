// Which embedded files a unit's header brings into an emitted project: the
// closure of its quote-includes over the source tree the binary embeds.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "compose/hls/sources.h"

namespace loom::hls {

// The paths `text` names in its quote-includes (#include "x"), in order; an
// angle include (#include <x>) is the compiler's and is not among them.
std::vector<std::string> includes_of(std::string_view text);

// Every embedded file `path` reaches by quote-includes, `path` first, each
// once. An include is looked for beside the including file, then from the
// tree's root. A header the tree lacks is left to the compiler: the host-only
// ones are never reached for HLS, and any other is named by the check's
// compile, as hls-source-missing (write.cc). `path` must be in `sources`
// (std::out_of_range otherwise).
std::vector<std::string> closure(const std::string& path, const SourceTree& sources);

}  // namespace loom::hls
