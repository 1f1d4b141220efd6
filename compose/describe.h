// A composed region as a human reads it: counts, parameters, and one line per
// channel, memory and argument array and per unit placement; and as a script
// reads it (docs/cli.md), one entry per instance.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "compose/region.h"

namespace loom {

std::string describe(const Region& region);
nlohmann::json describe_json(const Region& region);

}  // namespace loom
