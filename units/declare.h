// The words a unit is declared in, shared by both targets: port tags, parameter
// tags, the pipeline, and the macros that write them. C++14 with no library at
// all, because Vitis HLS compiles this file as part of every unit's source:
//
//   template <unsigned T>
//   struct Scale {
//     LOOM_UNIT("scale");
//     LOOM_READS(in, Word<T, 8>);
//     LOOM_WRITES(out, Word<T, 8>);
//     LOOM_PARAM(k, K);
//     static constexpr auto ports = port_list(in, out);
//     static constexpr auto params = param_list(k);
//     static constexpr Pipeline pipeline{/*ii=*/1, /*depth=*/2};
//     template <class IO> static void body(IO& io) {
//       for (int64_t i = 0; i < io.param(k); ++i) {
//         LOOM_PIPELINE(io);
//         io.write(out, io.read(in));
//       }
//     }
//   };
//
// A port array is N ports of one kind and word, its extent a parameter of the
// architecture's set; the body names element i as `in[i]`, and each element is
// bound to a channel of its own (compose/wiring.h: a row, column or all of a
// channel array):
//
//     LOOM_READS_ARRAY(in, N, Word<T, 8>);   // in[0] .. in[N-1]
//     ... io.read(in[i]) ...
//
// Each port is a tag type of its own (`in_port`), so a body's `io.read(in)` is
// resolved at compile time by whichever context it runs in: the simulator's, or
// the per-instance one the HLS emitter writes. A macro makes the tag because
// C++14 has no string template arguments, and the tag must carry its name for
// host-side reflection and for the emitted code.
#pragma once

namespace loom {

enum class PortKind {
  reads,      // a channel the unit reads
  writes,     // a channel the unit writes
  owns,       // a memory the unit owns; only its owner may address it
  uses,       // a memory owned by another unit: declarable, refused at composition
  addresses,  // a region argument (DRAM)
};

enum class Access { read, write, read_write };

// What every port tag derives from. `W` is a loom::Word.
template <PortKind K, class W, Access A>
struct Port {
  static constexpr PortKind kind = K;
  static constexpr Access access = A;
  using word = W;
};

// Element `at` of port array P, as a body names it: in[i].
template <class P>
struct Element {
  typedef P port;
  long long at;
};

// A parameter a unit's body reads, e.g. a trip count.
struct ParamTag {};

// A unit's ports and parameters in declaration order: the position of a port in
// its list is how a backend finds what the port is bound to.
template <class... Ps>
struct PortList {};
template <class... Ps>
struct ParamList {};

template <class... Ps>
constexpr PortList<Ps...> port_list(Ps...) {
  return {};
}
template <class... Ps>
constexpr ParamList<Ps...> param_list(Ps...) {
  return {};
}

namespace detail {
// What LOOM_UNIT names port_list and param_list inside the unit: with no
// argument, `param_list()` in a unit outside namespace loom has no tag for
// argument-dependent lookup to find loom::param_list by, and a function
// object the unit holds is found by ordinary lookup wherever it is declared.
struct PortListMaker {
  template <class... Ps>
  constexpr PortList<Ps...> operator()(Ps...) const {
    return {};
  }
};
struct ParamListMaker {
  template <class... Ps>
  constexpr ParamList<Ps...> operator()(Ps...) const {
    return {};
  }
};
}  // namespace detail

// The unit's loop pipeline, as HLS would schedule it: a new iteration every `ii`
// cycles, each taking `depth` cycles from its first read to its last write.
// `off`: the loop is not pipelined (`#pragma HLS pipeline off`), and an
// iteration begins only once the one before it has finished; declare it
// with unpipelined().
struct Pipeline {
  int ii;
  int depth;
  bool off = false;
};

// A loop that is not pipelined, whose iteration takes `latency` cycles: the
// "Iteration Latency" Vitis's synthesis report gives the loop, its condition
// state among them. Its iterations follow one another, so one begins every
// `latency` cycles and none overlaps the next (UG1399, "Pipelining Loops": by
// default every iteration of a loop only starts when the previous iteration
// has finished, 20 iterations of 3 cycles taking 60). Vitis pipelines a loop
// on its own unless told not to (config_compile -pipeline_loops), so the
// emitted loop says `#pragma HLS pipeline off`.
constexpr Pipeline unpipelined(int latency) { return Pipeline{latency, latency, true}; }

// A figure a unit states about each of some of its ports, in cycles of its
// iteration: one shape for LOOM_STAGES and LOOM_COMPUTE, told apart by Tag.
// Statements about the schedule, not directives: nothing of them is emitted.
template <class Tag, class P>
struct PortFigure {
  int value;
};
template <class Tag, class... Ps>
struct PortFigures {
  int value[sizeof...(Ps)];
};
template <class Tag, class... Ps>
constexpr PortFigures<Tag, Ps...> port_figures(PortFigure<Tag, Ps>... figures) {
  return PortFigures<Tag, Ps...>{{figures.value...}};
}

// LOOM_STAGES's declaration: every access on port P takes stage `stage` of
// its iteration (0 <= stage < depth), where the default Loom infers from
// source order is not what Vitis schedules (docs/timing.md, "Stages").
struct StageTag {};
template <class P>
constexpr PortFigure<StageTag, P> at_stage(P, int stage) {
  return {stage};
}

// LOOM_COMPUTE's declaration: every write on port P leaves `cycles` stages
// after the latest input before it in the iteration, where the operations
// between take that long (a DSP multiply, a divider, a floating-point add:
// the latency Vitis's synthesis report gives the operator, or BIND_OP's
// `latency`; UG1399 "pragma HLS bind_op"). By default a write leaves in the
// stage its latest input's data is there: the operations between chain into
// that cycle (docs/timing.md, "Stages"). 0 <= cycles < depth.
struct ComputeTag {};
template <class P>
constexpr PortFigure<ComputeTag, P> computed(P, int cycles) {
  return {cycles};
}

// LOOM_NONBLOCKING's declaration: the channel ports whose FIFO the body may
// probe (read_nb, write_nb, empty(), full()), so that what it computes
// depends on when each access happens (docs/timing.md, "Non-blocking
// access"). A backend that can only run Kahn processes refuses such a unit by
// this list, before it runs.
template <class... Ps>
struct NonblockingList {};
template <class... Ps>
constexpr NonblockingList<Ps...> nonblocking_list(Ps...) {
  return {};
}

// LOOM_ARITHMETIC's declaration.
struct ArithmeticPort {
  const char* name;
  int capacity;
  const char* reason;
};

}  // namespace loom

// The arithmetic a unit provides, beyond moving words ("add", "mac", "fold",
// ...): what an action model may ask of it (docs/actions.md). Loads, stores,
// sends and receives come with its ports; a unit that declares no ops is not
// checked for them.
#define LOOM_OPS(...) static constexpr const char* ops[] = {__VA_ARGS__}

// The port its arithmetic books, the uses a cycle it has room for, and what it
// is: what an action model's ops spend, which no wiring can imply
// (docs/actions.md, "Every machine's model"). At most one a unit.
#define LOOM_ARITHMETIC(port_name, uses, what) \
  static constexpr ::loom::ArithmeticPort arithmetic { port_name, uses, what }

// The stages the scheduler gives some channel ports' accesses, e.g.
// LOOM_STAGES(at_stage(p_in, 0), at_stage(c_out, 1)): see at_stage.
#define LOOM_STAGES(...) static constexpr auto stages = ::loom::port_figures(__VA_ARGS__)

// The latency of the operations before some write ports' values, e.g.
// LOOM_COMPUTE(computed(p_out, 2)): see computed.
#define LOOM_COMPUTE(...) static constexpr auto compute = ::loom::port_figures(__VA_ARGS__)

// The channel ports the body accesses without blocking, e.g.
// LOOM_NONBLOCKING(redirect, out): see NonblockingList. A non-blocking access
// on a port not listed does not compile.
#define LOOM_NONBLOCKING(...) static constexpr auto nonblocking = ::loom::nonblocking_list(__VA_ARGS__)

// The unit's name, and the file that declares it: the HLS emitter copies that
// file into the project as it is. Also the unit's own port_list and
// param_list (detail::PortListMaker): marked unused, since a unit with no
// parameters need not call param_list, and C++14 has no [[maybe_unused]].
#define LOOM_UNIT(unit_name)                                                                  \
  static constexpr const char* name = unit_name;                                              \
  static constexpr const char* source = __FILE__;                                             \
  __attribute__((unused)) static constexpr ::loom::detail::PortListMaker port_list{};         \
  __attribute__((unused)) static constexpr ::loom::detail::ParamListMaker param_list{}

#define LOOM_PORT_(port_kind, port_access, port, ...)                                                 \
  struct port##_port : ::loom::Port<::loom::PortKind::port_kind, __VA_ARGS__, ::loom::Access::port_access> { \
    static constexpr const char* name = #port;                                                         \
  };                                                                                                   \
  static constexpr port##_port port {}

// A port array: `extent_name` is the parameter (of the architecture's set)
// that gives its number of elements; the word comes last, so that its commas
// need no parentheses.
#define LOOM_PORT_ARRAY_(port_kind, port_access, port, extent_name, ...)                                       \
  struct port##_port : ::loom::Port<::loom::PortKind::port_kind, __VA_ARGS__, ::loom::Access::port_access> { \
    static constexpr const char* name = #port;                                                                 \
    static constexpr const char* extent = #extent_name;                                                        \
    constexpr ::loom::Element<port##_port> operator[](long long i) const { return {i}; }                       \
  };                                                                                                           \
  static constexpr port##_port port {}

// A channel the unit reads, or writes, one word of the given type at a time.
#define LOOM_READS(port, ...) LOOM_PORT_(reads, read, port, __VA_ARGS__)
#define LOOM_WRITES(port, ...) LOOM_PORT_(writes, write, port, __VA_ARGS__)
// An array of them: port[0] .. port[N-1] for the parameter N, each element a
// channel of its own.
#define LOOM_READS_ARRAY(port, extent_name, ...) LOOM_PORT_ARRAY_(reads, read, port, extent_name, __VA_ARGS__)
#define LOOM_WRITES_ARRAY(port, extent_name, ...) LOOM_PORT_ARRAY_(writes, write, port, extent_name, __VA_ARGS__)
// A memory the unit owns (rows of the given word), or one it would use from
// another owner (refused at composition: a memory has one owner).
#define LOOM_OWNS(port, ...) LOOM_PORT_(owns, read_write, port, __VA_ARGS__)
#define LOOM_USES(port, ...) LOOM_PORT_(uses, read_write, port, __VA_ARGS__)
// A region argument (DRAM) the unit reads, writes, or both.
#define LOOM_READS_DRAM(port, ...) LOOM_PORT_(addresses, read, port, __VA_ARGS__)
#define LOOM_WRITES_DRAM(port, ...) LOOM_PORT_(addresses, write, port, __VA_ARGS__)
#define LOOM_ADDRESSES_DRAM(port, ...) LOOM_PORT_(addresses, read_write, port, __VA_ARGS__)

// A parameter the body reads as io.param(tag); `param_name` is its name in the
// architecture's parameter set.
#define LOOM_PARAM(tag, param_name)                       \
  struct tag##_param : ::loom::ParamTag {                 \
    static constexpr const char* name = #param_name;      \
    static constexpr const char* tag_name = #tag;         \
  };                                                      \
  static constexpr tag##_param tag {}
