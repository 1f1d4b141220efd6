// FifoTimes keeps O(depth) history; checked against the plain computation over
// the whole history, for writers and readers interleaved in every order the
// scheduler could run them.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <utility>
#include <vector>

#include "compose/sim/fifo_times.h"

namespace loom {
namespace {

// The most words held just after any write: writes so far less reads at or
// before that cycle, over complete histories.
int64_t max_occupancy(const std::vector<int64_t>& written, const std::vector<int64_t>& read) {
  int64_t best = 0;
  size_t r = 0;
  for (size_t k = 0; k < written.size(); ++k) {
    while (r < read.size() && read[r] <= written[k]) ++r;
    best = std::max(best, static_cast<int64_t>(k + 1 - r));
  }
  return best;
}

// Every word it is told, in order.
struct Words final : SimListener {
  std::vector<std::pair<int64_t, int64_t>> told;
  void on_word(size_t channel, int64_t written, int64_t read) override {
    CHECK(channel == 7);
    told.push_back({written, read});
  }
};

TEST_CASE("occupancy from a bounded window matches the whole history, told or not", "[fifo]") {
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 6000; ++trial) {
    const bool listened = trial % 2 == 1;  // telling words settles every read: the other path
    const int64_t depth = 1 + static_cast<int64_t>(rng() % 6);
    const int64_t tokens = static_cast<int64_t>(rng() % 40);
    // Some runs end with words still held.
    const int64_t reads = std::max<int64_t>(0, tokens - static_cast<int64_t>(rng() % 3));
    FifoTimes times(depth);
    Words words;
    if (listened) times.report_words(&words, 7);
    std::vector<int64_t> written, read;
    int64_t writer_clock = 0, reader_clock = 0;
    // Run the two sides in a random functional order, as the scheduler might,
    // each side's times following the timing model's two edges.
    while (static_cast<int64_t>(read.size()) < reads || static_cast<int64_t>(written.size()) < tokens) {
      const bool can_write = static_cast<int64_t>(written.size()) < tokens &&
                             times.writes() - times.reads() < depth;
      const bool can_read = times.reads() < times.writes() && static_cast<int64_t>(read.size()) < reads;
      if (!can_write && !can_read) break;  // full, and no read left to free it
      if (can_write && (!can_read || rng() % 2)) {
        writer_clock = std::max(writer_clock + 1 + static_cast<int64_t>(rng() % 3), times.slot_free_at());
        times.write(writer_clock);
        written.push_back(writer_clock);
      } else {
        reader_clock = std::max(reader_clock + 1 + static_cast<int64_t>(rng() % 4), times.next_written_at() + 1);
        times.read(reader_clock);
        read.push_back(reader_clock);
      }
    }
    times.report_held();
    INFO("trial " << trial << " depth " << depth << " tokens " << tokens << " reads " << reads);
    REQUIRE(times.max_occupancy() == max_occupancy(written, read));
    REQUIRE(times.max_occupancy() <= depth);
    if (!listened) continue;
    REQUIRE(words.told.size() == written.size());
    for (size_t k = 0; k < written.size(); ++k) {
      CHECK(words.told[k].first == written[k]);
      CHECK(words.told[k].second == (k < read.size() ? read[k] : -1));
    }
  }
}

TEST_CASE("words never read still count as held", "[fifo]") {
  FifoTimes times(4);
  times.write(0);
  times.write(1);
  times.write(2);
  CHECK(times.max_occupancy() == 3);
  times.read(1);  // word 0, read as word 1 is written: not held after cycle 1
  CHECK(times.max_occupancy() == 2);
}

}  // namespace
}  // namespace loom
