// Tiny units for composition tests: each does one thing to one port kind.
#pragma once

#include "units/unit.h"

namespace loom::test {

using Narrow = Word<4, 8>;
using Wide = Word<4, 32>;

struct Source {
  static constexpr std::string_view name = "source";
  static constexpr Writes<"out", Narrow> out{};
  static constexpr auto ports = port_list(out);
  static constexpr Pipeline pipeline{};
  template <class IO> static void body(IO& io) { io.write(out, Narrow()); }
};

struct Sink {
  static constexpr std::string_view name = "sink";
  static constexpr Reads<"in", Narrow> in{};
  static constexpr auto ports = port_list(in);
  static constexpr Pipeline pipeline{};
  template <class IO> static void body(IO& io) { (void)io.read(in); }
};

struct WideSink {
  static constexpr std::string_view name = "wide_sink";
  static constexpr Reads<"in", Wide> in{};
  static constexpr auto ports = port_list(in);
  static constexpr Pipeline pipeline{};
  template <class IO> static void body(IO& io) { (void)io.read(in); }
};

struct Relay {
  static constexpr std::string_view name = "relay";
  static constexpr Reads<"in", Narrow> in{};
  static constexpr Writes<"out", Narrow> out{};
  static constexpr auto ports = port_list(in, out);
  static constexpr Pipeline pipeline{};
  template <class IO> static void body(IO& io) { io.write(out, io.read(in)); }
};

struct Keeper {
  static constexpr std::string_view name = "keeper";
  static constexpr Owns<"mem", Narrow> mem{};
  static constexpr auto ports = port_list(mem);
  static constexpr Pipeline pipeline{};
  template <class IO> static void body(IO& io) { io.store(mem, 0, io.load(mem, 0)); }
};

struct Borrower {
  static constexpr std::string_view name = "borrower";
  static constexpr Uses<"mem", Narrow> mem{};
  static constexpr auto ports = port_list(mem);
  static constexpr Pipeline pipeline{};
  template <class IO> static void body(IO& io) { (void)io.load(mem, 0); }
};

struct DramReader {
  static constexpr std::string_view name = "dram_reader";
  static constexpr Addresses<"src", Narrow> src{};
  static constexpr Param<"LEN"> len{};
  static constexpr auto ports = port_list(src);
  static constexpr auto params = param_list(len);
  static constexpr Pipeline pipeline{};
  template <class IO> static void body(IO& io) {
    for (int64_t i = 0; i < io.param(len); ++i) (void)io.load(src, i);
  }
};

// Reads one element of an argument and writes another of the same argument.
struct Copier {
  static constexpr std::string_view name = "copier";
  static constexpr Addresses<"src", Narrow> src{};
  static constexpr Addresses<"dst", Narrow, Access::write> dst{};
  static constexpr auto ports = port_list(src, dst);
  static constexpr Pipeline pipeline{};
  template <class IO> static void body(IO& io) { io.store(dst, 1, io.load(src, 0)); }
};

}  // namespace loom::test
