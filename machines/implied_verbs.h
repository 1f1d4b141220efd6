// The verbs every registered machine gets where it offers none of its own
// (machines/model_verbs.cc), for verb_offers() to list after the machines' own.
#pragma once

#include <vector>

#include "machines/verb.h"

namespace loom {

std::vector<VerbOffer> implied_verb_offers();

}  // namespace loom
