#include "compose/sim/fifo_search.h"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <cmath>
#include <numeric>

#include "compose/sim/fifo_times.h"
#include "compose/sim/trace_engine.h"

namespace loom {
namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

class Search {
 public:
  Search(const Region& region, const std::vector<RecordedRun>& recorded, const FifoSearchOptions& options,
         FifoSearch& out)
      : region_(region), recorded_(recorded), options_(options), out_(out) {
    for (const RecordedRun& r : recorded)
      bounds_.push_back(static_cast<int64_t>(std::floor(static_cast<double>(r.unbounded.cycles) * (1 + options.tolerance))));
  }

  // Whether every run completes within its bound at `depths`. The runs that
  // failed last are timed first, and a failing run ends the test; each run's
  // bound is its watchdog, so a run past it stops there.
  bool passes(const std::vector<int64_t>& depths) {
    ++out_.retimings;
    SimOptions options;
    options.depths = depths;
    options.max_steps = options_.max_steps;
    for (size_t k = 0; k < order_.size(); ++k) {
      const size_t r = order_[k];
      options.max_cycles = std::min(options_.max_cycles, bounds_[r]);
      ++out_.run_retimings;
      const std::optional<SimResult> timed = time_trace(region_, recorded_[r], options);
      // A completed run has complete traces: the timer always answers.
      if (timed && timed->ok() && timed->cycles <= bounds_[r]) continue;
      std::rotate(order_.begin(), order_.begin() + static_cast<std::ptrdiff_t>(k), order_.begin() + static_cast<std::ptrdiff_t>(k) + 1);
      return false;
    }
    return true;
  }

  // Tries every channel of `group` at its midpoint over `depths`, which
  // passes: takes what passes, and narrows each channel's interval.
  void lower(const std::vector<size_t>& group, std::vector<int64_t>& depths) {
    if (group.empty()) return;
    std::vector<int64_t> trial = depths;
    for (size_t c : group) trial[c] = mid(c);
    if (passes(trial)) {
      for (size_t c : group) hi_[c] = depths[c] = trial[c];
      return;
    }
    if (group.size() == 1) {
      lo_[group[0]] = mid(group[0]) + 1;
      return;
    }
    const auto half = group.begin() + static_cast<std::ptrdiff_t>(group.size() / 2);
    lower({group.begin(), half}, depths);
    lower({half, group.end()}, depths);
  }

  Result<std::vector<int64_t>> run() {
    order_.resize(recorded_.size());
    std::iota(order_.begin(), order_.end(), 0);
    const size_t n = region_.channels.size();
    // A passing start: each channel's greatest occupancy at unbounded depths
    // nearly always passes. But a word read the very cycle the next is
    // written asks for one more, and a FIFO deeper than 2 is a RAM, whose
    // reads are a cycle slower, so the declared depths (often shift
    // registers) may pass where that does not; failing both, the greater of
    // the two, doubled until it passes.
    std::vector<int64_t> occupancy(n), declared(n), depths(n);
    for (size_t c = 0; c < n; ++c) {
      occupancy[c] = std::max<int64_t>(1, out_.channels[c].unbounded_max);
      declared[c] = region_.channels[c].depth;
      depths[c] = std::max(occupancy[c], declared[c]);
    }
    if (passes(occupancy)) {
      depths = occupancy;
    } else if (passes(declared)) {
      depths = declared;
    } else {
      while (!passes(depths)) {
        if (*std::min_element(depths.begin(), depths.end()) >= kMaxFifoDepth)
          return Error{"fifo-no-depth", "region '" + region_.name + "'",
                       "no FIFO depths up to " + std::to_string(kMaxFifoDepth) +
                           " let every run complete within the tolerance"};
        for (int64_t& d : depths) d = std::min(kMaxFifoDepth, 2 * d);
      }
    }
    lo_.assign(n, 1);
    hi_ = depths;
    // Halve every open interval at once, until none is left open.
    for (;;) {
      std::vector<size_t> open;
      for (size_t c = 0; c < n; ++c)
        if (lo_[c] < hi_[c]) open.push_back(c);
      if (open.empty()) break;
      lower(open, depths);
    }
    return depths;
  }

 private:
  int64_t mid(size_t c) const { return lo_[c] + (hi_[c] - lo_[c]) / 2; }

  const Region& region_;
  const std::vector<RecordedRun>& recorded_;
  const FifoSearchOptions& options_;
  FifoSearch& out_;
  std::vector<int64_t> bounds_;
  std::vector<size_t> order_;
  std::vector<int64_t> lo_, hi_;  // each channel's open interval: hi passes, below lo failed
};

// The runs' cycles summed at `depths`, and how many did not complete.
std::pair<int64_t, int> total_cycles(const Region& region, const std::vector<RecordedRun>& recorded,
                                     const std::vector<int64_t>& depths, const FifoSearchOptions& o) {
  SimOptions options;
  options.depths = depths;
  options.max_cycles = o.max_cycles;
  options.max_steps = o.max_steps;
  int64_t cycles = 0;
  int failed = 0;
  for (const RecordedRun& r : recorded) {
    const std::optional<SimResult> timed = time_trace(region, r, options);
    if (timed && timed->ok()) cycles += timed->cycles;
    else ++failed;
  }
  return {cycles, failed};
}

}  // namespace

Result<FifoSearch> search_fifo_depths(const Region& region, const std::vector<Inputs>& runs,
                                      const FifoSearchOptions& options) {
  if (runs.empty()) return Error{"fifo-no-runs", "region '" + region.name + "'", "has no workload runs to size its FIFOs by"};
  if (!(options.tolerance >= 0 && options.tolerance <= 10))
    return Error{"invalid-tolerance", "tolerance", "must be from 0 to 1000%"};
  SimOptions sim;
  sim.max_cycles = options.max_cycles;
  sim.max_steps = options.max_steps;
  Status status;
  for (const Inputs& inputs : runs) status.merge(check_run(region, inputs, sim));
  if (!status.ok()) return status;

  FifoSearch out;
  for (const ChannelInstance& c : region.channels) out.channels.push_back({c.label(), c.word.bits(), c.depth, 0, 0});
  const auto start = std::chrono::steady_clock::now();
  std::vector<RecordedRun> recorded;
  for (size_t r = 0; r < runs.size(); ++r) {
    recorded.push_back(record_run(region, runs[r], sim));
    const SimResult& u = recorded.back().unbounded;
    if (!u.ok())
      return Error{"unbounded-run", "run " + std::to_string(r) + " of region '" + region.name + "'",
                   "does not complete even with unbounded FIFOs, so no depth can fix it:\n" + u.summary()};
    out.unbounded_cycles += u.cycles;
    out.steps += u.steps;
    out.trace_bytes += recorded.back().trace_bytes();
    for (size_t c = 0; c < u.channels.size(); ++c)
      out.channels[c].unbounded_max = std::max(out.channels[c].unbounded_max, u.channels[c].max_occupancy);
  }
  out.record_seconds = seconds_since(start);

  const auto searching = std::chrono::steady_clock::now();
  Search search(region, recorded, options, out);
  auto found = search.run();
  if (!found.ok()) return found.status();
  out.depths = found.value();
  out.search_seconds = seconds_since(searching);
  for (size_t c = 0; c < out.depths.size(); ++c) out.channels[c].found = out.depths[c];

  std::vector<int64_t> declared;
  for (const ChannelInstance& c : region.channels) declared.push_back(c.depth);
  std::tie(out.declared_cycles, out.declared_deadlocks) = total_cycles(region, recorded, declared, options);
  int failed = 0;
  std::tie(out.found_cycles, failed) = total_cycles(region, recorded, out.depths, options);
  assert(failed == 0 && "the search keeps only assignments every run passes at");
  return out;
}

}  // namespace loom
