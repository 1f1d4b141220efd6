// A unit as the rest of Loom sees it at run time: its ports, pipeline and
// parameters, and an entry point that runs its body against any backend. Built
// from a typed declaration by describe<U>() in units/unit.h, so composition and
// the backends need no compile-time reflection.
#pragma once

#include <string>
#include <vector>

#include "units/io.h"
#include "units/port.h"
#include "units/shape.h"

namespace loom {

// The unit's loop pipeline, as HLS would schedule it: a new iteration every `ii`
// cycles, each taking `depth` cycles from its first read to its last write.
struct Pipeline {
  int ii = 1;
  int depth = 1;
};

struct UnitModel {
  std::string name;
  std::vector<PortInfo> ports;
  std::vector<std::string> params;
  Pipeline pipeline;
  void (*run)(Io& io, const Index& index) = nullptr;

  // The position of the port named `port`, or -1.
  int port_index(std::string_view port) const {
    for (size_t i = 0; i < ports.size(); ++i)
      if (ports[i].name == port) return static_cast<int>(i);
    return -1;
  }
};

}  // namespace loom
