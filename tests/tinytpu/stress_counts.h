// What the stress gate runs at a build, counted from the lists its cases come
// from (gates.cc stress_cases, then controls.h), for the tests that hold
// stress's counts: a case a generator drops, or one too many, shows as a
// count that differs, kind by kind.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "machines/tinytpu/controls.h"
#include "machines/tinytpu/gates.h"

namespace loom::tinytpu::test {

struct StressKind {
  std::string prefix;  // how the names of its runs begin
  int64_t runs = 0;
};

struct StressCounts {
  std::vector<StressKind> kinds;
  int64_t programs = 0;  // the runs that are not validator controls
  int64_t controls = 0;
  int64_t total() const { return programs + controls; }
};

inline StressCounts stress_counts(const isa::Params& p) {
  StressCounts c;
  const auto add = [&](std::string prefix, int64_t runs, bool control = false) {
    c.kinds.push_back({std::move(prefix), runs});
    (control ? c.controls : c.programs) += runs;
  };
  // Every shape with sides T, 2T, .. up to min(MAXDIM, 4T), plain and ReLU, looped and flat.
  const int64_t sides = std::min<int64_t>(p.MAXDIM, 4 * p.T) / p.T;
  add("gemm ", sides * sides * sides * 2 * 2);
  // The clip and ReLU edges, as many as the build has room for.
  add("edges ", static_cast<int64_t>(edge_cases(p, 0).size()));
  // vector_program at AR_RAW_DIST .. AR_RAW_DIST + 4 rows, four seeds each;
  // ar_distance_program at AR_RAW_DIST .. AR_RAW_DIST + 4, two seeds each.
  add("vector_program(", 5 * 4);
  add("ar_distance_program(", 5 * 2);
  // The holes a campaign found, each by its own name, those the build has room for.
  for (const GateCase& h : wrap_and_boundary_cases(p, 0)) add(h.run.name, 1);
  add("random_program(", 210);
  // Then every validator control, each refused for its reason.
  add("control: ", static_cast<int64_t>(validator_controls(p).size()), true);
  return c;
}

}  // namespace loom::tinytpu::test
