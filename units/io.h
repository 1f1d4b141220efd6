// The virtual interface of a running unit instance, for a backend that runs a
// body through one indirect call an access: the standalone harness that
// unit-tests a body (units/standalone.h) and the thread-per-process baseline
// (bench/thread_baseline.cc). The simulator does not implement it: its process
// (compose/sim/process.h) is a concrete class with the same calls and no base,
// so that a simulated access is inlined into the body. Bodies see neither
// directly; they see a Context<U, Backend> (units/context.h), which checks
// each access against the unit's declaration at compile time and then calls
// the backend it was instantiated with, this interface or a concrete class.
#pragma once

#include <cstdint>

namespace loom {

class Io {
 public:
  virtual ~Io() = default;
  // `port` is the position in the unit's declared ports; words travel as limbs.
  virtual void read(int port, uint64_t* limbs, int limb_count) = 0;   // blocks while empty
  virtual void write(int port, const uint64_t* limbs, int limb_count) = 0;  // blocks while full
  // Non-blocking access (LOOM_NONBLOCKING): whether a word was read or
  // written; a failed one moves nothing. empty() and full() probe without
  // moving a word.
  virtual bool read_nb(int port, uint64_t* limbs, int limb_count) = 0;
  virtual bool write_nb(int port, const uint64_t* limbs, int limb_count) = 0;
  virtual bool empty(int port) = 0;
  virtual bool full(int port) = 0;
  virtual void load(int port, int64_t row, uint64_t* limbs, int limb_count) = 0;
  virtual void store(int port, int64_t row, const uint64_t* limbs, int limb_count) = 0;
  // Where element `element` of declared port `port` is among the ports the
  // calls above take (0 for a single port): the position in a composed
  // model's ports (UnitModel::slot()). Only a unit with a port array asks;
  // an element outside its array stops the run.
  virtual int slot(int port, int64_t element) = 0;
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
  // LOOM_PROTOCOL and LOOM_WAIT: a protocol region and a clock boundary in
  // it, at `line` of the unit's source. Only a backend that times accesses
  // needs them.
  virtual void begin_protocol() {}
  virtual void end_protocol() {}
  virtual void wait(int line) { (void)line; }
};

}  // namespace loom
