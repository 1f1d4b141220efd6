// A spec flattened to named values ("opcode.mm" = "6", "field.nr.bits" = "11"),
// evaluated under one build, so a design that writes its constants out by hand
// can be compared with it key by key. Docs are left out: they are not constants.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "spec/isa_spec.h"

namespace loom::spec {

using Constants = std::map<std::string, std::string>;

// `build` gives every parameter and derived value (IsaSpec::resolve).
Constants constants(const IsaSpec& spec, const std::map<std::string, int64_t>& build);

// One error per key that differs, or that only one side has: kind
// `disagrees`, where "constant 'opcode.mm'" plus `context`.
Status compare_constants(const Constants& spec, const Constants& design, const std::string& design_name,
                         const std::string& context);

}  // namespace loom::spec
