// Shared by the compile-fail cases: each case compiles cleanly without
// LOOM_BREAK and must fail with its static_assert message with it.
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

}  // namespace cf
