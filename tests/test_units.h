// The tests' units, in one vocabulary: tiny ones for composition, each doing one
// thing to one port kind; timing probes with a chosen pipeline; and the broken
// shapes whose deadlocks the simulator must name.
#pragma once

#include <stdexcept>

#include "units/parameter_set.h"
#include "units/unit.h"

namespace loom::test {

// ---- Composition: one word each, of two widths ----

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

// ---- Simulation: K tokens each, and the shapes that deadlock ----


using Token = Word<2, 16>;

// K tokens through FIFOs of depth QD: what every simulator test region reads.
inline ParameterSet sim_params(int64_t k, int64_t qd) {
  ParameterSet p;
  p.param("K", k, 1, 1 << 20, "tokens");
  p.param("QD", qd, 1, 64, "fifo depth");
  return p;
}

// Writes K tokens, token k carrying k in lane 0.
template <int II, int Depth>
struct Emit {
  LOOM_UNIT("emit");
  LOOM_WRITES(out, Token);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(out);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/II, /*depth=*/Depth};
  template <class IO> static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) {
      Token t;
      t.set_lane(0, i);
      io.write(out, t);
    }
  }
};

// Passes K tokens through, adding one to lane 1 in an operation that takes
// the whole depth (LOOM_COMPUTE): a stage of that latency.
template <int II, int Depth>
struct Stage {
  LOOM_UNIT("stage");
  LOOM_READS(in, Token);
  LOOM_WRITES(out, Token);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(in, out);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/II, /*depth=*/Depth};
  LOOM_COMPUTE(computed(out, Depth - 1));
  template <class IO> static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) {
      Token t = io.read(in);
      t.set_lane(1, t.lane_signed(1) + 1);
      io.write(out, t);
    }
  }
};

// Reads K tokens into the argument OUT.
template <int II, int Depth>
struct Absorb {
  LOOM_UNIT("absorb");
  LOOM_READS(in, Token);
  LOOM_WRITES_DRAM(OUT, Token);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(in, OUT);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/II, /*depth=*/Depth};
  template <class IO> static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) io.store(OUT, i, io.read(in));
  }
};

// Reads one token more than K: waits for a word no one will write.
struct Greedy {
  LOOM_UNIT("greedy");
  LOOM_READS(in, Token);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(in);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO> static void body(IO& io) {
    for (int64_t i = 0; i <= io.param(k); ++i) (void)io.read(in);
  }
};

// One DMA unit in both directions, row by row: loads a row of A through the
// scratchpad and stores the row that comes back into C. The seed's two-process
// cycle, when the scratchpad answers only after it has every row.
struct TwoWayDma {
  LOOM_UNIT("dma");
  LOOM_READS_DRAM(A, Token);
  LOOM_WRITES_DRAM(C, Token);
  LOOM_WRITES(to_sp, Token);
  LOOM_READS(from_sp, Token);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(A, C, to_sp, from_sp);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO> static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) {
      io.write(to_sp, io.load(A, i));
      io.store(C, i, io.read(from_sp));
    }
  }
};

// A scratchpad that takes K rows into its memory, then sends them all back.
struct Scratchpad {
  LOOM_UNIT("spm");
  LOOM_READS(in, Token);
  LOOM_WRITES(out, Token);
  LOOM_OWNS(spad, Token);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(in, out, spad);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO> static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) io.store(spad, i, io.read(in));
    for (int64_t i = 0; i < io.param(k); ++i) io.write(out, io.load(spad, i));
  }
};

// The one-way split of TwoWayDma: a load unit and a store unit.
struct DmaLoad {
  LOOM_UNIT("dma_ld");
  LOOM_READS_DRAM(A, Token);
  LOOM_WRITES(out, Token);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(A, out);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO> static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) io.write(out, io.load(A, i));
  }
};

struct DmaStore {
  LOOM_UNIT("dma_st");
  LOOM_READS(in, Token);
  LOOM_WRITES_DRAM(C, Token);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(in, C);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO> static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) io.store(C, i, io.read(in));
  }
};

// Fans out: K tokens on `first`, then K on `second` (weights, then data).
struct Split {
  LOOM_UNIT("split");
  LOOM_WRITES(first, Token);
  LOOM_WRITES(second, Token);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(first, second);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO> static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) io.write(first, Token());
    for (int64_t i = 0; i < io.param(k); ++i) io.write(second, Token());
  }
};

// Joins: one token from each input per step.
struct Join {
  LOOM_UNIT("join");
  LOOM_READS(a, Token);
  LOOM_READS(b, Token);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(a, b);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO> static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) {
      (void)io.read(a);
      (void)io.read(b);
    }
  }
};

// Passes tokens round a ring forever: a livelock only the watchdog ends.
template <bool Starts>
struct Ring {
  LOOM_UNIT(Starts ? "ping" : "pong");
  LOOM_READS(in, Token);
  LOOM_WRITES(out, Token);
  static constexpr auto ports = port_list(in, out);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO> static void body(IO& io) {
    if (Starts) io.write(out, Token());
    for (;;) io.write(out, io.read(in));
  }
};

// Throws, which a body must not: the simulator must report it, not abort.
struct Thrower {
  LOOM_UNIT("thrower");
  static constexpr auto ports = port_list();
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO> static void body(IO&) { throw std::out_of_range("row 7 is not here"); }
};

// A controller of a request/response loop: writes request i (i in lane 0),
// then, after `Waits` clock boundaries (LOOM_WAIT) in a protocol region between the
// request and the reply's read, reads its reply; SUM is the replies' sum.
template <int Depth, int Waits = 0>
struct Controller {
  LOOM_UNIT("controller");
  LOOM_WRITES(req, Token);
  LOOM_READS(resp, Token);
  LOOM_WRITES_DRAM(SUM, Token);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(req, resp, SUM);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/Depth};
  template <class IO> static void body(IO& io) {
    int64_t sum = 0;
    for (int64_t i = 0; i < io.param(k); ++i) {
      Token t;
      t.set_lane(0, i);
      io.write(req, t);
      {
        LOOM_PROTOCOL(io);
        for (int w = 0; w < Waits; ++w) LOOM_WAIT(io);
        sum += io.read(resp).lane_signed(0);
      }
    }
    Token s;
    s.set_lane(0, sum);
    io.store(SUM, 0, s);
  }
};

}  // namespace loom::test
