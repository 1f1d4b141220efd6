// A composed region as the Action layer reads it (actions/structure.h): each
// placement a kernel, with the channels its ports are bound to and the
// memories and arguments it addresses. This adapter is why actions/ never
// needs to include compose/.
#pragma once

#include "actions/structure.h"
#include "compose/region.h"

namespace loom {

class RegionView final : public actions::ArchitectureView {
 public:
  explicit RegionView(const Region& region) : region_(region) {}
  std::vector<Kernel> kernels() const override;

 private:
  const Region& region_;
};

}  // namespace loom
