// A run's outcome in one paragraph (SimResult::summary, simulator.h), the
// first thing `loom sim` prints: the cycles of a completed run and, where it
// left words unread, in which channels; or the report of a stopped run; or
// its errors.
#include <string>

#include "compose/sim/simulator.h"

namespace loom {
namespace {

// At most this many channels are named in the warning; the rest are counted.
constexpr int kChannelsNamed = 8;

// "a (3), b (1), and 4 more channels": the channels holding words, by label.
// Requires some channel to hold one.
std::string channels_holding(const std::vector<ChannelStats>& channels) {
  std::string where;
  int listed = 0, holding = 0;
  for (const ChannelStats& c : channels) {
    if (c.left == 0) continue;
    ++holding;
    if (listed++ < kChannelsNamed) where += (where.empty() ? "" : ", ") + c.label + " (" + std::to_string(c.left) + ")";
  }
  if (holding > listed) where += ", and " + std::to_string(holding - listed) + " more channels";
  return where;
}

}  // namespace

int64_t SimResult::words_left() const {
  int64_t left = 0;
  for (const ChannelStats& c : channels) left += c.left;
  return left;
}

std::string SimResult::summary() const {
  switch (outcome) {
    case completed: {
      std::string out = "completed in " + std::to_string(cycles) + " cycles (" + std::to_string(steps) + " steps)\n";
      if (words_left() == 0) return out;
      return out + "warning: every process finished with " + std::to_string(words_left()) +
             " words written and never read, in " + channels_holding(channels) + "\n";
    }
    case deadlock:
    case watchdog: return report->to_string();
    case error: return "stopped by an error:\n" + errors.to_string();
  }
  return "";
}

}  // namespace loom
