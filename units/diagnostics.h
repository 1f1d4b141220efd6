// The compile-time checks of a unit's declaration and of its body's uses of
// its ports, each made once per unit name and port name. A check is a class
// template keyed by the names and the verdicts, and a class template is
// instantiated once per set of arguments, so one mistake is one error however
// many lane counts a machine builds (Row<4>, Row<8>), backends run the body
// (the simulator, the host's Io) or lines of the body repeat it; and the
// compiler's "required from" line names the unit and the port, which a
// static_assert's message cannot.
#pragma once

#include <cstddef>

namespace loom::diagnostics {

// A name as a template argument: "matvec_pe" in the compiler's message.
template <size_t N>
struct Name {
  char text[N] = {};
  constexpr explicit Name(const char* s) {
    for (size_t i = 0; i + 1 < N; ++i) text[i] = s[i];
  }
};

constexpr size_t length(const char* s) {
  size_t n = 0;
  while (s[n] != '\0') ++n;
  return n;
}

// A unit's, a port's or a parameter's name (its name in the parameter set),
// and a parameter tag's name (what the body writes).
template <class T>
inline constexpr auto name_of = Name<length(T::name) + 1>(T::name);
template <class P>
inline constexpr auto tag_of = Name<length(P::tag_name) + 1>(P::tag_name);

template <size_t N>
constexpr bool empty(const Name<N>&) {
  return N == 1;
}

// SharedPort, SharedParam: the name two ports (or parameters) share, or "".
template <auto Unit, bool PortTags, auto SharedPort, auto SharedParam>
struct Declaration {
  static_assert(PortTags, "loom: port_list() takes port tags: LOOM_READS, LOOM_WRITES, LOOM_OWNS, ...");
  static_assert(empty(SharedPort), "loom: a unit declares two ports with the same name");
  static_assert(empty(SharedParam), "loom: a unit declares the same parameter twice");
  static constexpr bool ok = PortTags && empty(SharedPort) && empty(SharedParam);
};

template <auto Unit, bool Valid>
struct PipelineOf {
  static_assert(Valid, "loom: a unit's pipeline needs ii >= 1 and depth >= 1 (cycles)");
  static constexpr bool ok = Valid;
};

// An unpipelined loop (Pipeline::off) begins an iteration when the one before
// it has finished: its ii is its depth, as unpipelined() declares it.
template <auto Unit, bool Valid>
struct UnpipelinedOf {
  static_assert(Valid, "loom: a loop that is not pipelined (off) has ii == depth, its iteration latency: declare it "
                       "as unpipelined(latency)");
  static constexpr bool ok = Valid;
};

// Listed: the port is in its unit's `ports` (port_list); a port of another
// unit, or one declared but left out of the list, is not.
template <auto Unit, auto Port, bool Listed>
struct Bind {
  static_assert(Listed,
                "loom: bind() names a port that is not in the placed unit's port_list: a port of another unit, of this "
                "unit at other template arguments (another T), or one left out of the list");
  static constexpr bool ok = Listed;
};

template <auto Unit, auto Port, bool Listed, bool Reads>
struct Read {
  static_assert(Listed, "loom: the body reads a port that is not in its unit's port_list");
  static_assert(!Listed || Reads, "loom: read() takes a LOOM_READS port, a channel the unit reads");
  static constexpr bool ok = Listed && Reads;
};

template <auto Unit, auto Port, bool Listed, bool Writes, bool SameWord>
struct Write {
  static_assert(Listed, "loom: the body writes a port that is not in its unit's port_list");
  static_assert(!Listed || Writes, "loom: write() takes a LOOM_WRITES port, a channel the unit writes");
  static_assert(!Listed || !Writes || SameWord,
                "loom: write() is given a word whose type differs from the port's declared word");
  static constexpr bool ok = Listed && Writes && SameWord;
};

// Storage: a memory (LOOM_OWNS, LOOM_USES) or an argument (LOOM_*_DRAM).
// Allowed: the argument's declared access permits it.
template <auto Unit, auto Port, bool Listed, bool Storage, bool Allowed>
struct Load {
  static_assert(Listed, "loom: the body loads from a port that is not in its unit's port_list");
  static_assert(!Listed || Storage, "loom: load() takes a memory (LOOM_OWNS) or an argument (LOOM_*_DRAM)");
  static_assert(!Listed || !Storage || Allowed, "loom: load() from an argument the unit declares write-only");
  static constexpr bool ok = Listed && Storage && Allowed;
};

template <auto Unit, auto Port, bool Listed, bool Storage, bool Allowed, bool SameWord>
struct Store {
  static_assert(Listed, "loom: the body stores to a port that is not in its unit's port_list");
  static_assert(!Listed || Storage, "loom: store() takes a memory (LOOM_OWNS) or an argument (LOOM_*_DRAM)");
  static_assert(!Listed || !Storage || Allowed, "loom: store() to an argument the unit declares read-only");
  static_assert(!Listed || !Storage || !Allowed || SameWord,
                "loom: store() is given a word whose type differs from the port's declared word");
  static constexpr bool ok = Listed && Storage && Allowed && SameWord;
};

template <auto Unit, auto Param, bool Listed>
struct ParamUse {
  static_assert(Listed, "loom: the body reads a parameter that its unit does not declare in `params`");
  static constexpr bool ok = Listed;
};

}  // namespace loom::diagnostics
