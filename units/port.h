// What a unit touches, declared as typed ports (units/declare.h). A unit reads
// and writes channels, owns memories, and addresses region arguments (DRAM). A
// port names the role; the Architecture binds each instance's port to a
// concrete channel, memory or argument element, so one unit serves many
// compositions. This header is the ports' run-time description.
#pragma once

#include <string>
#include <string_view>

#include "units/declare.h"
#include "units/word.h"

namespace loom {

std::string_view to_string(PortKind kind);
std::string_view to_string(Access access);

// The run-time description of a port, for composition and reports.
struct PortInfo {
  std::string name;
  PortKind kind;
  WordShape word;
  Access access;
};

}  // namespace loom
