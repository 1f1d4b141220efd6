// The source files HLS emission copies into a project, embedded in the binary
// when it is built (loom_hls_sources in compose/hls/hls_sources.bzl), so that
// what is emitted is byte for byte what the simulator was compiled from, and
// `loom hls` needs no copy of the unit sources at run time.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>

namespace loom::hls {

struct EmbeddedFile {
  const char* path;  // workspace-relative, as the compiler's __FILE__ spells it
  const unsigned char* bytes;
  size_t size;
};

// Called by the generated registration code, once per embedded target.
bool register_sources(const EmbeddedFile* files, size_t count);

// Every embedded file by path.
using SourceTree = std::map<std::string, std::string_view>;
const SourceTree& embedded_sources();

}  // namespace loom::hls
