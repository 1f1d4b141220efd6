#include "actions/execute.h"

#include "common/binary32.h"

#include <algorithm>
#include <climits>
#include <cstring>
#include <deque>

namespace loom::actions {
namespace {

using Lanes = std::vector<int64_t>;

// A value in flight: its lanes and the width they are exact to.
struct Value {
  Lanes lanes;
  int64_t bits = 64;
};

int64_t log2_ceil(size_t n) {
  int64_t bits = 0;
  while ((size_t{1} << bits) < n) ++bits;
  return bits;
}

// In flight a lane is exact to 64 bits and wraps beyond (ap_int's "to an
// integer: the low 64 bits"): unsigned arithmetic, so no input is undefined.
int64_t add(int64_t a, int64_t b) { return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b)); }
int64_t mul(int64_t a, int64_t b) { return static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b)); }

float as_float(int64_t bits) { return binary32(static_cast<uint64_t>(bits)); }
int64_t bits_of(float f) { return narrow(binary32_bits(f), 32); }

class Run {
 public:
  Run(const Machine& m, const Invocation& inv, ExecState& state) : m_(m), inv_(inv), state_(state) {}

  Status all() {
    const Instruction& ins = *inv_.instruction;
    state_.invocations.push_back({inv_.where, inv_.instruction});
    std::vector<int64_t>& runs = state_.action_runs[ins.name];
    runs.resize(ins.actions.size(), 0);
    for (Per pass : {Per::instruction, Per::row}) {
      const int64_t rows = pass == Per::instruction ? 1 : inv_.rows;
      for (int64_t r = 0; r < rows; ++r) {
        row_values_.clear();
        for (size_t k = 0; k < ins.actions.size(); ++k) {
          const Action& a = ins.actions[k];
          if (a.per != pass || !taken(a)) continue;
          action_ = k;
          row_ = pass == Per::row ? r : -1;
          if (!step(a, k, pass == Per::row ? r : 0)) return status_;
          ++runs[k];
        }
      }
    }
    for (const auto& [channel, queue] : channels_)
      if (!queue.empty())
        return Error{"exec-left-on-channel", inv_.where + " channel '" + channel + "'",
                     std::to_string(queue.size()) + " value(s) sent that no action received"};
    return status_;
  }

 private:
  bool fail(const char* kind, const std::string& message) {
    const Action& a = inv_.instruction->actions[action_];
    status_.add(kind, inv_.where + " action " + std::to_string(action_) + " (" + a.unit + "." + a.port + ")" +
                          (row_ >= 0 ? " row " + std::to_string(row_) : ""),
                message);
    return false;
  }

  int64_t operand(const std::string& name) const {
    if (name.empty()) return 0;
    auto it = inv_.operands.find(name);
    return it == inv_.operands.end() ? 0 : it->second;  // the rule refuses an unknown operand
  }

  bool taken(const Action& a) const {
    if (!a.when) return true;
    const int64_t v = operand(a.when->operand);
    for (int64_t x : a.when->in)
      if (x == v) return true;
    return false;
  }

  // The flat lane index of `rows`' k-th row at row r, or false (exec-out-of-range).
  bool row_span(const Rows& rows, int64_t r, size_t& first, size_t& count, const State*& st) {
    st = m_.state(rows.state);
    if (st == nullptr) return fail("exec-out-of-range", "'" + rows.state + "' is not a state of " + m_.name);
    const int64_t step = rows.stride.empty() ? rows.step : operand(rows.stride);
    const int64_t row = operand(rows.base) + rows.offset + r * step;
    if (row < 0 || rows.count < 1 || row > st->rows - rows.count)
      return fail("exec-out-of-range", "rows " + std::to_string(row) + ".." + std::to_string(row + rows.count - 1) + " of " +
                                           rows.state + ", which has " + std::to_string(st->rows));
    first = static_cast<size_t>(row * st->lanes);
    count = static_cast<size_t>(rows.count * st->lanes);
    return true;
  }

  const Value* value(const std::string& name) const {
    if (auto it = row_values_.find(name); it != row_values_.end()) return &it->second;
    if (auto it = once_.find(name); it != once_.end()) return &it->second;
    return nullptr;
  }

  // The width a clipped value is next narrowed to: that of the channel or
  // state the first later action taking it sends it on or stores it into.
  int64_t clip_bits(size_t k) const {
    const Instruction& ins = *inv_.instruction;
    for (const Output& o : ins.actions[k].outputs)
      for (size_t j = k + 1; j < ins.actions.size(); ++j) {
        const Action& b = ins.actions[j];
        bool takes = false;
        for (const std::string& t : b.takes) takes = takes || t == o.value;
        if (!takes) continue;
        if (b.op == "send")
          if (const ModelChannel* c = m_.channel(b.via)) return c->lane_bits;
        if (b.op == "store" && b.writes)
          if (const State* s = m_.state(b.writes->state)) return s->lane_bits;
      }
    return 0;
  }

  bool step(const Action& a, size_t k, int64_t r) {
    std::vector<const Lanes*> in;
    Lanes joined;
    int64_t widest = 1;
    for (const std::string& t : a.takes) {
      const Value* v = value(t);
      if (v == nullptr) return fail("exec-value-missing", "takes '" + t + "', which no action taken so far made");
      in.push_back(&v->lanes);
      widest = std::max(widest, v->bits);
      joined.insert(joined.end(), v->lanes.begin(), v->lanes.end());
    }
    const auto width = [&](size_t k) { return k < in.size() ? value(a.takes[k])->bits : 0; };
    const bool rounding = m_.numerics == Numerics::rounding;
    const auto arity = [&](size_t n) {
      return in.size() == n || fail("exec-width", a.op + " takes " + std::to_string(n) + " value(s), not " + std::to_string(in.size()));
    };
    Lanes out;
    int64_t bits = widest;  // the result's exact width, by op (docs/actions.md)
    if (a.op == "load") {
      if (a.reads) {
        size_t first, count;
        const State* st;
        if (!row_span(*a.reads, r, first, count, st)) return false;
        const Lanes& rows = state_.states[st->name];
        if (rows.size() < first + count) return fail("exec-out-of-range", "state '" + st->name + "' is not filled");
        out.assign(rows.begin() + static_cast<long>(first), rows.begin() + static_cast<long>(first + count));
        bits = st->lane_bits;
      }
    } else if (a.op == "store") {
      if (!a.writes) return fail("exec-width", "a store names no rows to write");
      size_t first, count;
      const State* st;
      if (!row_span(*a.writes, r, first, count, st)) return false;
      if (joined.size() != count)
        return fail("exec-width", "stores " + std::to_string(joined.size()) + " lanes into rows holding " + std::to_string(count));
      Lanes& rows = state_.states[st->name];
      if (rows.size() < first + count) return fail("exec-out-of-range", "state '" + st->name + "' is not filled");
      std::vector<int32_t>& by = state_.written_by[st->name];
      by.resize(rows.size(), -1);
      state_.writes.push_back({state_.invocations.size() - 1, action_, row_});
      for (size_t l = 0; l < count; ++l) {
        rows[first + l] = narrow(joined[l], st->lane_bits);
        by[first + l] = static_cast<int32_t>(state_.writes.size() - 1);
      }
    } else if (a.op == "send") {
      const ModelChannel* c = m_.channel(a.via);
      if (c == nullptr) return fail("exec-width", "sends via '" + a.via + "', which is not a channel of " + m_.name);
      if (joined.empty() || joined.size() % static_cast<size_t>(c->lanes) != 0)
        return fail("exec-width", "sends " + std::to_string(joined.size()) + " lanes on '" + a.via + "', whose words have " +
                                      std::to_string(c->lanes));
      for (int64_t& lane : joined) lane = narrow(lane, c->lane_bits);
      channels_[a.via].push_back({std::move(joined), c->lane_bits});
    } else if (a.op == "receive") {
      auto& queue = channels_[a.via];
      if (queue.empty()) return fail("exec-nothing-sent", "receives on '" + a.via + "', where nothing was sent");
      out = std::move(queue.front().lanes);
      bits = queue.front().bits;
      queue.pop_front();
    } else if (a.op == "select") {
      if (!arity(1)) return false;
      out = joined;
    } else if (a.op == "add" || a.op == "mul") {
      if (!arity(2)) return false;
      if (in[0]->size() != in[1]->size())
        return fail("exec-width", a.op + " of " + std::to_string(in[0]->size()) + " lanes and " + std::to_string(in[1]->size()));
      for (size_t l = 0; l < in[0]->size(); ++l) {
        const int64_t x = (*in[0])[l], y = (*in[1])[l];
        if (rounding) out.push_back(bits_of(a.op == "add" ? as_float(x) + as_float(y) : as_float(x) * as_float(y)));
        else out.push_back(a.op == "add" ? add(x, y) : mul(x, y));
      }
      bits = a.op == "add" ? widest + 1 : width(0) + width(1);
    } else if (a.op == "rectify" || a.op == "clip") {
      if (!arity(1)) return false;
      if (rounding) return fail("exec-no-semantics", a.op + " is defined over integers only (EXACT numerics)");
      const int64_t target = a.op == "clip" ? clip_bits(k) : 64;
      if (target < 1 || target > 64) return fail("exec-width", "clip's value is never sent or stored, so it has no width to clip to");
      const int64_t hi = target == 64 ? INT64_MAX : (int64_t{1} << (target - 1)) - 1, lo = -hi - 1;
      for (int64_t x : joined) out.push_back(a.op == "rectify" ? (x < 0 ? 0 : x) : (x < lo ? lo : x > hi ? hi : x));
      if (a.op == "clip") bits = std::min(widest, target);
    } else if (a.op == "mac") {
      if (!arity(2)) return false;
      const size_t n = in[0]->size();
      if (n == 0 || in[1]->size() % n != 0)
        return fail("exec-width", "mac of a vector of " + std::to_string(n) + " lanes by a matrix of " + std::to_string(in[1]->size()));
      const size_t cols = in[1]->size() / n;
      for (size_t j = 0; j < cols; ++j) {
        int64_t sum = 0;
        float fsum = 0.0f;
        for (size_t i = 0; i < n; ++i) {
          const int64_t x = (*in[0])[i], w = (*in[1])[i * cols + j];
          if (rounding) fsum = fsum + as_float(x) * as_float(w);
          else sum = add(sum, mul(x, w));
        }
        out.push_back(rounding ? bits_of(fsum) : sum);
      }
      bits = width(0) + width(1) + log2_ceil(n);
    } else if (a.op == "fold") {
      if (!arity(1)) return false;
      const size_t leaves = static_cast<size_t>(a.leaves);
      if (leaves < 2 || (leaves & (leaves - 1)) != 0 || joined.size() != leaves)
        return fail("exec-width", "folds " + std::to_string(joined.size()) + " lanes as " + std::to_string(a.leaves) +
                                      " leaves (a power of two, at least 2)");
      // Heap order: node i's children are 2i + 1 and 2i + 2; the leaves are nodes leaves - 1 .. 2 leaves - 2.
      Lanes node(2 * leaves - 1);
      for (size_t l = 0; l < leaves; ++l) node[leaves - 1 + l] = joined[l];
      for (size_t i = leaves - 1; i-- > 0;)
        node[i] = rounding ? bits_of(as_float(node[2 * i + 1]) + as_float(node[2 * i + 2])) : add(node[2 * i + 1], node[2 * i + 2]);
      out.assign(node.begin(), node.begin() + static_cast<long>(leaves - 1));
      bits = widest + log2_ceil(leaves);
    } else if (a.op != "fetch" && a.op != "dispatch" && a.op != "count") {
      return fail("exec-no-semantics", "op '" + a.op + "' has no semantics in the executor (docs/actions.md)");
    }
    // Exact to 64 bits, or to the width the action declares its result kept to.
    if (rounding) bits = 32;
    if (a.bits > 0) bits = a.bits;
    bits = std::min<int64_t>(bits, 64);
    if (!rounding)
      for (int64_t& lane : out) lane = narrow(lane, bits);
    for (const Output& o : a.outputs) (a.per == Per::row ? row_values_ : once_)[o.value] = Value{out, bits};
    return true;
  }

  const Machine& m_;
  const Invocation& inv_;
  ExecState& state_;
  Status status_;
  size_t action_ = 0;
  int64_t row_ = -1;
  std::map<std::string, Value> once_, row_values_;
  std::map<std::string, std::deque<Value>> channels_;
};

}  // namespace

int64_t narrow(int64_t v, int64_t bits) {
  if (bits >= 64) return v;
  const uint64_t mask = (uint64_t{1} << bits) - 1, low = static_cast<uint64_t>(v) & mask;
  return static_cast<int64_t>(low & (uint64_t{1} << (bits - 1)) ? low | ~mask : low);
}

void ExecState::fill(const Machine& m) {
  for (const State& s : m.states)
    if (!states.count(s.name)) states[s.name].assign(static_cast<size_t>(s.rows * s.lanes), 0);
}

std::string ExecState::writer(const std::string& state, size_t lane) const {
  auto it = written_by.find(state);
  if (it == written_by.end() || lane >= it->second.size() || it->second[lane] < 0) return "";
  const Write& w = writes[static_cast<size_t>(it->second[lane])];
  const Invoked& inv = invocations[w.invocation];
  const Action& a = inv.instruction->actions[w.action];
  return inv.where + " action " + std::to_string(w.action) + " (" + a.unit + "." + a.port + ")" +
         (w.row >= 0 ? " row " + std::to_string(w.row) : "");
}

Status execute(const Machine& m, const Invocation& invocation, ExecState& state) {
  if (invocation.instruction == nullptr) return Error{"exec-no-semantics", invocation.where, "no instruction to run"};
  return Run(m, invocation, state).all();
}

}  // namespace loom::actions
