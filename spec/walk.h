// The spec format's loops and address terms, walked exactly: what a loop,
// an endloop and an agu prefix mean is the format's, not a machine's, so every
// generated encoding header walks its program through this one template.
//
// `E` is the view a generated header gives of itself (its `Encoding`): the
// types Instruction (with nr and f[]), Kind and Terms; the constants
// kLoopDepth, kFieldLimit and kOperandFields; the slices kOpcodeSlice and
// kFieldSlices; and the functions find_opcode (a pointer to an opcode's info,
// with its kind, or null), decode and decode_agu.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace loom::spec {

enum class Fault : uint8_t {
  none,
  unknown_opcode,          // no opcode has this code
  retired_opcode,          // the opcode is retired
  loop_too_deep,           // a loop opens more than kLoopDepth deep
  zero_trips,              // a loop of 0 iterations
  end_without_loop,        // an endloop with no open loop
  trip_mismatch,           // an endloop's trip count differs from its loop's
  unclosed_loop,           // halt inside an open loop
  agu_not_before_data,     // address terms not followed by a data instruction
  bad_term_field,          // a term names no operand field
  term_names_closed_loop,  // a term's level names no open loop
  field_overflow,          // a resolved field or row count reaches kFieldLimit
  no_halt,                 // the words end without a halt
  stopped,                 // the visitor stopped the walk
};

// One dynamic data instruction, its fields resolved.
template <class E>
struct Step {
  size_t word;                           // the data instruction's word
  typename E::Instruction ins;
  int depth;                             // open loops
  std::array<int64_t, E::kLoopDepth> iv;  // their induction variables, outermost first
};

// Where a walk ended: at halt (fault none), or at a fault.
template <class E>
struct Resolution {
  Fault fault = Fault::none;
  size_t word = 0;
  int depth = 0;
  std::array<int64_t, E::kLoopDepth> iv{};
  int field = -1;     // the field at fault; kOperandFields for the row count
  int64_t value = 0;  // the resolved value or the term's level
};

// Walks the dynamic instruction stream of `count` words as a sequencer does:
// there is no data-dependent control flow. visit(const Step<E>&) returns false
// to stop. The walk ends at the first halt or fault, and says which.
template <class E, class Visit>
constexpr Resolution<E> resolve(const uint64_t* words, size_t count, Visit&& visit) {
  using Kind = typename E::Kind;
  struct Open {
    size_t body;
    int64_t trips;
  };
  std::array<Open, E::kLoopDepth> open{};
  Resolution<E> r;
  const auto fault = [&r](Fault f, size_t at) {
    r.fault = f;
    r.word = at;
    return r;
  };
  size_t pc = 0;
  while (pc < count) {
    const uint64_t w = words[pc];
    const auto* op = E::find_opcode(E::kOpcodeSlice.get(w));
    if (op == nullptr) return fault(Fault::unknown_opcode, pc);
    switch (op->kind) {
      case Kind::halt:
        if (r.depth != 0) return fault(Fault::unclosed_loop, pc);
        r.word = pc;
        return r;
      case Kind::retired:
        return fault(Fault::retired_opcode, pc);
      case Kind::loop_begin: {
        const int64_t trips = static_cast<int64_t>(E::kFieldSlices[0].get(w));
        if (r.depth == E::kLoopDepth) return fault(Fault::loop_too_deep, pc);
        if (trips == 0) return fault(Fault::zero_trips, pc);
        if (trips >= E::kFieldLimit) {
          r.field = 0;
          r.value = trips;
          return fault(Fault::field_overflow, pc);
        }
        open[static_cast<size_t>(r.depth)] = {pc + 1, trips};
        r.iv[static_cast<size_t>(r.depth++)] = 0;
        ++pc;
        break;
      }
      case Kind::loop_end: {
        if (r.depth == 0) return fault(Fault::end_without_loop, pc);
        const Open& l = open[static_cast<size_t>(r.depth - 1)];
        if (static_cast<int64_t>(E::kFieldSlices[0].get(w)) != l.trips) return fault(Fault::trip_mismatch, pc);
        if (++r.iv[static_cast<size_t>(r.depth - 1)] < l.trips) {
          pc = l.body;
        } else {
          r.iv[static_cast<size_t>(--r.depth)] = 0;
          ++pc;
        }
        break;
      }
      case Kind::agu_prefix:
      case Kind::data: {
        typename E::Terms terms;
        size_t at = pc;
        if (op->kind == Kind::agu_prefix) {
          terms = E::decode_agu(w);
          at = pc + 1;
          const auto* next = at < count ? E::find_opcode(E::kOpcodeSlice.get(words[at])) : nullptr;
          if (next == nullptr || next->kind != Kind::data) return fault(Fault::agu_not_before_data, pc);
        }
        Step<E> s{at, E::decode(words[at]), r.depth, r.iv};
        for (int k = 0; k < terms.count; ++k) {
          const auto& t = terms.term[static_cast<size_t>(k)];
          r.field = t.field;
          r.value = t.level;
          if (t.field >= E::kOperandFields) return fault(Fault::bad_term_field, pc);
          if (t.level >= r.depth) return fault(Fault::term_names_closed_loop, pc);
          s.ins.f[static_cast<size_t>(t.field)] += r.iv[static_cast<size_t>(t.level)] * t.stride;
        }
        r.field = -1;
        r.value = 0;
        for (int k = 0; k <= E::kOperandFields; ++k) {
          const int64_t v = k < E::kOperandFields ? s.ins.f[static_cast<size_t>(k)] : s.ins.nr;
          if (v >= E::kFieldLimit) {
            r.field = k;
            r.value = v;
            return fault(Fault::field_overflow, at);
          }
        }
        if (!visit(s)) return fault(Fault::stopped, at);
        pc = at + 1;
        break;
      }
    }
  }
  return fault(Fault::no_halt, count);
}

}  // namespace loom::spec
