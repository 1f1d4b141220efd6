#include "compose/sim/process_clock.h"

#include <cassert>

namespace loom {

ProcessClock::ProcessClock(Pipeline pipeline, int ports, SimListener* listener, size_t process, int64_t start)
    : pipeline_(pipeline), lag_(pipeline.depth - 1), ports_(ports), touched_in_(2 * static_cast<size_t>(ports), 0),
      count_(2 * static_cast<size_t>(ports), 0),
      kind_(2 * static_cast<size_t>(ports), kStream),
      listener_(listener), process_(process), issue_(start - pipeline.ii), start_(start) {
  assert(pipeline.ii >= 1 && pipeline.depth >= 1 && start >= 0);
  data_.assign(static_cast<size_t>(ports), 0);
}

int64_t ProcessClock::probe(int port, bool write_side) {
  const size_t slot = static_cast<size_t>(write_side ? ports_ + port : port);
  if (probed_in_.empty()) probed_in_.assign(touched_in_.size(), 0);
  if (mode_ >= kAfterTrip) after_loop();
  if (mode_ != kInTrip && (probed_in_[slot] == iterations_ || touched_in_[slot] == iterations_)) next_iteration();
  probed_in_[slot] = iterations_;
  const int64_t k = uses_in_trip(static_cast<int>(slot));
  if (!write_side)
    return issue_ + k + (declares_ && declared_[static_cast<size_t>(port)] >= 0 ? declared_[static_cast<size_t>(port)]
                                                                                 : staged_ ? fence_ : 0);
  return issue_ + k + (declares_ ? declared_write(port) : write_at_);
}

int64_t ProcessClock::next_cycle(int port, bool write_side) const {
  const size_t slot = static_cast<size_t>(write_side ? ports_ + port : port);
  // Past a loop run: the run's every access has drained before the next.
  if (mode_ >= kAfterTrip) return issue_ + pipeline_.depth + late_ + kLoopExit;
  const bool again = touched_in_[slot] == iterations_;
  // Outside a trip, a second access to a side begins the next iteration, at its first stage.
  if (again && mode_ != kInTrip) return issue_ + pipeline_.ii;
  const int64_t k = again ? count_[slot] : 0;
  if (write_side) return issue_ + k + (declares_ ? declared_write(port) : write_at_);
  if (declares_ && declared_[static_cast<size_t>(port)] >= 0) return issue_ + declared_[static_cast<size_t>(port)] + k;
  return issue_ + (staged_ ? fence_ : 0) + k;
}

void ProcessClock::enter_loop(int line) {
  if (mode_ == kAfterTrip) leave_loop();
  // The cycle into the loop comes after the state before it: the first trip
  // issues II + kLoopEntry after it.
  issue_ += kLoopEntry;
  if (issue_ > bound_) *alarm_ = INT64_MIN;
  loop_line_ = line;
  new_run();
}

void ProcessClock::new_run() {
  ++run_;
  run_first_ = iterations_ + 1;
  stall_in_run_ = 0;
  stalls_.clear();
}

void ProcessClock::remember(int64_t cycles) {
  // Older stalls than a request can look back to are folded away.
  const int64_t horizon = progress() - ahead_;
  if (stalls_.size() >= 64) {
    size_t keep = 0;
    while (keep < stalls_.size() && stalls_[keep].at < horizon) ++keep;
    stalls_.erase(stalls_.begin(), stalls_.begin() + static_cast<std::ptrdiff_t>(keep));
  }
  stalls_.push_back({progress(), cycles});
}

int64_t ProcessClock::request_time(int latency) const {
  if (latency == 0) return issue_ - (dram_stall_iteration_ == iterations_ ? dram_stall_in_iteration_ : 0);
  // The run's first iteration began at this progress, before any of its stalls.
  const int64_t begun = progress() - (iterations_ - run_first_) * pipeline_.ii;
  const int64_t at = progress() - latency;
  if (at < begun) return begun;
  // The cycle the pipeline reached progress `at`: after every stall at or before it.
  int64_t later = 0;
  for (auto it = stalls_.rbegin(); it != stalls_.rend() && it->at > at; ++it) later += it->cycles;
  return at + stall_in_run_ - later;
}

int64_t ProcessClock::leave_loop() {
  assert(mode_ == kAfterTrip);
  mode_ = kOutside;
  loop_line_ = 0;
  const int64_t next = answered(issue_ + pipeline_.depth + late_) + kLoopExit;
  late_ = 0;
  // What follows is the next iteration, at `next`.
  issue_ = next - pipeline_.ii;
  if (issue_ > bound_) *alarm_ = INT64_MIN;
  new_run();
  return next;
}

void ProcessClock::end_body() {
  if (iterations_ == 0) {
    done_ = start_;
    return;
  }
  if (mode_ == kAfterTrip) {
    done_ = leave_loop();
    return;
  }
  if (mode_ == kLeft) {
    done_ = issue_ + pipeline_.ii;  // the cycle the left run's exit leads to
    return;
  }
  // Code outside marked loops drains, and waits for its write responses.
  done_ = answered(issue_ + pipeline_.depth + late_);
}

int64_t ProcessClock::answered(int64_t drained) {
  if (settle_ <= drained) return drained;
  // Waiting for write responses is waiting on DRAM.
  stalled_[Interval::wait_dram] += settle_ - drained;
  last_dram_port_ = settle_port_, last_dram_until_ = settle_;
  if (listener_ != nullptr) listener_->on_stall(process_, {Interval::wait_dram, drained, settle_, settle_port_});
  return settle_;
}

}  // namespace loom
