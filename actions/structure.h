// Joining the behavioural model to the structural one. structure() derives
// the units, ports, states and channels a composed architecture implies: one
// port per channel a unit's ports are bound to, and `<memory>.read` /
// `<memory>.write` per memory or argument it addresses. projection() diffs
// that against a hand-written machine and classifies every port, so where the
// two models overlap they cannot drift, and where they cannot overlap the
// reason is written down and checked in both directions.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "actions/machine.h"
#include "common/status.h"

namespace loom::actions {

// How fast a channel passes words: at most `words` every `cycles` cycles. A
// FIFO of depth D passes D words every rw + 1 cycles (its read after write,
// then the write after read that frees the slot), W(k + D) >= W(k) + rw + 1;
// compose/ gives D and that period (compose/sim/fifo_timing.h, fifo_period),
// and this layer knows neither constant. A word a cycle or more is no bound
// (II=1 endpoints bound it first), so min(1, D / (rw + 1)) words a cycle:
// depth 1, 1 / 2; depth 2 a shift register, 1; depth 2 a RAM (over 1024
// bits), 2 / 3; deeper, 1.
struct Rate {
  int64_t words = 1, cycles = 1;
  // Below a word a cycle.
  bool throttles() const { return words > 0 && words < cycles; }
  // The fewest cycles n words take through it: ceil(n x cycles / words), and
  // n where it does not throttle. Exact in integers: a period is a few cycles.
  int64_t cycles_for(int64_t n) const { return throttles() ? (n * cycles + words - 1) / words : n; }
  // A word a cycle, written {1, 1}, where it does not throttle: so an
  // unbounded depth never multiplies.
  Rate normal() const { return throttles() ? *this : Rate{}; }
};

// The slower of two rates (fewer words a cycle).
Rate slower(Rate a, Rate b);

// What structure() reads of a composed architecture. compose/ implements it;
// this layer never includes compose/.
class ArchitectureView {
 public:
  struct Bound {
    std::string name;   // a channel's base name, or a memory's or argument's
    bool channel;       // else a memory or an argument
    bool reads, writes;
    int64_t rows, lanes, lane_bits;  // rows: memories and arguments
    // A memory declared fully partitioned is one register a row, not a RAM:
    // `rows` writes a cycle (one a register) and any number of reads.
    bool partitioned = false;
    // A region argument, off chip: the cycles from a read burst's request to
    // its data, and from a write burst's last beat to its response, as the
    // composition's interface timing gives them; 0 on chip.
    int64_t read_latency = 0, write_response = 0;
    // A channel: the cycles from a word's write until it can be read (a
    // shift-register FIFO's or a RAM FIFO's, by its depth and word bits,
    // compose/sim/fifo_timing.h); 0 otherwise.
    int64_t read_after_write = 0;
    // A channel: the words it passes at most and the cycles it takes to, its
    // depth and its FIFO's period (compose/sim/fifo_timing.h, fifo_period);
    // a word a cycle otherwise.
    Rate rate = {};
    // A channel the kernel writes: the stage its write takes in the
    // iteration (its loads' latency and its declared operation latency,
    // docs/timing.md "Stages"); -1 otherwise.
    int64_t write_stage = -1;
  };
  struct Kernel {
    std::string name;   // the placement, e.g. "spm"
    int64_t instances;  // 1, N or R*C
    std::vector<Bound> bound;
    int64_t rows = 1, cols = 1;  // the instance grid
    int64_t depth = 1;           // a row's latency through one instance: its pipeline depth
    int64_t ii = 1;              // its pipeline's initiation interval
    std::vector<std::string> ops = {};  // the arithmetic its unit declares it provides; empty: undeclared
    ActionPort arithmetic = {"", 1, PortOrigin::arithmetic};  // the port it books, where its unit declares one
    // The latest stage a row's writes take after its read, as the simulator
    // puts them (docs/timing.md, "Stages"): the latest Bound::write_stage,
    // and no sooner than its loads' latency. -1: not stated, the last stage.
    int64_t write_stage = -1;
  };
  virtual ~ArchitectureView() = default;
  virtual std::vector<Kernel> kernels() const = 0;
};

// A port the composition implies, and the uses a cycle it has room for.
struct DerivedPort {
  std::string name;  // "dma2sp", "spad.read", "A.read", ...
  int64_t capacity = 1;
  // Off chip (a region argument): a read's request-to-data latency, a
  // write's last-beat-to-response; 0 on chip.
  int64_t read_latency = 0, write_response = 0;
  // Which way the kernel uses it: a channel's reader or writer (a chain's
  // member is both), a memory side's one way.
  bool reads = false, writes = false;
  int64_t read_after_write = 0;  // a channel's, as Bound gives it
  Rate rate = {};                // a channel's, as Bound gives it, normal(); a word a cycle otherwise
};

struct DerivedUnit {
  std::string name;
  int64_t instances = 1;
  std::vector<DerivedPort> ports;
  int64_t rows = 1, cols = 1, depth = 1, ii = 1;
  std::vector<std::string> ops = {};  // what the kernel's unit declares it computes; empty: undeclared
  ActionPort arithmetic = {"", 1, PortOrigin::arithmetic};  // the port that arithmetic books; empty name: none
  int64_t write_stage = 0;  // Kernel::write_stage, or depth - 1 where the view states none
  // The slowest of its chains' rates: what a row entering the grid passes
  // through, so every port of the kernel is held to it (rate()).
  Rate chained = {};
  // The most stages a chain's word waits for its partner: how many stages
  // before the grid's latest chain write it is written (structure()):
  // at a word a cycle, that many of each chain FIFO's slots hold words in
  // flight, so the grid buffers that many fewer when its receiver stops.
  int64_t skew = 0;
  const DerivedPort* port(std::string_view name) const;
  // A row's latency across the kernel: a wavefront crosses rows + cols - 1
  // instances, each its pipeline depth and a cycle of channel.
  int64_t latency() const { return (rows + cols - 1) * (depth + 1); }
  // The same crossing as its channels time it: a word read at a stage's first
  // cycle is written write_stage later and can be read by the next instance
  // read_after_write after that (compose/sim/fifo_timing.h).
  int64_t crossing() const;
};

struct Structure {
  std::vector<DerivedUnit> units;
  std::vector<State> states;      // memories
  std::vector<ModelChannel> channels;  // with their lanes
  const DerivedUnit* unit(std::string_view name) const;
};

Structure structure(const ArchitectureView& architecture);

// The machine a composition implies, before anything is said about what its
// units compute: every kernel a unit with every derived port (at its
// capacity), the arithmetic port its unit declares (LOOM_ARITHMETIC), and its
// pipeline's ii, and every state and channel. A machine whose grain agrees
// with the composition's (every unit instantiated once) adds only its
// instructions.
Machine implied_machine(const Structure& structure, std::string name);

// A machine unit's latency: its kernel's, or the slowest of the kernels it is a
// dispatch domain over (they work side by side). Derived from the composition,
// so not declared twice; 0 for a unit the composition lacks.
int64_t latency(const Structure& structure, const Unit& unit);
// The same, as the channels time a row's crossing (DerivedUnit::crossing):
// the slowest of the unit's kernels.
int64_t crossing(const Structure& structure, const Unit& unit);

// A machine unit's pipeline depth: the deepest of its kernels' (each drains
// on its own); 1 for a unit the composition lacks.
int64_t depth(const Structure& structure, const Unit& unit);

// What machine unit `unit` pays for reaching its port `port` off chip: the
// longest read latency and write response among the composed ports the port
// is, or (an alias) stands for, in any of its kernels; zeros on chip.
struct OffChip {
  int64_t read_latency = 0, write_response = 0;
};
OffChip off_chip(const Structure& structure, const Unit& unit, std::string_view port);

// How fast machine unit `unit`'s port `port` passes words: the slowest rate
// among the composed ports the port is, or (an alias) stands for, in any of
// its kernels; a word a cycle for a port that is no channel, or that the
// composition lacks. A chain's side ("w_chain<", "w_chain>") is its port's.
Rate rate(const Structure& structure, const Unit& unit, std::string_view port);

// A composed port the machine does not model, and why.
struct Unmodelled {
  std::string unit, port, reason;
};

struct ProjectionRow {
  std::string unit, port;
  PortOrigin origin;
  std::string detail;  // what an alias stands for, or the reason
};

// "DERIVED", "ALIAS", "ARITHMETIC" or "COUNTING": how the projection prints it.
const char* origin_name(PortOrigin origin);

struct Projection {
  std::vector<ProjectionRow> ports;
  std::vector<Unmodelled> unmodelled;  // as checked against the structure
  std::vector<std::string> grain;      // units whose dispatch domain spans replicated kernels
  std::string to_string() const;
};

// Errors: unit-not-composed (a machine unit, or a kernel it names, absent from
// the composition), state-not-composed, state-mismatch and channel-not-composed,
// channel-mismatch (rows, lanes or lane bits that differ), port-not-derived (a port the machine calls derived that the
// composition lacks), port-capacity (a derived port's uses a cycle that differ
// from the composition's: a partitioned array is not one read and one write port), alias-target-missing, unmodelled-missing (a composed port
// neither modelled nor listed), unmodelled-stale (a listed port the composition
// lacks, or that the machine models after all), channel-not-bound (a send or
// receive via a composed channel bound to none of its unit's kernels),
// send-not-written and receive-not-read (one that sends on a channel its
// unit's kernels only read, or receives on one they only write), and
// op-not-provided (an action whose arithmetic none of its unit's kernels
// declares, where they declare any).
Result<Projection> projection(const Structure& structure, const Machine& machine,
                              const std::vector<Unmodelled>& unmodelled);

}  // namespace loom::actions
