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

  template <class IO>
  static void body(IO& io) {
    const int64_t i = io.index()[0], j = io.index()[1];
    const bool down = j == 0 && i + 1 < static_cast<int64_t>(T), east = j + 1 < static_cast<int64_t>(T);
    while (true) {
      LOOM_PIPELINE(io);
      const Operand<T> header = io.read(w_in);
      const int64_t rows = chain_rows<T>(header);
      if (down) io.write(w_down, header);
      if (east) io.write(w_east, header);
      WeightRows handed;
      handed.set_lane(1, rows);
      if (rows == 0) {  // the end of the program
        io.write(wq, handed);
        return;
      }
      // Column 0 sees rows i .. T-1 of the tile: it keeps row i, passes the rest.
      const Operand<T> mine = io.read(w_in);
      if (j == 0)
        for (int64_t below = i + 1; below < static_cast<int64_t>(T); ++below) io.write(w_down, io.read(w_in));
      if (east) io.write(w_east, mine);
      handed.set_lane(0, mine.lane_signed(static_cast<unsigned>(j)));  // two's complement in 16 bits
      io.write(wq, handed);
    }
  }
};

}  // namespace tinytpu
}  // namespace loom
