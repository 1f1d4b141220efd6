// What a unit touches, declared as typed ports. A unit reads and writes channels,
// owns memories, and addresses region arguments (DRAM). A port names the role; the
// Architecture binds each instance's port to a concrete channel, memory or argument
// element, so one unit serves many compositions.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <type_traits>

#include "units/word.h"

namespace loom {

// A string usable as a template argument: the name of a port or parameter.
template <size_t N>
struct Name {
  char text[N] = {};
  constexpr Name(const char (&s)[N]) { std::copy_n(s, N, text); }  // NOLINT: implicit by design
  constexpr std::string_view view() const { return {text, N - 1}; }
};

enum class PortKind {
  reads,      // a channel the unit reads
  writes,     // a channel the unit writes
  owns,       // a memory the unit owns; only its owner may address it
  uses,       // a memory owned by another unit: declarable, refused at composition
  addresses,  // a region argument (DRAM)
};

enum class Access { read, write, read_write };

std::string_view to_string(PortKind kind);
std::string_view to_string(Access access);

template <PortKind K, Name N, class W, Access A>
struct Port {
  static_assert(is_word<W>::value, "loom: a port's word must be a loom::Word<lanes, lane_bits>");
  static constexpr PortKind kind = K;
  static constexpr std::string_view name = N.view();
  static constexpr Access access = A;
  using word = W;
};

template <Name N, class W>
using Reads = Port<PortKind::reads, N, W, Access::read>;
template <Name N, class W>
using Writes = Port<PortKind::writes, N, W, Access::write>;
template <Name N, class W>
using Owns = Port<PortKind::owns, N, W, Access::read_write>;
template <Name N, class W>
using Uses = Port<PortKind::uses, N, W, Access::read_write>;
template <Name N, class W, Access A = Access::read>
using Addresses = Port<PortKind::addresses, N, W, A>;

// A parameter a unit's body reads, e.g. a trip count.
template <Name N>
struct Param {
  static constexpr std::string_view name = N.view();
};

template <class P>
struct is_port : std::false_type {};
template <PortKind K, Name N, class W, Access A>
struct is_port<Port<K, N, W, A>> : std::true_type {};

// The run-time description of a port, for composition and reports.
struct PortInfo {
  std::string name;
  PortKind kind;
  WordShape word;
  Access access;
};

}  // namespace loom
