#include "units/port.h"

namespace loom {

std::string_view to_string(PortKind kind) {
  switch (kind) {
    case PortKind::reads: return "reads";
    case PortKind::writes: return "writes";
    case PortKind::owns: return "owns";
    case PortKind::uses: return "uses";
    case PortKind::addresses: return "addresses";
  }
  return "?";
}

std::string_view to_string(Access access) {
  switch (access) {
    case Access::read: return "read";
    case Access::write: return "write";
    case Access::read_write: return "read_write";
  }
  return "?";
}

}  // namespace loom
