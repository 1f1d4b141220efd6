// The HLS target of the unit vocabulary, C++14: what a unit's body needs when
// Vitis HLS compiles it. The context a body runs in is not here: `loom hls`
// writes one per process instance into the project's top (see docs/hls.md),
// binding each port to an hls::stream, a local array or an m_axi pointer, and
// its index and parameters to constants. This header holds what those contexts
// share, and the HLS meaning of the loop marker.
#pragma once

#include <ap_int.h>
#include <ap_utils.h>
#include <stdint.h>
#ifndef __SYNTHESIS__
#include <stdio.h>
#include <stdlib.h>
#endif

// A pragma from a macro: Vitis expands macros in pragma arguments, and _Pragma
// lets one macro place several.
#define LOOM_PRAGMA_TEXT_(text) #text
#define LOOM_PRAGMA_(text) _Pragma(LOOM_PRAGMA_TEXT_(text))
#define LOOM_PRAGMA(text) LOOM_PRAGMA_(text)

// The body's loop marker: the loop's pragmas, which the emitted top defines as
// LOOM_HLS_LOOP(io) before it includes the unit's header (its pipeline II, and
// a dependence pragma for each claim the machine makes on the unit's
// memories). A dependence pragma names the memory's array itself: the macro
// first binds a reference to it, `loom_mem_<port>`, in the loop's scope (the
// array is the owner's local; UG1399 parses a pragma's variable= as an
// expression in the scope it stands in) and proves with a static_assert that
// the name is an array of the port's words. The pipeline pragma names its II
// the same way, `loom_ii` (LOOM_HLS_BIND_II), so a header included once
// serves every unit it declares at its own II: two instantiations of a unit
// template at two IIs, say.
#define LOOM_PIPELINE(io) LOOM_HLS_LOOP(io) ((void)(io))

// Binds `loom_ii`, in the loop's scope, to the pipeline II of the unit whose
// context `io` is, for the pipeline pragma to name: UG1399 ("Using Constants
// with Pragmas") takes a constexpr variable as a pragma's value.
#define LOOM_HLS_BIND_II(io)                                                              \
  constexpr int loom_ii = ::loom::hls_target::unref<decltype(io)>::type::unit::pipeline.ii; \
  (void)loom_ii;

// Only the host's timing needs to know where a loop nest is not flattened.
#define LOOM_LOOP_ENTRY(io) ((void)(io))

// A protocol region, which the body opens at the top of a braced scope, and
// a clock boundary in it (UG1399, "pragma HLS protocol": in fixed mode no
// statement outside the region runs in parallel with it, and the region's
// reads and writes keep their order, an ap_wait() between them one clock).
#define LOOM_PROTOCOL(io) \
  LOOM_PRAGMA(HLS protocol fixed) \
  ((void)(io))
#define LOOM_WAIT(io) ((void)(io), ap_wait())

// Binds `loom_mem_<port>` to a memory's array in the loop's scope, for the
// pragmas that name it: the context holds a reference to the owner's array.
#define LOOM_HLS_MEMORY(io, port)                                                              \
  auto& loom_mem_##port = (io).port##_;                                                        \
  (void)loom_mem_##port;                                                                       \
  LOOM_HLS_PROBE_ARRAY(loom_mem_##port, typename ::loom::hls_target::unref<decltype(io)>::type::port##_word);

// Proves at compile time that a pragma's variable is an array of `element`
// (any extent), or a reference to one: a pragma that names anything else binds
// nothing. The emitted top places one after every pragma that names a variable.
#define LOOM_HLS_PROBE_ARRAY(var, ...)                                                      \
  static_assert(::loom::hls_target::array_of<decltype(var), __VA_ARGS__>::value,          \
                "loom: the variable a pragma names, " #var ", is not an array of " #__VA_ARGS__)
#define LOOM_HLS_PROBE_STREAM(var, ...)                                                     \
  static_assert(::loom::hls_target::same<decltype(var), ::hls::stream<__VA_ARGS__> >::value, \
                "loom: the variable a pragma names, " #var ", is not an hls::stream of " #__VA_ARGS__)

namespace loom {

// A process instance's position, a constant of the instance's context.
struct Index {
  int rank;
  int64_t at[2];
  constexpr int64_t operator[](int d) const { return at[d]; }
};

namespace hls_target {

// The few type traits the probes need, without the STL.
template <class A, class B>
struct same {
  static const bool value = false;
};
template <class A>
struct same<A, A> {
  static const bool value = true;
};
template <class T>
struct unref {
  typedef T type;
};
template <class T>
struct unref<T&> {
  typedef T type;
};
template <class T, class E>
struct array_of {
  static const bool value = false;
};
template <class E, decltype(sizeof(0)) N>
struct array_of<E[N], E> {
  static const bool value = true;
};
template <class T, class E>
struct array_of<T&, E> : array_of<T, E> {};

// A port the architecture leaves unbound on this instance. The body reaches it
// only on a branch its constant index rules out; C simulation says so if not.
template <class W>
W unbound(const char* process, const char* port) {
#ifndef __SYNTHESIS__
  fprintf(stderr, "loom: %s uses port '%s', which the architecture binds to nothing for this instance\n", process,
          port);
  exit(1);
#else
  (void)process;
  (void)port;
#endif
  return W();
}

// An element of a port array outside its `count`: C simulation stops by name.
template <class W>
W no_element(const char* process, const char* port, long long element, long long count) {
#ifndef __SYNTHESIS__
  fprintf(stderr, "loom: %s uses element %lld of port array '%s', outside its %lld elements\n", process, element, port,
          count);
  exit(1);
#else
  (void)process;
  (void)port;
  (void)element;
  (void)count;
#endif
  return W();
}

// A row of a memory or argument: C simulation checks it is within `rows`.
inline int64_t row(int64_t r, int64_t rows, const char* process, const char* port, const char* verb) {
#ifndef __SYNTHESIS__
  if (r < 0 || r >= rows) {
    fprintf(stderr, "loom: %s: %s of row %lld of '%s', outside its %lld rows\n", process, verb,
            static_cast<long long>(r), port, static_cast<long long>(rows));
    exit(1);
  }
#else
  (void)rows;
  (void)process;
  (void)port;
  (void)verb;
#endif
  return r;
}

}  // namespace hls_target
}  // namespace loom
