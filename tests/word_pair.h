// Two test units over one FIFO: K words of `W` written at II=1 and read at
// II=`DrainII`, each word's lane 0 its index. The regions the FIFO-kind and
// FIFO-rate tests time in closed form (fifo_kind_test.cc, model_test.cc).
#pragma once

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <utility>

#include "compose/architecture.h"
#include "compose/place.h"
#include "units/unit.h"

namespace loom::test {

template <class W>
struct WordEmit {
  LOOM_UNIT("word_emit");
  LOOM_WRITES(out, W);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(out);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/1};
  template <class IO> static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) {
      W w;
      w.set_lane(0, i);
      io.write(out, w);
    }
  }
};

template <class W, int DrainII>
struct WordDrain {
  LOOM_UNIT("word_drain");
  LOOM_READS(in, W);
  LOOM_PARAM(k, K);
  static constexpr auto ports = port_list(in);
  static constexpr auto params = param_list(k);
  static constexpr Pipeline pipeline{/*ii=*/DrainII, /*depth=*/1};
  template <class IO> static void body(IO& io) {
    for (int64_t i = 0; i < io.param(k); ++i) (void)io.read(in);
  }
};

// The producer and consumer over channel `c` of depth QD, composed.
template <class W, int DrainII>
Region word_pair(const std::string& name, int64_t k, int64_t qd) {
  ParameterSet p;
  p.param("K", k, 1, 1 << 20, "words");
  p.param("QD", qd, 1, 64, "fifo depth");
  Architecture arch(name, p);
  Handle c = arch.channel<W>("c", one(), "QD", "words");
  place<WordEmit<W>>(arch, "producer", one()).bind(WordEmit<W>::out, c());
  place<WordDrain<W, DrainII>>(arch, "consumer", one()).bind(WordDrain<W, DrainII>::in, c());
  auto region = arch.compose();
  REQUIRE(region.ok());
  return std::move(region).value();
}

}  // namespace loom::test
