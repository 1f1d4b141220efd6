#include "machines/nonblocking/schedule.h"

#include <algorithm>

#include "compose/sim/fifo_timing.h"

namespace loom::nonblocking {

std::vector<int64_t> accepted_trips(int64_t k, int64_t depth, int64_t consumer_ii, int64_t read_after_write,
                                    std::vector<int64_t>* reads) {
  std::vector<int64_t> trips, read;
  for (int64_t i = 0; i < k; ++i) {
    const size_t m = trips.size();
    // Word m takes the slot word m - depth freed, a cycle after its read.
    if (m >= static_cast<size_t>(depth) && read[m - static_cast<size_t>(depth)] + kWriteAfterRead > i) continue;
    trips.push_back(i);
    // Read once readable, and no sooner than an II after the last read.
    read.push_back(m == 0 ? i + read_after_write : std::max(read[m - 1] + consumer_ii, i + read_after_write));
  }
  if (reads != nullptr) *reads = std::move(read);
  return trips;
}

FetchOutcome fetch_outcome(int64_t n, int64_t b, int64_t j, int64_t wrong_path) {
  FetchOutcome out;
  int64_t pc = 0;
  for (int64_t executed = 1; executed <= n; ++executed) {
    out.sum = static_cast<int32_t>(static_cast<uint32_t>(out.sum) + static_cast<uint32_t>(pc));
    const bool taken = pc % b == b - 1;
    if (executed == n || taken) ++out.redirects;
    pc = taken ? pc + j : pc + 1;
  }
  out.squashed = out.redirects * wrong_path;
  out.fetched = n + out.squashed;
  // The halt's instruction is fetched at trip N - 1 plus every earlier
  // redirect's wrong path; the trip after its own wrong path sees it.
  out.last_trip = n - 1 + out.redirects * wrong_path + 1;
  return out;
}

}  // namespace loom::nonblocking
