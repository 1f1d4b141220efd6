// The host target of the unit vocabulary: the Context a body runs in on the
// host, and describe<U>(), which reflects a declaration into the run-time
// UnitModel that composition and the backends use (Boost.Hana). C++20, and never
// part of what HLS compiles: units/unit.h includes it only without LOOM_HLS.
//
// Context<U, Backend> checks each access against the unit's declaration at
// compile time (units/diagnostics.h: each mistake once, naming the unit and
// the port) and then calls the backend directly, so a backend that is a
// concrete class (the simulator's process) costs no virtual call per access;
// the virtual Io (units/io.h) is the backend for everything else.
#pragma once

#include <boost/hana/at.hpp>
#include <boost/hana/equal.hpp>
#include <boost/hana/for_each.hpp>
#include <boost/hana/index_if.hpp>
#include <boost/hana/optional.hpp>
#include <boost/hana/tuple.hpp>
#include <boost/hana/type.hpp>
#include <boost/hana/unpack.hpp>
#include <concepts>
#include <string>
#include <string_view>
#include <type_traits>

#include "units/declare.h"
#include "units/diagnostics.h"
#include "units/io.h"
#include "units/port.h"
#include "units/shape.h"
#include "units/source_path.h"
#include "units/unit_model.h"
#include "units/word.h"

// The body's loop marker, on the host: one trip of the pipelined loop, from
// the marker to the end of the loop body's scope (a guard object), which is
// one iteration at the unit's II and what a memory's write latency counts
// (docs/timing.md). For HLS it becomes the loop's pipeline and dependence
// pragmas (units/hls/context.h).
#define LOOM_PIPELINE_CAT_(a, b) a##b
#define LOOM_PIPELINE_NAME_(line) LOOM_PIPELINE_CAT_(loom_trip_, line)
#define LOOM_PIPELINE(io) const auto LOOM_PIPELINE_NAME_(__LINE__) = (io).trip(__LINE__)
// Before a marked loop inside another loop that Vitis cannot flatten into it
// (an inner bound that depends on the outer loop, code between them), the
// unpipelined outer loop around a pipelined one: the
// marked loop is entered afresh here, and pays its entry, drain and exit
// each time (docs/timing.md). Without it, trips of one marked loop with
// nothing outside a trip between them are taken for one flattened run.
// Outside a trip only; for HLS it is nothing.
#define LOOM_LOOP_ENTRY(io) (io).loop_entry()
// A protocol region (UG1399, "pragma HLS protocol"), from the marker to the
// end of its scope: there LOOM_WAIT(io) is a clock boundary, as ap_wait() is,
// so every access after it takes a later stage of the iteration than every
// access before it (docs/timing.md, "Stages"). For HLS they become the
// fixed-mode protocol pragma and ap_wait() (units/hls/context.h).
#define LOOM_PROTOCOL(io) const auto LOOM_PIPELINE_CAT_(loom_protocol_, __LINE__) = (io).protocol()
#define LOOM_WAIT(io) (io).wait(__LINE__)

namespace loom {

namespace hana = boost::hana;

template <class P>
struct is_port_tag : std::bool_constant<requires {
  P::kind;
  P::access;
  typename P::word;
  P::name;
}> {};

// A port array's tag (LOOM_READS_ARRAY, LOOM_WRITES_ARRAY).
template <class P>
inline constexpr bool is_port_array = requires { P::extent; };

template <class U>
concept UnitDeclaration = requires {
  { U::name } -> std::convertible_to<std::string_view>;
  { U::source } -> std::convertible_to<std::string_view>;
  U::ports;
  { U::pipeline } -> std::convertible_to<Pipeline>;
};

namespace detail {

template <class... Ps>
constexpr auto types_of(PortList<Ps...>) {
  return hana::tuple_t<Ps...>;
}
template <class... Ps>
constexpr auto types_of(ParamList<Ps...>) {
  return hana::tuple_t<Ps...>;
}

template <class... Ps>
constexpr auto types_of(NonblockingList<Ps...>) {
  return hana::tuple_t<Ps...>;
}

template <class U>
constexpr auto nonblocking_types() {
  if constexpr (requires { U::nonblocking; })
    return types_of(U::nonblocking);
  else
    return hana::tuple_t<>;
}

template <class U>
constexpr auto port_types() {
  return types_of(U::ports);
}

template <class U>
constexpr auto param_types() {
  if constexpr (requires { U::params; })
    return types_of(U::params);
  else
    return hana::tuple_t<>;
}

// The position of type X in a tuple of hana::type, or -1.
template <class X, class Types>
constexpr int position(Types types) {
  auto found = hana::index_if(types, hana::equal.to(hana::type_c<X>));
  if constexpr (decltype(hana::is_just(found))::value)
    return static_cast<int>(std::decay_t<decltype(found.value())>::value);
  else
    return -1;
}

// The position of the first of `types` whose name a later one shares, or -1.
template <class Types>
constexpr int shared_index(Types types) {
  return hana::unpack(types, [](auto... ts) {
    const std::string_view names[] = {std::string_view{}, std::string_view(decltype(ts)::type::name)...};
    for (size_t i = 1; i < sizeof...(ts) + 1; ++i)
      for (size_t j = i + 1; j < sizeof...(ts) + 1; ++j)
        if (names[i] == names[j]) return static_cast<int>(i) - 1;
    return -1;
  });
}

// The name two of `Types` share, for the compiler's message, or "".
template <class Types, int I = shared_index(Types{})>
constexpr auto shared_name() {
  if constexpr (I < 0)
    return diagnostics::Name<1>("");
  else
    return diagnostics::name_of<typename std::remove_cvref_t<decltype(hana::at_c<I>(Types{}))>::type>;
}

template <class Types>
constexpr bool all_ports(Types types) {
  return hana::unpack(types, [](auto... ts) { return (is_port_tag<typename decltype(ts)::type>::value && ...); });
}

// The qualified C++ name of T as the compiler spells it, e.g.
// "loom::tinytpu::Accu<4>": what the emitted HLS code calls the unit by.
template <class T>
std::string type_name() {
  const std::string_view pretty = __PRETTY_FUNCTION__;
  const std::string_view key = "T = ";
  const size_t from = pretty.find(key) + key.size();
  size_t to = from;
  for (int depth = 0; to < pretty.size(); ++to) {
    const char c = pretty[to];
    if (c == '<' || c == '(' || c == '[') ++depth;
    if (c == '>' || c == ')') --depth;
    if (depth == 0 && (c == ';' || c == ']')) break;
    if (depth < 0) break;
  }
  return std::string(pretty.substr(from, to - from));
}

}  // namespace detail

// The position of port P in U's declaration, or -1 when U does not declare it.
template <class U, class P>
constexpr int port_position = detail::position<P>(detail::port_types<U>());

template <class U, class P>
constexpr int param_position = detail::position<P>(detail::param_types<U>());

// The view of the machine a body gets: only what its unit declares. Its
// accesses are forced inline: a body's lane arithmetic can exhaust the
// compiler's inlining budget, and an access out of line costs the simulator a
// call per step (bench/sim_vs_systemc).
template <UnitDeclaration U, class Backend>
class Context {
  static_assert(diagnostics::Declaration<diagnostics::name_of<U>, detail::all_ports(detail::port_types<U>()),
                                        detail::shared_name<decltype(detail::port_types<U>())>(),
                                        detail::shared_name<decltype(detail::param_types<U>())>()>::ok ||
                true);

 public:
  using unit = U;
  Context(Backend& backend, const Index& index) : backend_(backend), index_(index) {}

  // This instance's position: rank 0 for one instance, 1 for [N], 2 for [R][C].
  const Index& index() const { return index_; }

  // Blocks until the channel bound to `port` holds a word.
  template <class P>
  [[gnu::always_inline]] typename P::word read(P) const {
    static_assert(is_port_tag<P>::value, "loom: read() takes a port of this unit");
    if constexpr (is_port_tag<P>::value)
      static_assert(diagnostics::Read<diagnostics::name_of<U>, diagnostics::name_of<P>, listed<P>,
                                      P::kind == PortKind::reads>::ok || true);
    static_assert(!is_port_array<P>, "loom: read() of a port array takes one element: read(port[i])");
    typename P::word word;
    backend_.read(slot<P>(0), word.limbs(), P::word::limb_count);
    return word;
  }
  // ...of element `e.at` of a port array.
  template <class P>
  [[gnu::always_inline]] typename P::word read(Element<P> e) const {
    static_assert(diagnostics::Read<diagnostics::name_of<U>, diagnostics::name_of<P>, listed<P>,
                                    P::kind == PortKind::reads>::ok || true);
    typename P::word word;
    backend_.read(slot<P>(e.at), word.limbs(), P::word::limb_count);
    return word;
  }

  // Blocks while the channel bound to `port` is full.
  template <class P, class W>
  [[gnu::always_inline]] void write(P, const W& word) const {
    static_assert(is_port_tag<P>::value, "loom: write() takes a port of this unit");
    if constexpr (is_port_tag<P>::value)
      static_assert(diagnostics::Write<diagnostics::name_of<U>, diagnostics::name_of<P>, listed<P>,
                                       P::kind == PortKind::writes, std::is_same_v<W, typename P::word>>::ok || true);
    static_assert(!is_port_array<P>, "loom: write() to a port array takes one element: write(port[i], word)");
    backend_.write(slot<P>(0), word.limbs(), P::word::limb_count);
  }
  // ...of element `e.at` of a port array.
  template <class P, class W>
  [[gnu::always_inline]] void write(Element<P> e, const W& word) const {
    static_assert(diagnostics::Write<diagnostics::name_of<U>, diagnostics::name_of<P>, listed<P>,
                                     P::kind == PortKind::writes, std::is_same_v<W, typename P::word>>::ok || true);
    backend_.write(slot<P>(e.at), word.limbs(), P::word::limb_count);
  }

  // Non-blocking access (UG1399, "Non-Blocking Accesses"), on a port the
  // unit lists in LOOM_NONBLOCKING: read_nb takes the next word into `word`
  // if the FIFO shows one at the access's cycle, write_nb places `word` if
  // it shows a free slot; each says whether it did. empty() and full()
  // probe the FIFO at the cycle its next access would take.
  template <class P, class W>
  [[gnu::always_inline]] bool read_nb(P p, W& word) const {
    check_nonblocking<P, W, PortKind::reads>();
    return backend_.read_nb(slot_of(p), word.limbs(), P::word::limb_count);
  }
  template <class P, class W>
  [[gnu::always_inline]] bool read_nb(Element<P> e, W& word) const {
    check_nonblocking<P, W, PortKind::reads>();
    return backend_.read_nb(slot<P>(e.at), word.limbs(), P::word::limb_count);
  }
  template <class P, class W>
  [[gnu::always_inline]] bool write_nb(P p, const W& word) const {
    check_nonblocking<P, W, PortKind::writes>();
    return backend_.write_nb(slot_of(p), word.limbs(), P::word::limb_count);
  }
  template <class P, class W>
  [[gnu::always_inline]] bool write_nb(Element<P> e, const W& word) const {
    check_nonblocking<P, W, PortKind::writes>();
    return backend_.write_nb(slot<P>(e.at), word.limbs(), P::word::limb_count);
  }
  template <class P>
  [[gnu::always_inline]] bool empty(P p) const {
    check_nonblocking<P, typename port_of<P>::word, PortKind::reads>();
    return backend_.empty(slot_of(p));
  }
  template <class P>
  [[gnu::always_inline]] bool full(P p) const {
    check_nonblocking<P, typename port_of<P>::word, PortKind::writes>();
    return backend_.full(slot_of(p));
  }

  // Row `row` of a memory the unit owns, or element `row` of a region argument.
  template <class P>
  [[gnu::always_inline]] typename P::word load(P, int64_t row) const {
    static_assert(is_port_tag<P>::value, "loom: load() takes a port of this unit");
    if constexpr (is_port_tag<P>::value)
      static_assert(diagnostics::Load<diagnostics::name_of<U>, diagnostics::name_of<P>, listed<P>, storage<P>,
                                      P::access != Access::write>::ok || true);
    typename P::word word;
    backend_.load(slot<P>(0), row, word.limbs(), P::word::limb_count);
    return word;
  }

  template <class P, class W>
  [[gnu::always_inline]] void store(P, int64_t row, const W& word) const {
    static_assert(is_port_tag<P>::value, "loom: store() takes a port of this unit");
    if constexpr (is_port_tag<P>::value)
      static_assert(diagnostics::Store<diagnostics::name_of<U>, diagnostics::name_of<P>, listed<P>, storage<P>,
                                       P::access != Access::read, std::is_same_v<W, typename P::word>>::ok || true);
    backend_.store(slot<P>(0), row, word.limbs(), P::word::limb_count);
  }

  template <class P>
  int64_t param(P) const {
    static_assert(std::is_base_of_v<ParamTag, P>, "loom: param() takes a parameter tag (LOOM_PARAM)");
    if constexpr (std::is_base_of_v<ParamTag, P>)
      static_assert(diagnostics::ParamUse<diagnostics::name_of<U>, diagnostics::tag_of<P>,
                                          (param_position<U, P> >= 0)>::ok || true);
    return backend_.param(param_position<U, P>);
  }

  // LOOM_PIPELINE(io): one trip of the unit's pipelined loop, until the guard
  // it returns leaves scope.
  class Trip {
   public:
    Trip(Backend& backend, int line) : backend_(backend) { backend_.begin_trip(line); }
    Trip(const Trip&) = delete;
    Trip& operator=(const Trip&) = delete;
    // Never throws: a backend that refuses the trip does so at the body's
    // next access, trip or end.
    ~Trip() { backend_.end_trip(); }

   private:
    Backend& backend_;
  };
  Trip trip(int line) const { return Trip(backend_, line); }
  // LOOM_LOOP_ENTRY(io).
  void loop_entry() const { backend_.loop_entry(); }
  // LOOM_PROTOCOL(io): a protocol region, until the guard leaves scope.
  class Protocol {
   public:
    explicit Protocol(Backend& backend) : backend_(backend) { backend_.begin_protocol(); }
    Protocol(const Protocol&) = delete;
    Protocol& operator=(const Protocol&) = delete;
    ~Protocol() { backend_.end_protocol(); }

   private:
    Backend& backend_;
  };
  Protocol protocol() const { return Protocol(backend_); }
  // LOOM_WAIT(io) at `line`: a clock boundary, inside a protocol region only.
  void wait(int line) const { backend_.wait(line); }

 private:
  template <class P>
  static constexpr bool listed = port_position<U, P> >= 0;
  // A port tag, or the array an Element names.
  template <class P>
  struct port_of {
    using type = P;
    using word = typename P::word;
  };
  template <class P>
  struct port_of<Element<P>> {
    using type = P;
    using word = typename P::word;
  };
  template <class P>
  int slot_of(P) const {
    return slot<P>(0);
  }
  template <class P>
  int slot_of(Element<P> e) const {
    return slot<P>(e.at);
  }
  // A non-blocking access names a channel port of the unit's, in its
  // direction, with the port's own word, that LOOM_NONBLOCKING lists.
  template <class Q, class W, PortKind K>
  static constexpr void check_nonblocking() {
    using P = typename port_of<Q>::type;
    static_assert(is_port_tag<P>::value, "loom: a non-blocking access takes a port of this unit");
    if constexpr (is_port_tag<P>::value) {
      static_assert(listed<P>, "loom: a non-blocking access names a port that is not in the unit's port_list");
      static_assert(P::kind == K, "loom: read_nb() and empty() take a LOOM_READS port; write_nb() and full() a LOOM_WRITES port");
      static_assert(std::is_same_v<W, typename P::word>, "loom: a non-blocking access moves the port's own word");
      static_assert(detail::position<P>(detail::nonblocking_types<U>()) >= 0,
                    "loom: a non-blocking access (read_nb, write_nb, empty, full) is on a port the unit lists in "
                    "LOOM_NONBLOCKING: what the body computes then depends on timing, and the simulator must know");
      static_assert(is_port_array<P> == !std::is_same_v<P, Q>,
                    "loom: a non-blocking access to a port array takes one element: read_nb(port[i], word)");
    }
  }
  // Whether any port of U is an array: only then do a port's accesses go
  // through the backend's table of elements (UnitModel::slot()).
  static constexpr bool has_arrays = hana::unpack(detail::port_types<U>(), [](auto... ts) {
    return (is_port_array<typename decltype(ts)::type> || ...);
  });
  // Where element `element` of port P is among the backend's ports.
  template <class P>
  [[gnu::always_inline]] int slot(int64_t element) const {
    if constexpr (has_arrays)
      return backend_.slot(port_position<U, P>, element);
    else
      return port_position<U, P>;
  }
  template <class P>
  static constexpr bool storage = P::kind == PortKind::owns || P::kind == PortKind::uses || P::kind == PortKind::addresses;

  Backend& backend_;
  Index index_;
};

// Runs U's body against `backend`, as instance `index`.
template <UnitDeclaration U, class Backend>
void run_body(Backend& backend, const Index& index) {
  Context<U, Backend> context(backend, index);
  U::body(context);
}

namespace detail {
// A LOOM_STAGES or LOOM_COMPUTE list into `out`, (port, figure) a port, each
// checked at compile time: a port of U's, of the kind its figure is about,
// and a figure within U's pipeline (0 <= figure < depth, the iteration's).
template <class U, auto List, class L = std::remove_cv_t<decltype(List)>>
struct Figures;
template <class U, auto List, class Tag, class... Ps>
struct Figures<U, List, PortFigures<Tag, Ps...>> {
  static constexpr bool stages = std::is_same_v<Tag, StageTag>;
  static_assert(((port_position<U, Ps> >= 0) && ...),
                "loom: LOOM_STAGES or LOOM_COMPUTE names a port that is not in the unit's port_list");
  static_assert(!stages || ((Ps::kind == PortKind::reads || Ps::kind == PortKind::writes) && ...),
                "loom: LOOM_STAGES states the stage of a channel port (LOOM_READS, LOOM_WRITES)");
  static_assert(stages || ((Ps::kind == PortKind::writes) && ...),
                "loom: LOOM_COMPUTE states the latency before a channel write port's value (LOOM_WRITES)");
  static_assert(
      [] {
        for (int figure : List.value)
          if (figure < 0 || figure >= U::pipeline.depth) return false;
        return true;
      }(),
      "loom: a LOOM_STAGES stage or LOOM_COMPUTE latency lies in the unit's pipeline: 0 <= figure < depth");
  static void add(std::vector<std::pair<int, int>>& out) {
    size_t k = 0;
    (out.emplace_back(port_position<U, Ps>, List.value[k++]), ...);
  }
};
}  // namespace detail

// The run-time model of a declared unit, run through the virtual Io. compose/
// adds the simulator's entry point where it places the unit (compose/place.h).
template <UnitDeclaration U>
UnitModel describe() {
  static_assert(diagnostics::PipelineOf<diagnostics::name_of<U>, (U::pipeline.ii >= 1 && U::pipeline.depth >= 1)>::ok ||
                true);
  static_assert(diagnostics::UnpipelinedOf<diagnostics::name_of<U>,
                                           (!U::pipeline.off || U::pipeline.ii == U::pipeline.depth)>::ok ||
                true);
  UnitModel model;
  model.name = std::string(U::name);
  model.source = std::string(repo_relative(U::source));
  model.type = detail::type_name<U>();
  hana::for_each(detail::port_types<U>(), [&](auto t) {
    using P = typename decltype(t)::type;
    PortInfo port{std::string(P::name), P::kind, P::word::shape(), P::access};
    if constexpr (is_port_array<P>) {
      static_assert(P::kind == PortKind::reads || P::kind == PortKind::writes,
                    "loom: a port array is of channels (LOOM_READS_ARRAY, LOOM_WRITES_ARRAY)");
      port.extent = P::extent;
    }
    model.ports.push_back(port);
  });
  hana::for_each(detail::param_types<U>(), [&](auto t) {
    using P = typename decltype(t)::type;
    model.params.emplace_back(P::name);
    model.param_tags.emplace_back(P::tag_name);
  });
  model.pipeline = U::pipeline;
  if constexpr (requires { U::stages; }) detail::Figures<U, U::stages>::add(model.stages);
  if constexpr (requires { U::compute; }) detail::Figures<U, U::compute>::add(model.compute);
  hana::for_each(detail::nonblocking_types<U>(), [&](auto t) {
    using P = typename decltype(t)::type;
    static_assert(port_position<U, P> >= 0, "loom: LOOM_NONBLOCKING names a port that is not in the unit's port_list");
    static_assert(P::kind == PortKind::reads || P::kind == PortKind::writes,
                  "loom: LOOM_NONBLOCKING lists channel ports (LOOM_READS, LOOM_WRITES)");
    model.ports[static_cast<size_t>(port_position<U, P>)].nonblocking = true;
  });
  if constexpr (requires { U::ops; })
    for (const char* op : U::ops) model.ops.emplace_back(op);
  if constexpr (requires { U::arithmetic; }) {
    static_assert(U::arithmetic.capacity >= 1, "loom: LOOM_ARITHMETIC's port has room for at least one use a cycle");
    model.arithmetic_port = U::arithmetic.name;
    model.arithmetic_capacity = U::arithmetic.capacity;
    model.arithmetic_reason = U::arithmetic.reason;
  }
  model.run = &run_body<U, Io>;
  return model;
}

}  // namespace loom
