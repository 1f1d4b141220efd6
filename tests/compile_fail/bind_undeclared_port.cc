#include "compose/place.h"
#include "tests/compile_fail/common.h"

namespace cf {

struct Unit {
  static constexpr std::string_view name = "unit";
  static constexpr loom::Reads<"in", Narrow> in{};
  static constexpr auto ports = loom::port_list(in);
  static constexpr loom::Pipeline pipeline{};
  template <class IO> static void body(IO& io) { (void)io.read(in); }
};

}  // namespace cf

void compose(loom::Architecture& arch) {
  loom::Handle c = arch.channel<cf::Narrow>("c", loom::one(), 2, "a word");
#ifdef LOOM_BREAK
  loom::place<cf::Unit>(arch, "u", loom::one()).bind(cf::Other::elsewhere, c());
#else
  loom::place<cf::Unit>(arch, "u", loom::one()).bind(cf::Unit::in, c());
#endif
}
