// Small units for simulator tests: timing probes with a chosen pipeline, and the
// broken shapes whose deadlocks the simulator must name.
#pragma once

#include <stdexcept>

#include "units/parameter_set.h"
#include "units/unit.h"

namespace loom::test {

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
  static constexpr std::string_view name = "emit";
  static constexpr Writes<"out", Token> out{};
  static constexpr Param<"K"> k{};
  static constexpr auto ports = port_list(out);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{.ii = II, .depth = Depth};
  template <class IO> static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) {
      Token t;
      t.set_lane(0, i);
      io.write(out, t);
    }
  }
};

// Passes K tokens through, adding one to lane 1.
template <int II, int Depth>
struct Stage {
  static constexpr std::string_view name = "stage";
  static constexpr Reads<"in", Token> in{};
  static constexpr Writes<"out", Token> out{};
  static constexpr Param<"K"> k{};
  static constexpr auto ports = port_list(in, out);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{.ii = II, .depth = Depth};
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
  static constexpr std::string_view name = "absorb";
  static constexpr Reads<"in", Token> in{};
  static constexpr Addresses<"OUT", Token, Access::write> result{};
  static constexpr Param<"K"> k{};
  static constexpr auto ports = port_list(in, result);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{.ii = II, .depth = Depth};
  template <class IO> static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) io.store(result, i, io.read(in));
  }
};

// Reads one token more than K: waits for a word no one will write.
struct Greedy {
  static constexpr std::string_view name = "greedy";
  static constexpr Reads<"in", Token> in{};
  static constexpr Param<"K"> k{};
  static constexpr auto ports = port_list(in);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{};
  template <class IO> static void body(IO& io) {
    for (int64_t i = 0; i <= io.param(k); ++i) (void)io.read(in);
  }
};

// One DMA unit in both directions, row by row: loads a row of A through the
// scratchpad and stores the row that comes back into C. The seed's two-process
// cycle, when the scratchpad answers only after it has every row.
struct TwoWayDma {
  static constexpr std::string_view name = "dma";
  static constexpr Addresses<"A", Token> a{};
  static constexpr Addresses<"C", Token, Access::write> c{};
  static constexpr Writes<"to_sp", Token> to_sp{};
  static constexpr Reads<"from_sp", Token> from_sp{};
  static constexpr Param<"K"> k{};
  static constexpr auto ports = port_list(a, c, to_sp, from_sp);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{};
  template <class IO> static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) {
      io.write(to_sp, io.load(a, i));
      io.store(c, i, io.read(from_sp));
    }
  }
};

// A scratchpad that takes K rows into its memory, then sends them all back.
struct Scratchpad {
  static constexpr std::string_view name = "spm";
  static constexpr Reads<"in", Token> in{};
  static constexpr Writes<"out", Token> out{};
  static constexpr Owns<"spad", Token> spad{};
  static constexpr Param<"K"> k{};
  static constexpr auto ports = port_list(in, out, spad);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{};
  template <class IO> static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) io.store(spad, i, io.read(in));
    for (int64_t i = 0; i < io.param(k); ++i) io.write(out, io.load(spad, i));
  }
};

// The one-way split of TwoWayDma: a load unit and a store unit.
struct DmaLoad {
  static constexpr std::string_view name = "dma_ld";
  static constexpr Addresses<"A", Token> a{};
  static constexpr Writes<"out", Token> out{};
  static constexpr Param<"K"> k{};
  static constexpr auto ports = port_list(a, out);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{};
  template <class IO> static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) io.write(out, io.load(a, i));
  }
};

struct DmaStore {
  static constexpr std::string_view name = "dma_st";
  static constexpr Reads<"in", Token> in{};
  static constexpr Addresses<"C", Token, Access::write> c{};
  static constexpr Param<"K"> k{};
  static constexpr auto ports = port_list(in, c);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{};
  template <class IO> static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) io.store(c, i, io.read(in));
  }
};

// Fans out: K tokens on `first`, then K on `second` (weights, then data).
struct Split {
  static constexpr std::string_view name = "split";
  static constexpr Writes<"first", Token> first{};
  static constexpr Writes<"second", Token> second{};
  static constexpr Param<"K"> k{};
  static constexpr auto ports = port_list(first, second);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{};
  template <class IO> static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) io.write(first, Token());
    for (int64_t i = 0; i < io.param(k); ++i) io.write(second, Token());
  }
};

// Joins: one token from each input per step.
struct Join {
  static constexpr std::string_view name = "join";
  static constexpr Reads<"a", Token> a{};
  static constexpr Reads<"b", Token> b{};
  static constexpr Param<"K"> k{};
  static constexpr auto ports = port_list(a, b);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{};
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
  static constexpr std::string_view name = Starts ? "ping" : "pong";
  static constexpr Reads<"in", Token> in{};
  static constexpr Writes<"out", Token> out{};
  static constexpr auto ports = port_list(in, out);
  static constexpr Pipeline pipeline{};
  template <class IO> static void body(IO& io) {
    if (Starts) io.write(out, Token());
    for (;;) io.write(out, io.read(in));
  }
};

// Throws, which a body must not: the simulator must report it, not abort.
struct Thrower {
  static constexpr std::string_view name = "thrower";
  static constexpr auto ports = port_list();
  static constexpr Pipeline pipeline{};
  template <class IO> static void body(IO&) { throw std::out_of_range("row 7 is not here"); }
};

}  // namespace loom::test
