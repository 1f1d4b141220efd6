#include "bench/bounds.h"

#include <memory>

#include "bench/cpu_time.h"
#include "compose/sim/fiber.h"

namespace loom::bench {
namespace {

struct Ring {
  Fiber thread;
  struct Member {
    Ring* ring;
    int index;
    bool done = false;
    Fiber fiber;
    Member(Ring* ring, int index) : ring(ring), index(index), fiber(64 * 1024, &Member::run, this) {}
    static void run(void* self) {
      Member& m = *static_cast<Member*>(self);
      Ring& r = *m.ring;
      while (r.left > 0) {
        --r.left;
        Fiber::switch_to(m.fiber, r.members[static_cast<size_t>(m.index + 1) % r.members.size()]->fiber);
      }
      m.done = true;
      Fiber::exit_to(m.fiber, r.thread);
    }
  };
  std::vector<std::unique_ptr<Member>> members;
  int64_t left = 0;
};

}  // namespace

double fir_work_seconds(const std::vector<PeerSample>& weights, const std::vector<PeerSample>& samples,
                        std::vector<PeerSum>& y) {
  y.assign(samples.size(), PeerSum());
  const double start = cpu_seconds();
  // Tap by tap over the whole stream, as each tap's body sees it: its weight,
  // the sample i places back, and the partial sum from the tap before.
  for (size_t i = 0; i < weights.size(); ++i) {
    const PeerSample w = weights[i];
    for (size_t k = i; k < samples.size(); ++k) {
      PeerSum p = y[k];
      const PeerSample x = samples[k - i];
      for (unsigned lane = 0; lane < kPeerLanes; ++lane)
        p.set_lane(lane, p.lane_signed(lane) + w.lane_signed(lane) * x.lane_signed(lane));
      y[k] = p;
    }
  }
  return cpu_seconds() - start;
}

double fiber_switch_ns(int fibers, int64_t switches) {
  Ring ring;
  for (int i = 0; i < fibers; ++i) ring.members.push_back(std::make_unique<Ring::Member>(&ring, i));
  ring.left = switches;
  const double start = cpu_seconds();
  Fiber::switch_to(ring.thread, ring.members[0]->fiber);
  const double seconds = cpu_seconds() - start;
  // The others are suspended in their loops: each ends when resumed.
  for (auto& m : ring.members)
    if (m->fiber.started() && !m->done) Fiber::switch_to(ring.thread, m->fiber);
  return 1e9 * seconds / static_cast<double>(switches);
}

}  // namespace loom::bench
