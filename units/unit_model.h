// A unit as the rest of Loom sees it at run time: its ports, pipeline and
// parameters, and an entry point that runs its body against any backend. Built
// from a typed declaration by describe<U>() in units/unit.h, so composition and
// the backends need no compile-time reflection.
#pragma once

#include <string>
#include <vector>

#include "units/declare.h"
#include "units/io.h"
#include "units/port.h"
#include "units/shape.h"

namespace loom {

// The simulator's process (compose/sim/process.h): a concrete backend, so that a
// simulated body calls it without a virtual call per access.
class SimProcess;

struct UnitModel {
  std::string name;
  std::string source;  // the header that declares it, as the build saw it: what HLS emission copies
  std::string type;    // its C++ type, e.g. "loom::tinytpu::Accu<4>"
  std::vector<PortInfo> ports;
  std::vector<std::string> params;      // parameter names in the architecture's set
  std::vector<std::string> param_tags;  // the body's names for them, parallel to params
  Pipeline pipeline{1, 1};
  // The body, run through the virtual Io (the standalone harness, any backend)...
  void (*run)(Io& io, const Index& index) = nullptr;
  // ...and through the simulator's process; set where compose/ places the unit.
  void (*simulate)(SimProcess& process, const Index& index) = nullptr;

  // The position of the port named `port`, or -1.
  int port_index(std::string_view port) const {
    for (size_t i = 0; i < ports.size(); ++i)
      if (ports[i].name == port) return static_cast<int>(i);
    return -1;
  }
};

}  // namespace loom
