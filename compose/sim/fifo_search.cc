#include "compose/sim/fifo_search.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <optional>
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

  // The depths found; then passing_cycles(depths) are their cycles.
  Result<std::vector<int64_t>> run() {
    const size_t n = region_.channels.size();
    // A passing start: each channel's greatest occupancy at unbounded depths
    // nearly always passes. But a word read the very cycle the next is
    // written asks for one more, and a FIFO deeper than 2 (or of more than
    // 1024 bits, fifo_timing.h) is a RAM, whose reads are a cycle slower, so
    // the declared depths (often shift registers) may pass where that does
    // not; failing both, the greater of the two, doubled until it passes.
    std::vector<int64_t> occupancy(n), declared(n), start(n);
    for (size_t c = 0; c < n; ++c) {
      occupancy[c] = std::clamp<int64_t>(out_.channels[c].unbounded_max, 1, kMaxFifoDepth);
      declared[c] = region_.channels[c].depth;
      start[c] = std::max(occupancy[c], declared[c]);
    }
    // Every later assignment lowers the start's depths, so what the start's
    // FIFOs hold bounds the search's memory.
    if (auto big = too_big(start)) return *big;
    if (passes_all(occupancy)) {
      start = occupancy;
    } else if (passes_all(declared)) {
      start = declared;
    } else {
      while (!passes_all(start)) {
        if (*std::min_element(start.begin(), start.end()) >= kMaxFifoDepth)
          return Error{"fifo-no-depth", "region '" + region_.name + "'",
                       "no FIFO depths up to " + std::to_string(kMaxFifoDepth) +
                           " let every run complete within the tolerance"};
        for (int64_t& d : start) d = std::min(kMaxFifoDepth, 2 * d);
        if (auto big = too_big(start)) return *big;
      }
    }
    // The search times only the runs that have failed some assignment (the
    // critical ones, at first the longest), and holds its result to every
    // run; a run that fails it joins them, and the search starts over, its
    // earlier timings and lower bounds remembered.
    critical_ = {longest()};
    // What failed on the critical runs fails on all of them: a restart keeps
    // each channel's lower bound, and descends again from the start.
    lo_.assign(n, 1);
    for (;;) {
      std::vector<int64_t> depths = start;
      hi_ = start;
      // Halve every open interval at once, until none is left open.
      for (;;) {
        std::vector<size_t> open;
        for (size_t c = 0; c < n; ++c)
          if (lo_[c] < hi_[c]) open.push_back(c);
        if (open.empty()) break;
        // Channels that held the most words unbounded for their depth are the
        // likeliest to fail lower: kept together, a failing group splits into
        // fewer failing halves.
        std::stable_sort(open.begin(), open.end(), [&](size_t a, size_t b) {
          return out_.channels[a].unbounded_max * hi_[b] > out_.channels[b].unbounded_max * hi_[a];
        });
        lower(open, depths);
      }
      const std::vector<size_t> failing = failing_runs(depths, all_runs());
      if (failing.empty()) return depths;
      critical_.insert(critical_.end(), failing.begin(), failing.end());
    }
  }

  // Each run's cycles at `depths`, which the search found every run to pass
  // at; -1 for one it did not (never, but `loom fifo` holds the claim to
  // simulation, and names a -1 rather than have the search abort).
  std::vector<int64_t> passing_cycles(const std::vector<int64_t>& depths) const {
    std::vector<int64_t> cycles;
    for (const Verdict& v : verdicts_.at(depths)) cycles.push_back(v.passes == 1 ? v.cycles : -1);
    return cycles;
  }

 private:
  // The fifo-memory refusal simulate() would give `depths`, if any.
  std::optional<Error> too_big(const std::vector<int64_t>& depths) const {
    SimOptions sized;
    sized.depths = depths;
    const Status fits = check_run(region_, {}, sized);
    for (const Error& e : fits.errors())
      if (e.kind == "fifo-memory") return e;
    return std::nullopt;
  }

  // Tries every channel of `group` at its midpoint over `depths`, which
  // passes the critical runs: takes what passes, and narrows each channel's
  // interval.
  void lower(const std::vector<size_t>& group, std::vector<int64_t>& depths) {
    if (group.empty()) return;
    std::vector<int64_t> trial = depths;
    for (size_t c : group) trial[c] = mid(c);
    if (failing_runs(trial, critical_, /*first_only=*/true).empty()) {
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

  bool passes_all(const std::vector<int64_t>& depths) { return failing_runs(depths, all_runs(), true).empty(); }

  // The runs of `runs` that fail at `depths` (with `first_only`, the first
  // found): a deadlock, or more cycles than the run's bound. The timer stops
  // a run at its bound, its watchdog. Each assignment's verdict on a run is
  // timed once.
  std::vector<size_t> failing_runs(const std::vector<int64_t>& depths, const std::vector<size_t>& runs,
                                   bool first_only = false) {
    std::vector<Verdict>& verdicts = verdicts_[depths];
    if (verdicts.empty()) {
      verdicts.assign(recorded_.size(), Verdict{});
      ++out_.retimings;
    }
    std::vector<size_t> failing;
    SimOptions options;
    options.depths = depths;
    options.max_steps = options_.max_steps;
    for (size_t r : runs) {
      if (verdicts[r].passes < 0) {
        options.max_cycles = std::min(options_.max_cycles, bounds_[r]);
        ++out_.run_retimings;
        const std::optional<SimResult> timed = time_trace(region_, recorded_[r], options, /*outcome_only=*/true);
        // A completed run's traces are complete: the timer always answers.
        const bool ok = timed && timed->ok() && timed->cycles <= bounds_[r];
        verdicts[r] = {static_cast<int8_t>(ok), ok ? timed->cycles : -1};
      }
      if (verdicts[r].passes) continue;
      failing.push_back(r);
      if (first_only) break;
    }
    return failing;
  }

  std::vector<size_t> all_runs() const {
    std::vector<size_t> out(recorded_.size());
    std::iota(out.begin(), out.end(), 0);
    return out;
  }
  size_t longest() const {
    size_t best = 0;
    for (size_t r = 0; r < recorded_.size(); ++r)
      if (recorded_[r].unbounded.steps > recorded_[best].unbounded.steps) best = r;
    return best;
  }
  int64_t mid(size_t c) const { return lo_[c] + (hi_[c] - lo_[c]) / 2; }

  const Region& region_;
  const std::vector<RecordedRun>& recorded_;
  const FifoSearchOptions& options_;
  FifoSearch& out_;
  std::vector<int64_t> bounds_;
  std::vector<size_t> critical_;
  struct Verdict {
    int8_t passes = -1;  // -1: not timed
    int64_t cycles = -1;  // when it passes
  };
  std::map<std::vector<int64_t>, std::vector<Verdict>> verdicts_;  // per assignment, each run's
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
    const std::optional<SimResult> timed = time_trace(region, r, options, /*outcome_only=*/true);
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
  // Its candidate depths are timed from one functional run at unbounded depths.
  if (Status kahn = check_kahn(region, "the FIFO search"); !kahn.ok()) return kahn;

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
    out.unbounded_run_cycles.push_back(u.cycles);
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
  out.found_run_cycles = search.passing_cycles(out.depths);
  out.found_cycles = std::accumulate(out.found_run_cycles.begin(), out.found_run_cycles.end(), int64_t{0});
  return out;
}

}  // namespace loom
