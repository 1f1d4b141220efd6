#include "machines/tinytpu/check_program.h"

#include <limits>
#include <string>
#include <vector>

namespace loom::tinytpu {
namespace {

constexpr int64_t kNever = std::numeric_limits<int64_t>::min() / 2;
constexpr size_t kMaxErrors = 20;  // a broken loop would otherwise repeat one error a thousand times

std::string iteration(int depth, const std::array<int64_t, isa::kLoopDepth>& iv) {
  if (depth == 0) return "outside any loop";
  std::string out = "at iteration";
  for (int l = 0; l < depth; ++l) out += " L" + std::to_string(l) + "=" + std::to_string(iv[static_cast<size_t>(l)]);
  return out;
}

// One on-chip memory's rows: written yet, and (for ar) when.
struct Rows {
  const char* name;
  int64_t count;
  std::vector<char> written;
  std::vector<int64_t> written_at;   // accu iteration of the last write
  std::vector<int64_t> copy_of;      // for vr: the unwritten spad row a vld copied here, or -1

  Rows(const char* n, int64_t c)
      : name(n), count(c), written(static_cast<size_t>(c), 0), written_at(static_cast<size_t>(c), kNever),
        copy_of(static_cast<size_t>(c), -1) {}
};

class Walker {
 public:
  Walker(const Program& program, const Encoded& encoded, const isa::Params& p)
      : program_(program), encoded_(encoded), p_(p), spad_("spad", p.SPAD_ROWS), vr_("vr", p.VR_ROWS),
        ar_("ar", p.AR_ROWS) {}

  Result<Walk> run() {
    check_structure();
    if (!status_.ok()) return status_;
    const isa::Resolution r = isa::resolve(encoded_.words.data(), encoded_.words.size(),
                                           [this](const isa::Step& s) { return visit(s); });
    if (r.fault != isa::Fault::none && r.fault != isa::Fault::stopped) fault(r);
    if (!status_.ok()) return status_;
    return walk_;
  }

 private:
  const Statement& statement_of(size_t word) const {
    return program_.statements()[encoded_.statement_of_word[word]];
  }
  std::string where(size_t word) const {
    return statement_of(word).describe(encoded_.statement_of_word[word]);
  }
  bool under_cap() const { return status_.errors().size() < kMaxErrors; }
  bool add(std::string kind, size_t word, std::string message) {
    status_.add(std::move(kind), where(word), std::move(message) + " (" + context_ + ")");
    return status_.errors().size() < kMaxErrors;
  }

  // What the walk cannot see: code after halt never runs, and a loop with no
  // data instruction in it would spin without bound on any header.
  void check_structure() {
    const auto& st = program_.statements();
    std::vector<size_t> open;  // statement index of each open loop, and whether it holds data
    std::vector<bool> has_data;
    for (size_t i = 0; i < st.size(); ++i) {
      const isa::OpcodeInfo* op = isa::find_opcode(static_cast<uint64_t>(st[i].ins.op));
      if (op == nullptr) continue;
      if (op->kind == isa::Kind::halt && open.empty() && i + 1 < st.size()) {
        status_.add("after-halt", st[i + 1].describe(i + 1), "follows the program's halt, so it never runs");
        return;
      }
      if (op->kind == isa::Kind::loop_begin) {
        open.push_back(i);
        has_data.push_back(false);
      } else if (op->kind == isa::Kind::loop_end && !open.empty()) {
        if (!has_data.back())
          status_.add("empty-loop", st[open.back()].describe(open.back()), "holds no data instruction");
        const bool any = has_data.back();
        open.pop_back();
        has_data.pop_back();
        if (!has_data.empty()) has_data.back() = has_data.back() || any;
      } else if (op->kind == isa::Kind::data && !has_data.empty()) {
        has_data.back() = true;
      }
    }
  }

  void fault(const isa::Resolution& r) {
    context_ = iteration(r.depth, r.iv);
    const size_t w = r.word;
    switch (r.fault) {
      case isa::Fault::unknown_opcode:
        add("unknown-opcode", w, "code " + std::to_string(isa::kOpcodeSlice.get(encoded_.words[w])) + " names no opcode");
        break;
      case isa::Fault::retired_opcode:
        add("retired-opcode", w,
            "'" + std::string(isa::find_opcode(isa::kOpcodeSlice.get(encoded_.words[w]))->name) +
                "' is retired; results leave the accumulator through mvout");
        break;
      case isa::Fault::loop_too_deep:
        add("loop-too-deep", w, "opens a loop " + std::to_string(isa::kLoopDepth + 1) + " deep; loops nest at most " +
                                    std::to_string(isa::kLoopDepth) + " deep");
        break;
      case isa::Fault::zero_trips: add("zero-trips", w, "a loop of 0 iterations"); break;
      case isa::Fault::end_without_loop: add("unbalanced-loop", w, "closes a loop, but none is open"); break;
      case isa::Fault::trip_mismatch:
        add("unbalanced-loop", w, "carries a trip count that differs from its loop's");
        break;
      case isa::Fault::unclosed_loop: add("unbalanced-loop", w, "halts inside a loop that is still open"); break;
      case isa::Fault::agu_not_before_data:
        add("agu-not-before-data", w, "address terms must precede a data instruction");
        break;
      case isa::Fault::bad_term_field:
        add("bad-term-field", w, "an address term names field " + std::to_string(r.field) + ", which does not exist");
        break;
      case isa::Fault::term_names_closed_loop:
        add("closed-loop-term", w,
            "an address term on '" + operand_name(w + 1, r.field) + "' names loop level " + std::to_string(r.value) +
                ", but only " + std::to_string(r.depth) + " loop" + (r.depth == 1 ? " is" : "s are") + " open");
        break;
      case isa::Fault::field_overflow:
        add("field-overflow", w,
            "'" + operand_name(w, r.field) + "' resolves to " + std::to_string(r.value) + ", past the field limit " +
                std::to_string(isa::kFieldLimit));
        break;
      case isa::Fault::no_halt:
        status_.add("missing-halt", "the program", "ends without a halt");
        break;
      case isa::Fault::none:
      case isa::Fault::stopped: break;
    }
  }

  std::string operand_name(size_t word, int field) const {
    if (field == isa::kOperandFields) return "rows";
    if (word >= encoded_.words.size() || field < 0 || field >= isa::kOperandFields) return "field " + std::to_string(field);
    const isa::OpcodeInfo* op = isa::find_opcode(isa::kOpcodeSlice.get(encoded_.words[word]));
    const std::string_view name = op ? op->operands[static_cast<size_t>(field)] : "";
    return name.empty() ? std::string(isa::kFieldNames[static_cast<size_t>(field)]) : std::string(name);
  }

  // Whether rows [first, first + n) of `m` exist; if not, the error is added.
  bool in_range(Rows& m, int64_t first, int64_t n, size_t word) {
    if (first >= 0 && first + n <= m.count) return true;
    add("row-out-of-range", word,
        "touches " + std::string(m.name) + " rows " + std::to_string(first) + ".." + std::to_string(first + n - 1) +
            ", but " + m.name + " has rows 0.." + std::to_string(m.count - 1));
    return false;
  }
  bool dram_in_range(const char* name, int64_t first, int64_t stride, int64_t n, size_t word) {
    const int64_t last = first + (n - 1) * stride;
    if (first >= 0 && last < p_.DRAM_WORDS) return true;
    add("row-out-of-range", word,
        "touches " + std::string(name) + " words " + std::to_string(first) + " to " + std::to_string(last) +
            " (stride " + std::to_string(stride) + "), but " + name + " has words 0.." + std::to_string(p_.DRAM_WORDS - 1));
    return false;
  }
  // Whether the read is sound; if not, the error is added.
  bool read(Rows& m, int64_t row, size_t word, int64_t at_iteration = kNever) {
    if (!m.written[static_cast<size_t>(row)]) {
      const int64_t copy_of = m.copy_of[static_cast<size_t>(row)];
      add("unwritten-read", word,
          "reads " + std::string(m.name) + " row " + std::to_string(row) +
              (copy_of < 0 ? ", which no earlier instruction wrote"
                           : ", a vld's copy of spad row " + std::to_string(copy_of) + ", which no earlier instruction wrote"));
      return false;
    }
    if (at_iteration != kNever && at_iteration - m.written_at[static_cast<size_t>(row)] < isa::ar_raw_distance(p_)) {
      add("ar-distance", word,
          "reads ar row " + std::to_string(row) + " " +
              std::to_string(at_iteration - m.written_at[static_cast<size_t>(row)]) +
              " accu iterations after the write it depends on; AR_RAW_DIST is " +
              std::to_string(isa::ar_raw_distance(p_)));
      return false;
    }
    return true;
  }

  bool visit(const isa::Step& s) {
    const isa::Instruction& i = s.ins;
    const size_t w = s.word;
    context_ = iteration(s.depth, s.iv);
    ++walk_.instructions;
    const isa::OpcodeInfo& op = isa::info(i.op);
    if (i.nr == 0)
      return add("zero-rows", w, "has 0 rows; the units' flat row loops would lose step and hang the machine");
    bool legal = true;
    for (size_t f = 0; f < isa::kOperandFields; ++f) {
      if (op.operands[f].empty() || isa::legal(i.op, static_cast<int>(f), i.f[f])) continue;
      legal = false;
      if (!add("illegal-value", w,
               std::string(op.operands[f]) + " = " + std::to_string(i.f[f]) + " is not a legal value for " +
                   std::string(op.name)))
        return under_cap();
    }
    if (!legal) return true;

    // The header counts bound the walk: past a slice, the program cannot be loaded.
    const auto c = isa::header_counts(i, p_);
    for (size_t h = 0; h < isa::kHeaderCount; ++h) {
      walk_.counts[h] += c[h];
      if (static_cast<uint64_t>(walk_.counts[h]) > isa::kHeaderSlices[h].max()) {
        add("header-overflow", w,
            "takes " + std::string(isa::kHeaderUnits[h]) + "'s trip count to " + std::to_string(walk_.counts[h]) +
                ", past the " + std::to_string(isa::kHeaderSlices[h].bits) + "-bit header slice's " +
                std::to_string(isa::kHeaderSlices[h].max()));
        return false;  // past here the walk has no bound
      }
    }
    // Accumulator iterations per row: the instruction's share of accu's header.
    isa::Instruction one = i;
    one.nr = 1;
    const int64_t per_row = isa::header_counts(one, p_)[isa::kArRawDistanceHeader];
    const int64_t begin = walk_.accu_iterations;
    walk_.accu_iterations += per_row * i.nr;

    const auto& f = i.f;
    switch (i.op) {
      case isa::Opcode::dma_ld: {
        const bool to_spad = f[0] <= 1;
        Rows& dst = to_spad ? spad_ : vr_;
        if (!dram_in_range(f[0] % 2 == 0 ? "A" : "B", f[2], f[3], i.nr, w) || !in_range(dst, f[1], i.nr, w)) return under_cap();
        for (int64_t r = 0; r < i.nr; ++r) {
          dst.written[static_cast<size_t>(f[1] + r)] = 1;
          dst.copy_of[static_cast<size_t>(f[1] + r)] = -1;
        }
        return true;
      }
      case isa::Opcode::vld:
        if (!in_range(spad_, f[0], i.nr, w) || !in_range(vr_, f[1], i.nr, w)) return under_cap();
        // A copy of an unwritten row is itself unwritten: the read is not the error, its later use is.
        for (int64_t r = 0; r < i.nr; ++r) {
          const bool written = spad_.written[static_cast<size_t>(f[0] + r)];
          vr_.written[static_cast<size_t>(f[1] + r)] = written;
          vr_.copy_of[static_cast<size_t>(f[1] + r)] = written ? -1 : f[0] + r;
        }
        return true;
      case isa::Opcode::mm:
        if (!in_range(spad_, f[0], p_.T, w) || !in_range(vr_, f[1], i.nr, w) || !in_range(ar_, f[3], i.nr, w)) return under_cap();
        for (int64_t k = 0; k < p_.T; ++k)
          if (!read(spad_, f[0] + k, w)) return under_cap();
        for (int64_t r = 0; r < i.nr; ++r) {
          const int64_t at = begin + r * per_row;
          if (!read(vr_, f[1] + r, w)) return under_cap();
          if (f[2] == 1 && !read(ar_, f[3] + r, w, at)) return under_cap();
          write_ar(f[3] + r, at + per_row - 1);
        }
        return true;
      case isa::Opcode::vadd:
      case isa::Opcode::vaddrelu:
        if (!in_range(ar_, f[0], i.nr, w) || !in_range(ar_, f[1], i.nr, w) || !in_range(ar_, f[2], i.nr, w)) return under_cap();
        for (int64_t r = 0; r < i.nr; ++r) {
          const int64_t at = begin + r * per_row;
          if (!read(ar_, f[0] + r, w, at) || !read(ar_, f[1] + r, w, at)) return under_cap();
          write_ar(f[2] + r, at + per_row - 1);
        }
        return true;
      case isa::Opcode::vrelu:
        if (!in_range(ar_, f[0], i.nr, w) || !in_range(ar_, f[1], i.nr, w)) return under_cap();
        for (int64_t r = 0; r < i.nr; ++r) {
          const int64_t at = begin + r * per_row;
          if (!read(ar_, f[0] + r, w, at)) return under_cap();
          write_ar(f[1] + r, at + per_row - 1);
        }
        return true;
      case isa::Opcode::mvout:
        if (!in_range(ar_, f[0], i.nr, w) || !dram_in_range("C", f[1], f[2], i.nr, w)) return under_cap();
        for (int64_t r = 0; r < i.nr; ++r)
          if (!read(ar_, f[0] + r, w, begin + r * per_row)) return under_cap();
        return true;
      default:
        // A data opcode this walker does not know: the spec gained one the design has not.
        return add("unknown-opcode", w, "'" + std::string(op.name) + "' has no semantics in check_program");
    }
  }

  void write_ar(int64_t row, int64_t at) {
    ar_.written[static_cast<size_t>(row)] = 1;
    ar_.written_at[static_cast<size_t>(row)] = at;
  }

  const Program& program_;
  const Encoded& encoded_;
  const isa::Params& p_;
  Rows spad_, vr_, ar_;
  Walk walk_;
  Status status_;
  std::string context_;
};

}  // namespace

Result<Walk> check_program(const Program& program, const Encoded& encoded, const isa::Params& params) {
  return Walker(program, encoded, params).run();
}

}  // namespace loom::tinytpu
