#include "compose/hls/sources.h"

#include "units/source_path.h"

namespace loom::hls {

namespace {
SourceTree& tree() {
  static SourceTree files;  // a function-local static: registration runs during static initialisation
  return files;
}
}  // namespace

bool register_sources(const EmbeddedFile* files, size_t count) {
  for (size_t i = 0; i < count; ++i)
    tree().emplace(std::string(repo_relative(files[i].path)),
                   std::string_view(reinterpret_cast<const char*>(files[i].bytes), files[i].size));
  return true;
}

const SourceTree& embedded_sources() { return tree(); }

}  // namespace loom::hls
