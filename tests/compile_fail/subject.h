// The unit every compile-fail case breaks. A case defines LOOM_BODY (the body's
// statements, which may name `io`) and may define LOOM_EXTRA_DECLS (more ports)
// and LOOM_EXTRA_PORTS (their names in the port list), then includes
// this header. Without LOOM_BREAK a case compiles; with it, it must fail with its
// static_assert message.
#pragma once

#include "units/unit.h"

namespace cf {

using Narrow = loom::Word<4, 8>;
using Wide = loom::Word<4, 32>;

// Another unit, whose ports a broken body reaches for.
struct Other {
  LOOM_UNIT("other");
  LOOM_READS(elsewhere, Narrow);
  LOOM_OWNS(their_memory, Narrow);
  LOOM_WRITES_DRAM(their_dram, Narrow);
  LOOM_PARAM(m, M);
  static constexpr auto ports = loom::port_list(elsewhere, their_memory, their_dram);
  static constexpr loom::Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO> static void body(IO&) {}
};

#ifndef LOOM_EXTRA_PORTS
#define LOOM_EXTRA_PORTS
#endif
#ifndef LOOM_EXTRA_DECLS
#define LOOM_EXTRA_DECLS
#endif
#ifndef LOOM_TEST_PIPELINE
#define LOOM_TEST_PIPELINE {/*ii=*/1, /*depth=*/1}
#endif

struct Unit {
  LOOM_UNIT("unit");
  LOOM_READS(in, Narrow);
  LOOM_WRITES(out, Narrow);
  LOOM_OWNS(mem, Narrow);
  LOOM_READS_DRAM(dram, Narrow);
  LOOM_PARAM(k, K);
  LOOM_EXTRA_DECLS
  static constexpr auto ports = loom::port_list(in, out, mem, dram LOOM_EXTRA_PORTS);
  static constexpr auto params = loom::param_list(k);
  static constexpr loom::Pipeline pipeline LOOM_TEST_PIPELINE;
  template <class IO>
  static void body(IO& io) {
    LOOM_BODY
  }
};

inline loom::UnitModel instantiate() { return loom::describe<Unit>(); }

}  // namespace cf
