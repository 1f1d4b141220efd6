// The C++ names an emitted project gives the region's things: its top, its
// arguments, streams, process functions and contexts.
#pragma once

#include <set>
#include <string>

namespace loom::hls {

// Makes C++ identifiers from the region's names, each unique across the
// generated code: none is a C++ keyword (common/cpp_keywords.h), a name the
// emitted code itself spells whatever the region holds (main, loom, hls, std,
// ap_int, ap_uint, int64_t, uint64_t, and the testbench's LoomRun, kLoomRuns
// and kLoomRunCount), or one made before.
class Identifiers {
 public:
  Identifiers();

  // A C++ identifier for `name`: every character that is not a letter or
  // digit becomes '_', a leading digit (or nothing) gets a '_' before it, and
  // a name beginning loom_ or kLoom, which are the emitted code's own
  // (loom_fill, loom_run, loom_arg_...), becomes user_loom_... or user_kLoom....
  // One already taken gets _2, _3, ... after it. The same names made in the
  // same order give the same identifiers.
  std::string make(const std::string& name);

 private:
  std::set<std::string> used_;
};

}  // namespace loom::hls
