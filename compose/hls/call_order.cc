// The call sort (call_order.h): Kahn's algorithm over the channel graph with a
// smallest-index-first queue, and, where it stops short, a walk back along
// writers that must come round to a cycle, which the top's comment and the
// testbench name.
#include "compose/hls/call_order.h"

#include <functional>
#include <queue>
#include <string>
#include <utility>


namespace loom::hls {
namespace {

using Edges = std::vector<std::vector<std::pair<int, int>>>;  // by process: (other process, channel)

// One cycle through the processes left unsorted (incoming[p] > 0), written
// forward: each process feeds the next.
std::string cycle_among(const Region& region, const Edges& readers, const std::vector<int>& incoming) {
  const size_t n = region.processes.size();
  // Every process left has a writer that is left too: walking back along
  // those writers must come round to a process already seen, on a cycle.
  Edges writers(n);
  for (size_t p = 0; p < n; ++p)
    for (const auto& [reader, channel] : readers[p]) writers[static_cast<size_t>(reader)].push_back({static_cast<int>(p), channel});
  int at = 0;
  while (incoming[static_cast<size_t>(at)] == 0) ++at;
  std::vector<int> path, via;  // path[k] is written by path[k + 1] through via[k]
  std::vector<int> seen(n, -1);
  while (seen[static_cast<size_t>(at)] < 0) {
    seen[static_cast<size_t>(at)] = static_cast<int>(path.size());
    path.push_back(at);
    for (const auto& [writer, channel] : writers[static_cast<size_t>(at)])
      if (incoming[static_cast<size_t>(writer)] > 0) {
        via.push_back(channel);
        at = writer;
        break;
      }
  }
  // path[first..] with `at` repeated closes the cycle; written forward, each
  // process feeds the one before it in `path`.
  const size_t first = static_cast<size_t>(seen[static_cast<size_t>(at)]);
  std::string cycle = region.processes[static_cast<size_t>(at)].name();
  for (size_t m = path.size(); m-- > first;)
    cycle += " -(" + region.channels[static_cast<size_t>(via[m])].label() + ")-> " +
             region.processes[static_cast<size_t>(path[m])].name();
  return cycle;
}

}  // namespace

CallOrder call_order(const Region& region) {
  const size_t n = region.processes.size();
  Edges readers(n);  // (reader, channel)
  std::vector<int> incoming(n, 0);
  for (size_t c = 0; c < region.channels.size(); ++c) {
    const ChannelInstance& ch = region.channels[c];
    if (!ch.writer.valid() || !ch.reader.valid()) continue;
    readers[static_cast<size_t>(ch.writer.process)].push_back({ch.reader.process, static_cast<int>(c)});
    ++incoming[static_cast<size_t>(ch.reader.process)];
  }
  std::priority_queue<int, std::vector<int>, std::greater<int>> ready;
  for (size_t p = 0; p < n; ++p)
    if (incoming[p] == 0) ready.push(static_cast<int>(p));
  std::vector<int> order;
  while (!ready.empty()) {
    const int p = ready.top();
    ready.pop();
    order.push_back(p);
    for (const auto& [reader, channel] : readers[static_cast<size_t>(p)])
      if (--incoming[static_cast<size_t>(reader)] == 0) ready.push(reader);
  }
  if (order.size() == n) return {order, ""};
  const std::string cycle = cycle_among(region, readers, incoming);
  for (size_t p = 0; p < n; ++p)
    if (incoming[p] > 0) order.push_back(static_cast<int>(p));
  return {order, cycle};
}

}  // namespace loom::hls
