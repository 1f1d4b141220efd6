// The unit declaration, and the Context its body runs in.
//
// A unit is a struct with a name, its ports, its parameters, its loop pipeline
// and one body, written once for every backend:
//
//   struct Scale {
//     static constexpr std::string_view name = "scale";
//     static constexpr Reads<"in", Word<4, 8>> in{};
//     static constexpr Writes<"out", Word<4, 8>> out{};
//     static constexpr Param<"K"> k{};
//     static constexpr auto ports = port_list(in, out);
//     static constexpr auto params = param_list(k);
//     static constexpr Pipeline pipeline{.ii = 1, .depth = 2};
//     template <class IO> static void body(IO& io) {
//       for (int64_t i = 0; i < io.param(k); ++i) io.write(out, io.read(in));
//     }
//   };
//
// A body may use blocking read/write, load/store, fixed-width integers, loops and
// local arrays: what HLS can synthesise. No heap, exceptions or STL containers.
// Touching a port the unit does not declare, or using the wrong word type, fails
// to compile with a static_assert that says which rule was broken.
#pragma once

#include <boost/hana/equal.hpp>
#include <boost/hana/for_each.hpp>
#include <boost/hana/index_if.hpp>
#include <boost/hana/optional.hpp>
#include <boost/hana/unpack.hpp>
#include <boost/hana/tuple.hpp>
#include <boost/hana/type.hpp>
#include <concepts>
#include <string_view>
#include <type_traits>

#include "units/io.h"
#include "units/port.h"
#include "units/shape.h"
#include "units/unit_model.h"
#include "units/word.h"

namespace loom {

namespace hana = boost::hana;

template <class... Ps>
constexpr auto port_list(Ps...) {
  static_assert((is_port<Ps>::value && ...),
                "loom: port_list() takes ports: Reads<>, Writes<>, Owns<>, Uses<> or Addresses<>");
  return hana::tuple_t<Ps...>;
}

template <Name... Ns>
constexpr auto param_list(Param<Ns>...) {
  return hana::tuple_t<Param<Ns>...>;
}

template <class U>
concept UnitDeclaration = requires {
  { U::name } -> std::convertible_to<std::string_view>;
  U::ports;
  { U::pipeline } -> std::convertible_to<Pipeline>;
};

namespace detail {

// The position of type X in a tuple of hana::type, or -1.
template <class X, class Types>
constexpr int position(Types types) {
  auto found = hana::index_if(types, hana::equal.to(hana::type_c<X>));
  if constexpr (decltype(hana::is_just(found))::value)
    return static_cast<int>(std::decay_t<decltype(found.value())>::value);
  else
    return -1;
}

template <class Types>
constexpr bool unique_names(Types types) {
  return hana::unpack(types, [](auto... ts) {
    const std::string_view names[] = {std::string_view{}, decltype(ts)::type::name...};
    for (size_t i = 1; i < sizeof...(ts) + 1; ++i)
      for (size_t j = i + 1; j < sizeof...(ts) + 1; ++j)
        if (names[i] == names[j]) return false;
    return true;
  });
}

template <class U>
constexpr auto params_of() {
  if constexpr (requires { U::params; })
    return U::params;
  else
    return hana::tuple_t<>;
}

}  // namespace detail

// The position of port P in U's declaration, or -1 when U does not declare it.
template <class U, class P>
constexpr int port_position = detail::position<P>(U::ports);

template <class U, class P>
constexpr int param_position = detail::position<P>(detail::params_of<U>());

// The view of the machine a body gets: only what its unit declares.
template <UnitDeclaration U>
class Context {
  static_assert(detail::unique_names(U::ports), "loom: a unit declares two ports with the same name");
  static_assert(detail::unique_names(detail::params_of<U>()),
                "loom: a unit declares the same parameter twice");

 public:
  using unit = U;
  Context(Io& io, const Index& index) : io_(io), index_(index) {}

  // This instance's position: rank 0 for one instance, 1 for [N], 2 for [R][C].
  const Index& index() const { return index_; }

  // Blocks until the channel bound to `port` holds a word.
  template <class P>
  typename P::word read(P) const {
    static_assert(is_port<P>::value, "loom: read() takes a port of this unit");
    static_assert(port_position<U, P> >= 0,
                  "loom: the body reads a channel port that its unit does not declare");
    static_assert(P::kind == PortKind::reads, "loom: read() takes a Reads<> port, a channel the unit reads");
    typename P::word word;
    io_.read(port_position<U, P>, word.limbs(), P::word::limb_count);
    return word;
  }

  // Blocks while the channel bound to `port` is full.
  template <class P, class W>
  void write(P, const W& word) const {
    static_assert(is_port<P>::value, "loom: write() takes a port of this unit");
    static_assert(port_position<U, P> >= 0,
                  "loom: the body writes a channel port that its unit does not declare");
    static_assert(P::kind == PortKind::writes, "loom: write() takes a Writes<> port, a channel the unit writes");
    static_assert(std::is_same_v<W, typename P::word>,
                  "loom: write() is given a word whose type differs from the port's declared word");
    io_.write(port_position<U, P>, word.limbs(), P::word::limb_count);
  }

  // Row `row` of a memory the unit owns, or element `row` of a region argument.
  template <class P>
  typename P::word load(P, int64_t row) const {
    static_assert(is_port<P>::value, "loom: load() takes a port of this unit");
    static_assert(port_position<U, P> >= 0,
                  "loom: the body loads from a memory or argument that its unit does not declare");
    static_assert(P::kind == PortKind::owns || P::kind == PortKind::uses || P::kind == PortKind::addresses,
                  "loom: load() takes a memory (Owns<>) or an argument (Addresses<>)");
    static_assert(P::access != Access::write, "loom: load() from an argument the unit declares write-only");
    typename P::word word;
    io_.load(port_position<U, P>, row, word.limbs(), P::word::limb_count);
    return word;
  }

  template <class P, class W>
  void store(P, int64_t row, const W& word) const {
    static_assert(is_port<P>::value, "loom: store() takes a port of this unit");
    static_assert(port_position<U, P> >= 0,
                  "loom: the body stores to a memory or argument that its unit does not declare");
    static_assert(P::kind == PortKind::owns || P::kind == PortKind::uses || P::kind == PortKind::addresses,
                  "loom: store() takes a memory (Owns<>) or an argument (Addresses<>)");
    static_assert(P::access != Access::read, "loom: store() to an argument the unit declares read-only");
    static_assert(std::is_same_v<W, typename P::word>,
                  "loom: store() is given a word whose type differs from the port's declared word");
    io_.store(port_position<U, P>, row, word.limbs(), P::word::limb_count);
  }

  template <Name N>
  int64_t param(Param<N>) const {
    static_assert(param_position<U, Param<N>> >= 0,
                  "loom: the body reads a parameter that its unit does not declare in `params`");
    return io_.param(param_position<U, Param<N>>);
  }

 private:
  Io& io_;
  Index index_;
};

template <UnitDeclaration U>
void run_body(Io& io, const Index& index) {
  Context<U> context(io, index);
  U::body(context);
}

// The run-time model of a declared unit.
template <UnitDeclaration U>
UnitModel describe() {
  static_assert(U::pipeline.ii >= 1 && U::pipeline.depth >= 1,
                "loom: a unit's pipeline needs ii >= 1 and depth >= 1 (cycles)");
  UnitModel model;
  model.name = std::string(U::name);
  hana::for_each(U::ports, [&](auto t) {
    using P = typename decltype(t)::type;
    model.ports.push_back({std::string(P::name), P::kind, P::word::shape(), P::access});
  });
  hana::for_each(detail::params_of<U>(), [&](auto t) {
    model.params.emplace_back(decltype(t)::type::name);
  });
  model.pipeline = U::pipeline;
  model.run = &run_body<U>;
  return model;
}

}  // namespace loom
