// The one interface every backend implements for a running unit instance: the
// simulator, the standalone harness that unit-tests a body, and any later backend.
// Bodies never see it directly; they see a Context, which checks each access
// against the unit's declaration at compile time and then calls through here.
#pragma once

#include <cstdint>

namespace loom {

class Io {
 public:
  virtual ~Io() = default;
  // `port` is the position in the unit's declared ports; words travel as limbs.
  virtual void read(int port, uint64_t* limbs, int limb_count) = 0;   // blocks while empty
  virtual void write(int port, const uint64_t* limbs, int limb_count) = 0;  // blocks while full
  virtual void load(int port, int64_t row, uint64_t* limbs, int limb_count) = 0;
  virtual void store(int port, int64_t row, const uint64_t* limbs, int limb_count) = 0;
  // `which` is the position in the unit's declared parameters.
  virtual int64_t param(int which) = 0;
  // LOOM_PIPELINE: a trip of the body's pipelined loop begins at `line` of the
  // unit's source, and ends with the loop body's scope, however it is left
  // (end_trip() runs in a destructor, so it must not throw). Only a backend
  // that times iterations needs them.
  virtual void begin_trip(int line) { (void)line; }
  virtual void end_trip() {}
  // LOOM_LOOP_ENTRY: the next marked loop is entered afresh (a loop nest
  // Vitis cannot flatten), outside any trip. Only a backend that times
  // loops needs it.
  virtual void loop_entry() {}
};

}  // namespace loom
