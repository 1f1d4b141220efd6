// A producer that drops on full: trip i offers i + 1 to its output with
// write_nb and goes on whether or not the FIFO took it, one trip a cycle;
// once its K trips are done it sends the sentinel 0 with a blocking write,
// so the consumer learns the end however many values got through.
#pragma once

#include "machines/nonblocking/words.h"
#include "units/unit.h"

namespace loom { namespace nonblocking {

struct DropProducer {
  LOOM_UNIT("drop_producer");
  LOOM_WRITES(out, Value);
  LOOM_NONBLOCKING(out);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(out);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};

  template <class IO>
  static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) {
      LOOM_PIPELINE(io);
      Value v;
      v.set_lane(0, i + 1);
      (void)io.write_nb(out, v);  // full: this value is dropped
    }
    Value end;
    end.set_lane(0, 0);
    io.write(out, end);
  }
};

}  // namespace nonblocking
}  // namespace loom
