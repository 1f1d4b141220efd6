// A process's run as time needs it, and nothing more: its accesses, its loop
// trips and its end, in order, with no data. The trace engine's functional
// run records one per process (trace_engine.h), at unbounded FIFO depths;
// the trace timer (trace_timer.h) re-times it at any depths. Function never
// depends on depth, since a body only makes blocking accesses and counts a
// memory's latency in its own iterations, so one trace serves every depth.
//
// Each event is one byte, an op and a port; a port above 14, a trip's line
// when it changes, follow as LEB128. A trip's end is written only when an
// access outside the trip follows it: before a trip, a loop entry or the
// body's end, it is implied.
#pragma once

#include <cassert>
#include <cstdint>
#include <vector>

namespace loom {

class ProcessTrace {
 public:
  enum Op : uint8_t {
    kRead,        // a stream read
    kWrite,       // a stream write
    kLoad,        // a memory load, through the clock
    kStore,       // a memory store, through the clock
    kStep,        // an access the clock does not see (a register load)
    kWire,        // a register store (ProcessClock::wire): not a rewrite
    kRewire,      // ...a rewrite
    kBurst,       // an argument read that starts a burst
    kBurstNext,   // ...that starts the next piece of a split burst
    kBeat,        // ...that continues its burst
    kArgStore,    // an argument write
    kTrip,        // a trip of a marked loop begins
    kEntry,       // LOOM_LOOP_ENTRY; with operand kWaitMark, LOOM_WAIT
    kEndTrip,     // the trip ends, and an access outside it follows
    kEnd,         // the body returned
  };
  // How the process's trace ends: its body returned; it waits, for ever, on
  // the access its last event is (the functional run deadlocked there, so a
  // run at any depths does too); or the run was stopped, and what would come
  // next is unknown.
  enum Ending : uint8_t { kOpen, kReturned, kWaits, kCut };

  static constexpr int kPortInline = 15;
  // Four bits hold every op: a clock boundary (LOOM_WAIT) is a kEntry with
  // this operand, where a loop entry's is 0.
  static constexpr int kWaitMark = 1;

  void add(Op op, int port = 0) {
    assert(port >= 0);
    last_ = bytes_.size();
    if (port < kPortInline) return bytes_.push_back(static_cast<uint8_t>(op << 4 | port));
    bytes_.push_back(static_cast<uint8_t>(op << 4 | kPortInline));
    leb(static_cast<uint64_t>(port - kPortInline));
  }
  // A trip of the loop marked at `line`.
  void trip(int line) {
    if (line == last_line_) return bytes_.push_back(static_cast<uint8_t>(kTrip << 4));
    bytes_.push_back(static_cast<uint8_t>(kTrip << 4 | 1));
    leb(static_cast<uint64_t>(line));
    last_line_ = line;
  }
  // The last event added is `op` instead, on the same port.
  void retell(Op op) {
    assert(last_ < bytes_.size());
    bytes_[last_] = static_cast<uint8_t>(op << 4 | (bytes_[last_] & 0xf));
  }
  void end(Ending ending) { ending_ = ending; }

  Ending ending() const { return ending_; }
  size_t bytes() const { return bytes_.size(); }
  const uint8_t* data() const { return bytes_.data(); }

  // Reads a trace back, an event at a time.
  class Reader {
   public:
    explicit Reader(const ProcessTrace& trace) : at_(trace.data()), end_(trace.data() + trace.bytes()) {}
    bool done() const { return at_ == end_; }
    // The next event's op and port (for a trip, its line); moves past it.
    Op next(int& operand) {
      assert(!done());
      const uint8_t byte = *at_++;
      const Op op = static_cast<Op>(byte >> 4);
      const int low = byte & 0xf;
      if (op == kTrip) {
        if (low == 1) line_ = static_cast<int>(leb());
        operand = line_;
      } else {
        operand = low < kPortInline ? low : kPortInline + static_cast<int>(leb());
      }
      return op;
    }

   private:
    uint64_t leb() {
      uint64_t v = 0;
      for (int shift = 0;; shift += 7) {
        const uint8_t b = *at_++;
        v |= static_cast<uint64_t>(b & 0x7f) << shift;
        if (!(b & 0x80)) return v;
      }
    }
    const uint8_t* at_;
    const uint8_t* end_;
    int line_ = 0;
  };

 private:
  void leb(uint64_t v) {
    while (v >= 0x80) bytes_.push_back(static_cast<uint8_t>(v | 0x80)), v >>= 7;
    bytes_.push_back(static_cast<uint8_t>(v));
  }
  std::vector<uint8_t> bytes_;
  size_t last_ = 0;  // where the last event added begins
  int last_line_ = 0;
  Ending ending_ = kOpen;
};

}  // namespace loom
