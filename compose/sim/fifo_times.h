// The cycles a FIFO's words were written and read, kept for only as many words
// as the FIFO holds, and the most words it held at once in simulated time.
//
// Simulated time and execution order differ: the cooperative scheduler may run
// a writer far ahead of its reader, or the reverse. A word's occupancy is only
// known once a read later than its write has happened, so each write is settled
// either at once (when an earlier read is already later) or by the first read
// that is. Every lookup stays within the last `depth` words, which is what makes
// the memory per channel O(depth) however long the run.
#pragma once

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <vector>

namespace loom {

class FifoTimes {
 public:
  explicit FifoTimes(int64_t depth)
      : depth_(depth), ring_size_(static_cast<size_t>(depth)), written_(ring_size_, 0), read_(ring_size_, 0) {}

  int64_t writes() const { return tail_; }
  int64_t reads() const { return head_; }
  // The ring positions of the next word to write and to read; a FIFO keeps its
  // words in a ring of the same size.
  size_t tail_slot() const { return tail_slot_; }
  size_t head_slot() const { return head_slot_; }
  // When the word about to be written may be written: the read of the word
  // `depth` places before it frees its slot.
  int64_t slot_free_at() const { return tail_ >= depth_ ? read_[tail_slot_] : 0; }
  // When the word about to be read was written.
  int64_t next_written_at() const { return written_[head_slot_]; }

  void write(int64_t at) {
    const int64_t k = tail_;
    if (head_ > 0 && last_read_at_ > at) {
      // Some words already read were still in the FIFO at `at`: the first of
      // them is found among the last `depth` reads, whose times are in order.
      assert(pending_ == k);
      int64_t lo = std::max<int64_t>(k - depth_ + 1, 0), hi = head_ - 1;
      while (lo < hi) {
        const int64_t mid = lo + (hi - lo) / 2;
        if (read_[slot(mid)] > at) hi = mid;
        else lo = mid + 1;
      }
      settle(k, lo);
      pending_ = k + 1;
      advance(pending_slot_);
    }
    written_[tail_slot_] = at;
    ++tail_;
    advance(tail_slot_);
  }

  void read(int64_t at) {
    const int64_t m = head_;
    read_[head_slot_] = at;
    last_read_at_ = at;
    ++head_;
    advance(head_slot_);
    // Words written before `at` that were waiting for a later read: m is it.
    while (pending_ < tail_ && written_[pending_slot_] < at) {
      settle(pending_++, m);
      advance(pending_slot_);
    }
  }

  // The most words held at once, counting words still unread at the end.
  int64_t max_occupancy() const { return pending_ < tail_ ? std::max(max_, tail_ - head_) : max_; }

 private:
  // Positions advance one at a time, so the hot path needs no division.
  size_t slot(int64_t token) const { return static_cast<size_t>(token % depth_); }
  void advance(size_t& position) const {
    if (++position == ring_size_) position = 0;
  }
  // Word k was written while words first..k were in the FIFO.
  void settle(int64_t k, int64_t first) { max_ = std::max(max_, k - first + 1); }

  int64_t depth_;
  size_t ring_size_;
  std::vector<int64_t> written_, read_;  // rings of the last `depth` times
  int64_t head_ = 0, tail_ = 0;
  int64_t pending_ = 0;  // words [pending_, tail_) wait for a read later than their write
  size_t head_slot_ = 0, tail_slot_ = 0, pending_slot_ = 0;
  int64_t last_read_at_ = 0;
  int64_t max_ = 0;
};

}  // namespace loom
