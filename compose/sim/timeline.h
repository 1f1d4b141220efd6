// A run's timeline, gathered from its events: each process's busy and blocked
// intervals, covering [0, its finish) and, for a process the run ended blocked,
// its last wait up to the report's cycle + 1; and each channel element's
// words, as (written, read) cycles, read -1 for a word still held at the end.
// What a trace draws.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "compose/sim/sim_listener.h"

namespace loom {

class Timeline : public SimListener {
 public:
  void on_begin(const Region& region) override;
  void on_stall(size_t process, const Interval& stall) override { intervals_.at(process).push_back(stall); }
  void on_word(size_t channel, int64_t written, int64_t read) override {
    words_.at(channel).push_back({written, read});
  }
  // Fills each process's busy stretches in around its stalls.
  void on_end(const SimResult& result) override;

  // The region's processes[process], once the run has ended: in order, each
  // beginning where the one before it ended.
  const std::vector<Interval>& intervals(size_t process) const { return intervals_.at(process); }
  // The region's channels[channel]: the words read, in the order they were
  // read, then the words still held.
  const std::vector<std::pair<int64_t, int64_t>>& words(size_t channel) const { return words_.at(channel); }

 private:
  std::vector<std::vector<Interval>> intervals_;
  std::vector<std::vector<std::pair<int64_t, int64_t>>> words_;
};

}  // namespace loom
