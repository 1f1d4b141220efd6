// Tiny units for composition tests: each does one thing to one port kind.
#pragma once

#include "units/unit.h"

namespace loom::test {

using Narrow = Word<4, 8>;
using Wide = Word<4, 32>;

struct Source {
  LOOM_UNIT("source");
  LOOM_WRITES(out, Narrow);
  static constexpr auto ports = port_list(out);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO> static void body(IO& io) { io.write(out, Narrow()); }
};

struct Sink {
  LOOM_UNIT("sink");
  LOOM_READS(in, Narrow);
  static constexpr auto ports = port_list(in);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO> static void body(IO& io) { (void)io.read(in); }
};

struct WideSink {
  LOOM_UNIT("wide_sink");
  LOOM_READS(in, Wide);
  static constexpr auto ports = port_list(in);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO> static void body(IO& io) { (void)io.read(in); }
};

struct Relay {
  LOOM_UNIT("relay");
  LOOM_READS(in, Narrow);
  LOOM_WRITES(out, Narrow);
  static constexpr auto ports = port_list(in, out);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO> static void body(IO& io) { io.write(out, io.read(in)); }
};

struct Keeper {
  LOOM_UNIT("keeper");
  LOOM_OWNS(mem, Narrow);
  static constexpr auto ports = port_list(mem);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO> static void body(IO& io) { io.store(mem, 0, io.load(mem, 0)); }
};

struct Borrower {
  LOOM_UNIT("borrower");
  LOOM_USES(mem, Narrow);
  static constexpr auto ports = port_list(mem);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO> static void body(IO& io) { (void)io.load(mem, 0); }
};

struct DramReader {
  LOOM_UNIT("dram_reader");
  LOOM_READS_DRAM(src, Narrow);
  LOOM_PARAM(len, LEN);
  static constexpr auto ports = port_list(src);
  static constexpr auto params = param_list(len);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO> static void body(IO& io) {
    for (int64_t i = 0; i < io.param(len); ++i) (void)io.load(src, i);
  }
};

// Reads one element of an argument and writes another of the same argument.
struct Copier {
  LOOM_UNIT("copier");
  LOOM_READS_DRAM(src, Narrow);
  LOOM_WRITES_DRAM(dst, Narrow);
  static constexpr auto ports = port_list(src, dst);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO> static void body(IO& io) { io.store(dst, 1, io.load(src, 0)); }
};

}  // namespace loom::test
