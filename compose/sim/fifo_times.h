// The cycles a FIFO's words were written and read, kept for only as many words
// as the FIFO holds, and the most words it held at once in simulated time.
//
// Simulated time and execution order differ: the cooperative scheduler may run
// a writer far ahead of its reader, or the reverse. A word's occupancy is only
// known once a read later than its write has happened, so each write is settled
// either at once (when an earlier read is already later) or by the first read
// that is. Every lookup stays within the last `depth` words, which is what makes
// the memory per channel O(depth) however long the run.
//
// An unbounded FIFO (kUnboundedDepth: the trace engine's functional run,
// trace_engine.h) is never full, and keeps every word's times instead, since
// a write can be settled by any earlier read.
#pragma once

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstdint>
#include <vector>

#include "compose/sim/sim_listener.h"

namespace loom {

inline constexpr int64_t kUnboundedDepth = INT64_MAX;
// The deepest FIFO a run is given: its rings are this many words. A stream
// deeper than this is no on-chip FIFO (2^20 words of 8 bits is 227 BRAM18s).
inline constexpr int64_t kMaxFifoDepth = int64_t{1} << 20;
// What a run may hold in all its FIFOs' rings at once: each word's write and
// read cycles and its limbs, over every channel (SimOptions::depths asks).
inline constexpr int64_t kMaxFifoBytes = int64_t{2} << 30;

class FifoTimes {
 public:
  explicit FifoTimes(int64_t depth)
      : depth_(depth), mask_(ring_size(depth) - 1), written_(mask_ + 1, 0), read_(mask_ + 1, 0), settle_limit_(depth),
        grow_at_(depth == kUnboundedDepth ? static_cast<int64_t>(mask_ + 1) : INT64_MAX) {
    assert(depth >= 0);  // 0: the simulator's stand-in for an unbound port, always empty and full
  }

  // The rings hold the smallest power of two of words at or above `depth`, so
  // that a word's position is a mask, not a division; an unbounded FIFO's
  // start at 64 words and double.
  static size_t ring_size(int64_t depth) {
    return depth == kUnboundedDepth ? 64 : std::bit_ceil(static_cast<uint64_t>(depth));
  }
  int64_t depth() const { return depth_; }
  // The words its rings hold now: an unbounded FIFO's grow (grew()).
  size_t ring_words() const { return mask_ + 1; }

  int64_t writes() const { return tail_; }
  int64_t reads() const { return head_; }
  bool empty() const { return tail_ == head_; }
  bool full() const { return tail_ - head_ == depth_; }
  // The ring positions of the next word to write and to read; a FIFO keeps its
  // words in a ring of ring_size(depth).
  size_t tail_slot() const { return static_cast<size_t>(tail_) & mask_; }
  size_t head_slot() const { return static_cast<size_t>(head_) & mask_; }
  // When the word about to be written may be written: the read of the word
  // `depth` places before it frees its slot. Before `depth` words, that
  // position has never been read, and holds 0.
  int64_t slot_free_at() const { return read_[static_cast<size_t>(tail_ - depth_) & mask_]; }
  // When the word about to be read was written.
  int64_t next_written_at() const { return written_[head_slot()]; }

  // Makes room for the next write; true if the rings grew, so that the
  // caller's data ring, indexed by the same slots, must grow with them.
  [[gnu::always_inline]] bool grew() {
    if (tail_ != grow_at_) [[likely]]
      return false;
    grow();
    return true;
  }

  [[gnu::always_inline]] void write(int64_t at) {
    assert(tail_ < grow_at_);  // an unbounded FIFO's caller asked grew() first
    // Once a FIFO has been seen full, its most is its depth: nothing to settle
    // (settle_limit_ is the depth, or more when words are told, or 0).
    if (max_ < settle_limit_ && head_ > 0 && last_read_at_ > at) [[unlikely]]
      settle_write(at);
    written_[tail_slot()] = at;
    ++tail_;
  }

  [[gnu::always_inline]] void read(int64_t at) {
    read_[head_slot()] = at;
    ++head_;
    if (max_ < settle_limit_) [[unlikely]]
      settle_reads(at);
  }

  // Tells `listener` each word's write and read cycles from now on, as
  // channel `channel`'s: a word's write cycle is still in the ring when it is
  // read, and the words never read are in it at the end (report_held).
  void report_words(SimListener* listener, size_t channel) {
    settle_limit_ = INT64_MAX;
    listener_ = listener;
    channel_ = channel;
  }
  // Word k, written and not yet read, was written at `at` after all: a
  // stalled pipeline held it back (SimOptions::PipelineStyle::stp). The
  // occupancy already settled for it stays as its first cycle gave it.
  void rewrite(int64_t k, int64_t at) {
    assert(k >= head_ && k < tail_);
    written_[static_cast<size_t>(k) & mask_] = at;
  }
  // Keeps no occupancy from now on: max_occupancy() is meaningless, and
  // each access is cheaper (a search that asks only for cycles).
  void ignore_occupancy() {
    assert(listener_ == nullptr);
    settle_limit_ = 0;
  }
  // Tells the listener, if any, of each word still held, read at -1.
  void report_held() const {
    if (listener_ == nullptr) return;
    for (int64_t k = head_; k < tail_; ++k) listener_->on_word(channel_, written_[static_cast<size_t>(k) & mask_], -1);
  }

  // The most words held at once, counting words still unread at the end.
  int64_t max_occupancy() const { return pending_ < tail_ ? std::max(max_, tail_ - head_) : max_; }

 private:
  // Some words already read were still in the FIFO at `at`: the first of them
  // is found among the last `depth` reads, whose times are in order.
  void settle_write(int64_t at) {
    const int64_t k = tail_;
    assert(pending_ == k);
    int64_t lo = std::max<int64_t>(k - depth_ + 1, 0), hi = head_ - 1;
    while (lo < hi) {
      const int64_t mid = lo + (hi - lo) / 2;
      if (read_[static_cast<size_t>(mid) & mask_] > at) hi = mid;
      else lo = mid + 1;
    }
    settle(k, lo);
    pending_ = k + 1;
  }
  // Words written before `at` that were waiting for a later read: the read
  // just made, word head_ - 1, is it.
  [[gnu::always_inline]] void settle_reads(int64_t at) {
    if (listener_ != nullptr) [[unlikely]]
      keep(at);
    last_read_at_ = at;
    while (pending_ < tail_ && written_[static_cast<size_t>(pending_) & mask_] < at) settle(pending_++, head_ - 1);
  }
  [[gnu::noinline, gnu::cold]] void keep(int64_t at) {
    listener_->on_word(channel_, written_[static_cast<size_t>(head_ - 1) & mask_], at);
  }
  // Word k was written while words first..k were in the FIFO.
  void settle(int64_t k, int64_t first) { max_ = std::max(max_, k - first + 1); }

  // Doubles an unbounded FIFO's rings, which hold every word so far: slots
  // stay where they were.
  [[gnu::noinline, gnu::cold]] void grow() {
    const size_t size = 2 * (mask_ + 1);
    written_.resize(size);
    read_.resize(size);
    mask_ = size - 1;
    grow_at_ = static_cast<int64_t>(size);
  }

  int64_t depth_;
  size_t mask_;
  std::vector<int64_t> written_, read_;  // rings of the last `depth` times
  int64_t head_ = 0, tail_ = 0;
  int64_t pending_ = 0;  // words [pending_, tail_) wait for a read later than their write
  int64_t last_read_at_ = 0;
  int64_t max_ = 0;
  int64_t settle_limit_;  // depth_; above any occupancy once reporting words, so every read settles and is told; 0 to keep none
  SimListener* listener_ = nullptr;
  size_t channel_ = 0;
  int64_t grow_at_;  // the write count at which an unbounded FIFO's rings double; bounded, never
};

}  // namespace loom
