// The unit every compile-fail case breaks. A case defines LOOM_BODY (the body's
// statements, which may name `io`) and may define LOOM_EXTRA_PORTS, then includes
// this header. Without LOOM_BREAK a case compiles; with it, it must fail with its
// static_assert message.
#pragma once

#include "units/unit.h"

namespace cf {

using Narrow = loom::Word<4, 8>;
using Wide = loom::Word<4, 32>;

// Another unit, whose ports a broken body reaches for.
struct Other {
  static constexpr std::string_view name = "other";
  static constexpr loom::Reads<"elsewhere", Narrow> elsewhere{};
  static constexpr loom::Owns<"their_memory", Narrow> their_memory{};
  static constexpr loom::Addresses<"their_dram", Narrow, loom::Access::write> their_dram{};
  static constexpr auto ports = loom::port_list(elsewhere, their_memory, their_dram);
  static constexpr loom::Pipeline pipeline{};
  template <class IO> static void body(IO&) {}
};

#ifndef LOOM_EXTRA_PORTS
#define LOOM_EXTRA_PORTS
#endif
#ifndef LOOM_PIPELINE
#define LOOM_PIPELINE {}
#endif

struct Unit {
  static constexpr std::string_view name = "unit";
  static constexpr loom::Reads<"in", Narrow> in{};
  static constexpr loom::Writes<"out", Narrow> out{};
  static constexpr loom::Owns<"mem", Narrow> mem{};
  static constexpr loom::Addresses<"dram", Narrow> dram{};
  static constexpr loom::Param<"K"> k{};
  static constexpr auto ports = loom::port_list(in, out, mem, dram LOOM_EXTRA_PORTS);
  static constexpr auto params = loom::param_list(k);
  static constexpr loom::Pipeline pipeline LOOM_PIPELINE;
  template <class IO>
  static void body(IO& io) {
    LOOM_BODY
  }
};

inline loom::UnitModel instantiate() { return loom::describe<Unit>(); }

}  // namespace cf
