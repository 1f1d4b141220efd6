#include "compose/sim/process_clock.h"

#include <cassert>

namespace loom {

ProcessClock::ProcessClock(Pipeline pipeline, int ports, SimListener* listener, size_t process)
    : pipeline_(pipeline), lag_(pipeline.depth - 1), ports_(ports), touched_in_(2 * static_cast<size_t>(ports), 0),
      count_(2 * static_cast<size_t>(ports), 0),
      kind_(2 * static_cast<size_t>(ports), kStream),
      listener_(listener), process_(process), issue_(-pipeline.ii) {
  assert(pipeline.ii >= 1 && pipeline.depth >= 1);
}

}  // namespace loom
