#include "common/status.h"

namespace loom {

std::string Error::to_string() const {
  std::string out = "error[" + kind + "]";
  if (!where.empty()) out += " " + where;
  return out + ": " + message;
}

bool Status::has(std::string_view kind) const {
  for (const Error& e : errors_)
    if (e.kind == kind) return true;
  return false;
}

std::string Status::to_string() const {
  std::string out;
  for (const Error& e : errors_) out += e.to_string() + "\n";
  return out;
}

}  // namespace loom
