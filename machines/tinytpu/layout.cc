#include "machines/tinytpu/layout.h"

#include <string>

namespace loom::tinytpu {

std::string_view to_string(Layout layout) { return layout == Layout::row_major ? "row-major" : "tile-major"; }

Result<Layout> parse_layout(std::string_view text) {
  for (Layout l : {Layout::row_major, Layout::tile_major})
    if (text == to_string(l)) return l;
  return Error{"bad-layout", "layout '" + std::string(text) + "'", "is neither row-major (the seed's) nor tile-major"};
}

}  // namespace loom::tinytpu
