#include "compose/sim/process_clock.h"

#include <cassert>

namespace loom {

ProcessClock::ProcessClock(Pipeline pipeline, int ports, SimListener* listener, size_t process, int64_t start)
    : pipeline_(pipeline), lag_(pipeline.depth - 1), ports_(ports), touched_in_(2 * static_cast<size_t>(ports), 0),
      count_(2 * static_cast<size_t>(ports), 0),
      kind_(2 * static_cast<size_t>(ports), kStream),
      listener_(listener), process_(process), issue_(start - pipeline.ii), start_(start) {
  assert(pipeline.ii >= 1 && pipeline.depth >= 1 && start >= 0);
}

void ProcessClock::enter_loop(int line) {
  if (loop_line_ != 0) leave_loop();
  // The cycle into the loop comes after the state before it: the first trip
  // issues II + kLoopEntry after it.
  issue_ += kLoopEntry;
  if (issue_ > bound_) *alarm_ = INT64_MIN;
  loop_line_ = line;
  ++run_;
  dram_stall_in_run_ = 0;
}

void ProcessClock::leave_loop() {
  assert(!in_trip_);
  loop_line_ = 0;
  ++run_;
  dram_stall_in_run_ = 0;
  const int64_t drained = issue_ + pipeline_.depth + late_;
  late_ = 0;
  int64_t next = drained;
  if (settle_ > drained) {
    // Waiting for write responses is waiting on DRAM.
    stalled_[Interval::wait_dram] += settle_ - drained;
    if (listener_ != nullptr) listener_->on_stall(process_, {Interval::wait_dram, drained, settle_, settle_port_});
    next = settle_;
  }
  next += kLoopExit;
  // What follows is the next iteration, at `next`.
  issue_ = std::max(issue_, next - pipeline_.ii);
  if (issue_ > bound_) *alarm_ = INT64_MIN;
}

void ProcessClock::end_body() {
  if (iterations_ == 0) {
    done_ = start_;
    return;
  }
  if (loop_line_ != 0) {
    leave_loop();
    done_ = issue_ + pipeline_.ii;
    return;
  }
  // Code outside marked loops drains, and waits for its write responses.
  const int64_t drained = issue_ + pipeline_.depth + late_;
  done_ = drained;
  if (settle_ > drained) {
    stalled_[Interval::wait_dram] += settle_ - drained;
    if (listener_ != nullptr) listener_->on_stall(process_, {Interval::wait_dram, drained, settle_, settle_port_});
    done_ = settle_;
  }
}

}  // namespace loom
