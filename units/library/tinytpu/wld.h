// One weight loader per processing element. Weights travel as a chain, never a
// fan-out: down column 0 (header first, then the tile's rows, each loader
// keeping its own row and passing the rest down) and east along each array row
// (header, then that row). Each loader hands its PE one (weight, rows) word
// through a depth-4 FIFO: the shadow register that latches mm n+1's weight
// while mm n computes. The array decodes nothing: the row count rides the header.
#pragma once

#include "units/library/tinytpu/words.h"
#include "units/unit.h"

namespace loom { namespace tinytpu {

template <unsigned T>
struct Wld {
  LOOM_UNIT("wld");
  LOOM_READS(w_in, Operand<T>);        // from north on column 0, else from west
  LOOM_WRITES(w_down, Operand<T>);   // column 0, all but the last row
  LOOM_WRITES(w_east, Operand<T>);   // all but the last column
  LOOM_WRITES(wq, WeightRows);
  static constexpr auto ports = port_list(w_in, w_down, w_east, wq);
  static constexpr auto params = param_list();
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};

  // One read of w_in a trip: a stream gives one read a cycle, so at II=1 the
  // loader walks a tile's words one trip each, in three phases.
  template <class IO>
  static void body(IO& io) {
    const int64_t i = io.index()[0], j = io.index()[1];
    const bool down = j == 0 && i + 1 < static_cast<int64_t>(T), east = j + 1 < static_cast<int64_t>(T);
    enum Phase { kHeader, kMine, kBelow };
    Phase phase = kHeader;
    int64_t below = 0;  // column 0: the tile's rows under this loader's, still to pass down
    WeightRows handed;
    while (true) {
      LOOM_PIPELINE(io);
      const Operand<T> word = io.read(w_in);
      if (phase == kHeader) {
        const int64_t rows = chain_rows<T>(word);
        if (down) io.write(w_down, word);
        if (east) io.write(w_east, word);
        handed.set_lane(1, rows);
        if (rows == 0) {  // the end of the program
          io.write(wq, handed);
          return;
        }
        phase = kMine;
      } else if (phase == kMine) {
        // Column 0 sees rows i .. T-1 of the tile: it keeps row i, passes the rest.
        if (east) io.write(w_east, word);
        handed.set_lane(0, word.lane_signed(static_cast<unsigned>(j)));  // two's complement in 16 bits
        below = j == 0 ? static_cast<int64_t>(T) - 1 - i : 0;
        if (below == 0) io.write(wq, handed);
        phase = below == 0 ? kHeader : kBelow;
      } else {
        io.write(w_down, word);
        if (--below == 0) {
          io.write(wq, handed);
          phase = kHeader;
        }
      }
    }
  }
};

}  // namespace tinytpu
}  // namespace loom
