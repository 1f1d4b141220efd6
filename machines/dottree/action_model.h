// DotTree's behavioural model, derived rather than declared: the machine is
// structure() of the composed region (its units, their channel and memory
// ports at their capacities, its states and channels, the packed word's lane
// count, and the arithmetic ports its units declare, `mul` and `adder`), plus
// what is its own: its numerics and its one instruction.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "actions/book.h"
#include "actions/machine.h"
#include "actions/structure.h"
#include "common/status.h"
#include "compose/region.h"
#include "machines/model.h"

namespace loom::dottree {

// reduce: for each row, the multiply stage loads X[r] and the weights and
// sends the products a cycle later; the tree receives them, writes the leaves
// into its node array, folds once (each adder reading its two children and
// writing its sum; the root and the half tap landing two cycles later), reads
// both taps and sends them two cycles after that; the store writes S and H.
inline constexpr const char* kInstruction = "reduce";

// The machine over the one `implied` by a region DotTree composed: its
// numerics (NUMERICS), its stages held to their rate, its one instruction,
// and its one call, reduce over ROWS rows. Errors: unit-not-composed,
// channel-not-composed when the region lacks what reduce names.
Result<RegionModel> model_of(actions::Machine implied, const Region& region);

// Each unit's row span against its composed pipeline depth: the calendar the
// actions declare and the depth the unit declares must agree (span-not-depth).
Status check_calendar(const actions::Machine& machine, const actions::Structure& structure);

struct ActionModel {
  actions::Structure structure;
  actions::Machine machine;
  std::vector<actions::Obligation> obligations;  // the rule's, at the region's numerics
};

// The model of a region architecture() composed, checked (checked_model):
// the rule run on it and its projection; then its calendar. Errors:
// model_of's, the rule's and the projection's refusals, check_calendar's.
Result<ActionModel> action_model(const Region& region);

// The derived machine against the structure it came from: every port DERIVED
// but mul and adder, nothing unmodelled.
Result<actions::Projection> project(const ActionModel& model);

// What `loom cost` prints for one reduce of `rows` rows.
struct Cost {
  struct UnitCost {
    std::string unit;
    int64_t work = 0, latency = 0;  // steps; cycles from the first row's first effect to the last row's last
    actions::Booking row, instruction;
  };
  std::vector<UnitCost> units;
  // Each reassociation obligation, with its state under each numerics.
  struct Reassociation {
    std::string where, claim;
    bool open_exact = false, open_rounding = true;
  };
  std::vector<Reassociation> reassociations;
  std::vector<actions::Obligation> others;  // the rest, at the region's numerics
};
Cost cost(const ActionModel& model, int64_t rows);

}  // namespace loom::dottree
