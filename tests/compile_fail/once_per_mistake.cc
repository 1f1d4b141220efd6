// One mistake in a unit templated on its lane count, built at two lane counts
// and instantiated for two backends (the host's Io and the simulator's
// process): a memory left out of port_list, which the body loads and stores.
#include "compose/place.h"
#include "units/unit.h"

namespace cf {

template <unsigned T>
struct Lanewise {
  LOOM_UNIT("lanewise");
  LOOM_READS(in, loom::Word<T, 8>);
  LOOM_OWNS(scratch, loom::Word<T, 8>);
#ifdef LOOM_BREAK
  static constexpr auto ports = loom::port_list(in);
#else
  static constexpr auto ports = loom::port_list(in, scratch);
#endif
  static constexpr loom::Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO>
  static void body(IO& io) {
    io.store(scratch, 0, io.read(in));
    io.store(scratch, 1, io.load(scratch, 0));
  }
};

template <unsigned T>
void compose(loom::Architecture& arch) {
  loom::place<Lanewise<T>>(arch, "l", loom::one());
}

void both(loom::Architecture& arch) {
  compose<4>(arch);
  compose<8>(arch);
}

}  // namespace cf
