#include "tests/compile_fail/common.h"

namespace cf {

struct Unit {
  static constexpr std::string_view name = "unit";
  static constexpr loom::Reads<"in", Narrow> in{};
  static constexpr loom::Writes<"out", Narrow> out{};
  static constexpr loom::Owns<"mem", Narrow> mem{};
  static constexpr loom::Addresses<"dram", Narrow> dram{};
  static constexpr loom::Param<"K"> k{};
#ifdef LOOM_BREAK
  static constexpr loom::Reads<"out", Narrow> again{};
  static constexpr auto ports = loom::port_list(in, out, mem, dram, again);
#else
  static constexpr auto ports = loom::port_list(in, out, mem, dram);
#endif
  static constexpr auto params = loom::param_list(k);
  static constexpr loom::Pipeline pipeline{};
  template <class IO>
  static void body(IO& io) {
#ifdef LOOM_BREAK
    io.write(out, io.read(in));
#else
    io.write(out, io.read(in));
#endif
  }
};

}  // namespace cf

loom::UnitModel instantiate() { return loom::describe<cf::Unit>(); }
