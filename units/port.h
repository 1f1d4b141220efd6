// What a unit touches, declared as typed ports (units/declare.h). A unit reads
// and writes channels, owns memories, and addresses region arguments (DRAM). A
// port names the role; the Architecture binds each instance's port to a
// concrete channel, memory or argument element, so one unit serves many
// compositions. This header is the ports' run-time description.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "units/declare.h"
#include "units/word.h"

namespace loom {

std::string_view to_string(PortKind kind);
std::string_view to_string(Access access);

// The run-time description of a port, for composition and reports. In a
// declaration a port array is one PortInfo with its extent; in a composed
// region's model (units/port_slots.h) it is one per element, each with the
// array's name and its element.
struct PortInfo {
  std::string name;
  PortKind kind;
  WordShape word;
  Access access;
  std::string extent = {};  // a port array's extent, a parameter's name; "" for a single port
  int64_t element = -1;     // a composed element's position in its array; -1 otherwise
  bool nonblocking = false;  // LOOM_NONBLOCKING lists it: its FIFO is probed without blocking

  bool is_array() const { return !extent.empty(); }
  // "y" or, for an element, "y[3]": how reports name it.
  std::string label() const { return element < 0 ? name : name + "[" + std::to_string(element) + "]"; }
  // "y" or "y_3": the stem of the identifiers emitted code gives it.
  std::string id() const { return element < 0 ? name : name + "_" + std::to_string(element); }
};

}  // namespace loom
