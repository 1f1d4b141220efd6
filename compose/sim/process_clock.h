// The timing of one process, as docs/timing.md describes it. A process is a
// pipelined loop: iteration i issues at s_i >= s_{i-1} + II, and each access
// takes the earliest stage its inputs allow, as Vitis's scheduler puts it: a
// read at s_i, a write at the stage its latest input's data is there (a
// stream read's in its own stage, a load's its RAM's latency later) plus the
// declared latency of the operations between them (LOOM_COMPUTE; 0 by
// default), a write with no input before it at s_i. The depth stays the
// iteration's latency: it bounds the stages and gates the drain. A unit's
// declared stages and its clock boundaries in a protocol region move them
// (declare_stage(), wait()).
//
// Where the body marks its loop (LOOM_PIPELINE), each trip is exactly one
// iteration, and the trip's accesses share it: the k-th access to one side of
// a port in a trip happens k cycles into it (a stream port gives one read or
// one write a cycle), which the II must have room for; the process holds
// each trip to that budget (process.h). Outside a marked trip the iterations
// are inferred, as a flat loop's are: a new one begins when the body touches a
// port (or a port's write side) it already touched in the current one.
// Registers (a fully partitioned memory) take any number of accesses in a
// trip; outside one, only writing a row twice starts another iteration.
//
// A run of one marked loop's trips is one execution of that pipelined loop:
// entering it costs a cycle, and whatever follows it (code outside the loop,
// another loop, the body's end) waits until its last trip has drained, its
// write responses have come back, and a cycle more (control_timing.h).
//
// Three edges stall an iteration (compose/sim/fifo_timing.h and axi_timing.h
// give their delays):
//   read-after-write:  a token is read no earlier than its write + 1 or 2;
//   write-after-read:  token k is written no earlier than the read of token
//                      k - D, plus 1, where D is the FIFO's depth;
//   DRAM:              an argument's word is read no earlier than its burst's
//                      request + the interface's read latency.
// A stall delays the iteration and every later one, as a stalled HLS pipeline does.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "compose/sim/control_timing.h"
#include "compose/sim/sim_listener.h"
#include "units/unit_model.h"

namespace loom {

class ProcessClock {
 public:
  // Each stall is told to `listener`, if not null, as process `process`'s.
  // The process's first state runs at cycle `start`.
  ProcessClock(Pipeline pipeline, int ports, SimListener* listener, size_t process, int64_t start = 0);

  // The watchdog's cycle bound: when the clock first passes `bound`, it sets
  // *alarm to INT64_MIN, the step limit the process's next access trips on
  // (SimProcess::step). Checked where the clock moves, not at every access.
  void set_alarm(int64_t bound, int64_t* alarm) {
    bound_ = bound;
    alarm_ = alarm;
  }

  // What a stalled pipeline (SimOptions::PipelineStyle::stp) holds back: told
  // of each stall, at the cycle `from` the stalled access would have taken,
  // for `cycles`; every access of a trip in flight at or after `from` waits
  // that long with it (UG1399, `pragma HLS pipeline style=stp`: the pipeline
  // runs only when its input is available, and otherwise stalls).
  class Freeze {
   public:
    virtual void frozen(int64_t from, int64_t cycles) = 0;

   protected:
    ~Freeze() = default;
  };
  // Tells `freeze` of every stall from now on; null: none is told.
  void set_freeze(Freeze* freeze) { freeze_ = freeze; }
  // The cycle the next read (or write) on `port` would take if it waited for
  // nothing: where a stall of it would freeze the pipeline from. Asked before
  // the access, which may first wait for its word or slot; moves nothing.
  int64_t next_cycle(int port, bool write_side) const;

  // A trip of the marked loop at `line` (LOOM_PIPELINE) begins: always a new
  // iteration, and the first of a run of that loop's trips enters the loop.
  // Trips do not nest.
  void begin_trip(int line) {
    if (line != loop_line_) [[unlikely]]
      enter_loop(line);
    next_iteration();
    mode_ = kInTrip;
  }
  // LOOM_LOOP_ENTRY, outside a trip: the run the process is in (if any) is
  // left, and the next trip enters its loop afresh.
  void loop_entry() {
    if (mode_ == kAfterTrip) {
      leave_loop();
      mode_ = kLeft;
    }
    loop_line_ = 0;
  }
  // ...and ends, at the end of the loop body's scope.
  void end_trip() { mode_ = kAfterTrip; }
  bool in_trip() const { return mode_ == kInTrip; }
  // Whether a stream's or an argument's side was used more than II times in
  // the trip. A memory's port is exempt(): its storage says what fits, and
  // the process holds it to that.
  bool over_budget() const { return over_; }
  // What port `port` is bound to: only a stream's accesses are timed within
  // a trip, and a memory's budget is its storage's, which the process holds.
  enum : char { kStream, kArgument, kMemory };
  void bound_to(int port, char kind) {
    kind_[static_cast<size_t>(port)] = kind_[static_cast<size_t>(ports_ + port)] = kind;
  }
  // The trip just ended is looked at again, to say what it used.
  void reopen_trip() { mode_ = kInTrip; }

  // A read on `port` of a token that can be read from cycle `readable` (its
  // write, plus the FIFO's read-after-write delay); returns the read's cycle.
  [[gnu::always_inline]] int64_t read(int port, int64_t readable) {
    const int64_t k = use(port);  // first: it may begin the iteration the stage is of
    if (staged_) [[unlikely]]
      return staged_read(port, k, readable);
    stall(Interval::wait_empty, port, readable - k, k);
    input(k);  // the word is there in the read's own stage
    return issue_ + k;
  }
  // A write on `port` whose FIFO slot frees at `freed` (the read of the token
  // D places earlier plus the write-after-read delay, or 0); returns the write's cycle.
  [[gnu::always_inline]] int64_t write(int port, int64_t freed) {
    const int64_t k = use(ports_ + port);
    const int64_t at = reached((declares_ ? declared_write(port) : write_at_) + k);
    stall(Interval::wait_full, port, freed - at, at);
    return issue_ + at;
  }
  // A non-blocking read or write on `port` (docs/timing.md, "Non-blocking
  // access"): the cycle it happens at, the stage and slot a blocking one
  // would take, but never stalled; whether it finds a word or a slot is the
  // caller's to decide at that cycle. A read is an input, found or not.
  int64_t read_nb(int port) {
    const int64_t k = use(port);
    if (staged_) [[unlikely]]
      return issue_ + staged_read_at(port, k);
    input(k);
    return issue_ + k;
  }
  int64_t write_nb(int port) {
    const int64_t k = use(ports_ + port);
    return issue_ + reached((declares_ ? declared_write(port) : write_at_) + k);
  }
  // empty() or full() on `port`: the cycle the side's next access would take.
  // A probe is no access in a trip's budget (Vitis reads the FIFO's empty_n or
  // full_n beside the access it guards); outside a marked trip, probing a
  // side again, or after an access, begins the next iteration, so a polling
  // loop advances as a loop does.
  int64_t probe(int port, bool write_side);
  // Every access on stream port `port` takes stage `stage` (LOOM_STAGES).
  void declare_stage(int port, int stage) {
    if (declared_.empty()) declared_.assign(static_cast<size_t>(ports_), -1);
    declares_ = staged_ = true;
    declared_[static_cast<size_t>(port)] = static_cast<int8_t>(stage);
  }
  // LOOM_WAIT: a clock boundary. Every later access of the iteration takes a
  // stage past every earlier one's, within the depth (the declared depth is
  // the iteration's: a boundary past its last stage has no stage to take).
  void wait() {
    // Until the first boundary the hot path keeps its inputs' latest stage in write_at_.
    if (!staged_) usable_ = write_at_, staged_ = true;
    // The boundary follows every access, and the last boundary. A read
    // with no declared stage took the boundary then in force (or the first
    // stage), up to late_ cycles on: the hot path does not count it.
    const int64_t top = std::max(top_, input_ ? fence_ + late_ : -1);
    fence_ = std::min(lag_, std::max(top + 1, waited_ ? fence_ + 1 : 0));
    waited_ = true;
    write_at_ = default_write();
  }
  // A load or a store through memory or argument port `port`: returns how
  // many accesses to that side the trip made before it.
  [[gnu::always_inline]] int64_t load(int port) {
    const int64_t k = use(port);
    if (staged_) [[unlikely]]
      return staged_load(port, k);
    input(k + data_[static_cast<size_t>(port)]);
    return k;
  }
  // Port `port` is an ap_memory argument whose load data is usable `latency`
  // cycles after the load: what the iteration computes from it leaves no
  // sooner, and the iteration drains no sooner (docs/timing.md, "On-chip and
  // scalar arguments").
  void load_latency(int port, int latency) {
    if (latency_.empty()) latency_.assign(static_cast<size_t>(ports_), 0);
    latency_[static_cast<size_t>(port)] = latency;
    staged_ = true;
  }
  // Port `port` is an on-chip memory whose load data is there `stages`
  // stages after the load: its storage's read_latency() (units/storage.h).
  void memory_read_latency(int port, int stages) { data_[static_cast<size_t>(port)] = stages; }
  // Every write on stream port `port` leaves `cycles` stages after its
  // latest input, the latency of the operations between (LOOM_COMPUTE).
  void compute_latency(int port, int cycles) {
    if (compute_.empty()) compute_.assign(static_cast<size_t>(ports_), 0);
    compute_[static_cast<size_t>(port)] = cycles;
    declares_ = staged_ = true;
    if (declared_.empty()) declared_.assign(static_cast<size_t>(ports_), -1);
  }
  [[gnu::always_inline]] int64_t store(int port) { return use(ports_ + port); }
  // An access to registers outside a marked trip: only a `rewrite` (a row
  // written twice in the iteration) starts the next one.
  // The first access of all begins iteration 1, as any port's does.
  void wire(bool rewrite) {
    if (mode_ >= kAfterTrip) return after_loop();  // the loop is left: a new iteration
    if (mode_ == kOutside && (rewrite || iterations_ == 0)) next_iteration();
  }

  // The accesses the current trip has made to `port`'s read (or load) side,
  // and to its write (or store) side.
  int64_t reads_in_trip(int port) const { return in_trip() ? uses_in_trip(port) : 0; }
  int64_t writes_in_trip(int port) const { return in_trip() ? uses_in_trip(ports_ + port) : 0; }
  int ii() const { return pipeline_.ii; }

  // The furthest past its issue an access of the current iteration may take:
  // its last stage, the most accesses a trip's budget lets a side make after
  // the first, and how late its loads or trip accesses already run.
  int64_t reach() const { return pipeline_.depth - 1 + pipeline_.ii - 1 + late_; }
  // The cycle the process has reached: its current iteration's issue.
  int64_t now() const { return iterations_ == 0 ? start_ : issue_; }
  // When it is done: once its body has returned (end_body), the cycle it
  // reached; until then, when its last iteration drains: depth cycles after
  // that iteration issued. Every access drains through every stage, and
  // issue only grows. An access k cycles into its trip drains k cycles later.
  int64_t finish() const {
    if (done_ >= 0) return done_;
    return iterations_ == 0 ? start_ : issue_ + pipeline_.depth + late_;
  }
  // The body has returned: the loop it was in is left, and the process is
  // done once every write response is back.
  void end_body();
  int64_t iterations() const { return iterations_; }
  int64_t start() const { return start_; }
  int64_t stalled_empty() const { return stalled_[Interval::wait_empty]; }
  int64_t stalled_full() const { return stalled_[Interval::wait_full]; }
  int64_t stalled_dram() const { return stalled_[Interval::wait_dram]; }
  int64_t busy() const { return finish() - start_ - stalled_empty() - stalled_full() - stalled_dram(); }

  // Region arguments (axi_timing.h). Which run of iterations the process is
  // in: a run of one marked loop's trips, or a stretch of code outside them;
  // a burst continues only within one.
  int64_t run() const { return run_; }
  // When the request for a read the current iteration makes went out, on an
  // interface whose schedule expects `latency` cycles: `latency` cycles of
  // the pipeline's progress before the read (UG1399 INTERFACE m_axi latency:
  // the design initiates a bus request <latency> cycles before the read is
  // expected), so past any stall in between; and never before the run began.
  // At latency 0 it is the iteration's issue: the pipeline waits out every
  // request; and requests of one iteration go out together, so one that
  // waited for DRAM does not hold back the next one's request. Requires
  // remember_stalls(latency) at bind.
  int64_t request_time(int latency) const;
  // The process has an argument whose requests run `latency` cycles ahead:
  // the clock keeps that much of its run's stall history.
  void remember_stalls(int latency) { ahead_ = std::max<int64_t>(ahead_, latency); }
  // The k-th access of the iteration to argument port `port` reads a word
  // readable from `ready`: stalls until then; returns the read's cycle.
  int64_t dram_read(int port, int64_t k, int64_t ready) {
    if (ready - k > issue_) [[unlikely]]
      stall_until(Interval::wait_dram, port, ready - k, k);
    return issue_ + k;
  }
  // The argument port the process last waited on DRAM for, and until when
  // (-1: never): what a deadlock or watchdog report says of it.
  int last_dram_port() const { return last_dram_port_; }
  int64_t last_dram_until() const { return last_dram_until_; }
  // The cycle the k-th store of the iteration to an argument leaves, as a
  // stream write does: depth - 1 cycles into the iteration.
  int64_t dram_write_cycle(int64_t k) { return issue_ + reached(write_at_ + k); }
  // A write response of argument port `port` arrives at `cycle`: the loop
  // the process is in cannot be left before it, nor the body end.
  void await_response(int port, int64_t cycle) {
    if (cycle > settle_) settle_ = cycle, settle_port_ = port;
  }

 private:
  // One more access to `slot` (a port's read side, then its write side):
  // returns how many the current iteration made before it. Outside a trip, a
  // second access begins a new iteration instead. Before any access
  // iterations_ is 0 and issue_ is start - II, so the first begins iteration
  // 1 at the process's start.
  [[gnu::always_inline]] int64_t use(int slot) {
    // The first access after a loop run leaves the loop, in an iteration of its own.
    if (mode_ >= kAfterTrip) [[unlikely]]
      after_loop();
    int64_t& last = touched_in_[static_cast<size_t>(slot)];
    int64_t& count = count_[static_cast<size_t>(slot)];
    if (last == iterations_) {
      if (mode_ == kInTrip) return again(slot, count++);
      next_iteration();
    }
    last = iterations_;
    count = 1;
    return 0;
  }
  // An input of the hot path whose data is there at stage `at`.
  [[gnu::always_inline]] void input(int64_t at) {
    input_ = true;
    if (at > write_at_) write_at_ = at;
  }
  // The stage of the iteration a write takes by default (docs/timing.md,
  // "Stages"): one whose value the iteration computed from inputs (reads or
  // loads before it) leaves once the latest input's data is there; one that
  // has none at the first; and none before the iteration's last clock
  // boundary. A read goes at the boundary. The hot path keeps it in write_at_.
  int64_t default_write() const { return std::max(input_ ? usable_ : 0, fence_); }
  // Where the process has declared stages, a clock boundary or a load
  // latency (staged_), its accesses keep the full state, out of line.
  [[gnu::noinline]] int64_t staged_read(int port, int64_t k, int64_t readable) {
    const int64_t at = staged_read_at(port, k);
    stall(Interval::wait_empty, port, readable - at, at);
    return issue_ + at;
  }
  // The stage of the k-th read of `port` in the iteration, which is an input.
  int64_t staged_read_at(int port, int64_t k) {
    const int64_t at = declares_ && declared_[static_cast<size_t>(port)] >= 0 ? declared_[static_cast<size_t>(port)] + k
                                                                              : fence_ + k;
    if (declares_) reached(at);  // else at the boundary, as wait() counts it
    input_ = true;
    usable_ = std::max(usable_, at);
    write_at_ = default_write();
    return at;
  }
  [[gnu::noinline]] int64_t staged_load(int port, int64_t k) {
    input_ = true;
    loaded(port, k);
    write_at_ = default_write();
    return k;
  }
  // A write's declared stage, or the default with its operations' latency.
  int64_t declared_write(int port) const {
    const int8_t d = declared_[static_cast<size_t>(port)];
    if (d >= 0) return d;
    return write_at_ + (input_ && !compute_.empty() ? compute_[static_cast<size_t>(port)] : 0);
  }
  // The k-th load of the iteration on `port`, at the boundary then in force
  // plus k: its data is usable its RAM's latency on (an ap_memory
  // argument's, or an on-chip memory's).
  void loaded(int port, int64_t k) {
    const int latency = latency_.empty() || latency_[static_cast<size_t>(port)] == 0 ? data_[static_cast<size_t>(port)]
                                                                                      : latency_[static_cast<size_t>(port)];
    usable_ = std::max(usable_, fence_ + k + latency);
    late_ = std::max(late_, usable_ - lag_);
  }
  // The latest stage a write of the iteration took (a read's too, where a
  // stage is declared), for the next boundary.
  // A write past the last stage (its operations' latency after a late
  // input) drains that much later.
  int64_t reached(int64_t at) {
    top_ = std::max(top_, at);
    if (at > lag_ + late_) [[unlikely]]
      late_ = at - lag_;
    return at;
  }
  int64_t uses_in_trip(int slot) const {
    return touched_in_[static_cast<size_t>(slot)] == iterations_ ? count_[static_cast<size_t>(slot)] : 0;
  }
  // The k-th access (k >= 1) to one side of a port in a trip: k cycles into
  // it, which drains k cycles later; a stream or argument side takes at most
  // II (a memory's ports are the process's to check, by its storage).
  int64_t again(int slot, int64_t k) {
    const char kind = kind_[static_cast<size_t>(slot)];
    if (k >= pipeline_.ii && kind != kMemory) over_ = true;
    if (k > late_ && kind == kStream) late_ = k;
    return k;
  }
  [[gnu::always_inline]] void next_iteration() {
    issue_ += pipeline_.ii;
    late_ = 0, write_at_ = 0, top_ = -1, input_ = false;
    if (staged_) [[unlikely]]
      waited_ = false, fence_ = 0, usable_ = 0;
    ++iterations_;
    if (issue_ > bound_) [[unlikely]]
      *alarm_ = INT64_MIN;
  }
  // A stall of the access at stage `stage`, which moves the iteration's
  // issue to `until`.
  [[gnu::always_inline]] void stall(Interval::Kind kind, int port, int64_t until, int64_t stage) {
    if (until > issue_) [[unlikely]]
      stall_until(kind, port, until, stage);
  }
  // The first trip of a run of the marked loop at `line`; and the end of a
  // run, which waits for its drain and write responses (control_timing.h).
  void enter_loop(int line);
  // Leaves the run: returns the cycle the code after it runs at.
  int64_t leave_loop();
  void after_loop() {
    if (mode_ == kAfterTrip) leave_loop();
    mode_ = kOutside;
    next_iteration();
  }
  void new_run();
  // The pipeline's progress: the cycle it would have reached without the
  // run's stalls. It moves II an iteration.
  int64_t progress() const { return issue_ - stall_in_run_; }
  // A stall of `cycles` at the current progress, kept while a request could
  // still look back past it.
  void remember(int64_t cycles);
  // The cycle after `drained` by which every write response is back (a wait
  // on DRAM if any is later).
  int64_t answered(int64_t drained);
  void stall_until(Interval::Kind kind, int port, int64_t until, int64_t stage) {
    if (freeze_ != nullptr) freeze_->frozen(issue_ + stage, until - issue_);
    if (kind == Interval::wait_dram) {
      last_dram_port_ = port, last_dram_until_ = until;
      if (dram_stall_iteration_ != iterations_) dram_stall_iteration_ = iterations_, dram_stall_in_iteration_ = 0;
      dram_stall_in_iteration_ += until - issue_;
    }
    if (ahead_ > 0) remember(until - issue_);
    stall_in_run_ += until - issue_;
    stalled_[kind] += until - issue_;
    if (listener_ != nullptr) listener_->on_stall(process_, {kind, issue_, until, port});
    issue_ = until;
    if (issue_ > bound_) [[unlikely]]
      *alarm_ = INT64_MIN;
  }

  Pipeline pipeline_;
  int64_t lag_;  // depth - 1: an iteration's writes leave this long after it issues
  int ports_;
  // The iteration in which each port's read side (then each write side) was
  // last touched, and how often in it; comparing with the current one saves
  // clearing them every iteration.
  std::vector<int64_t> touched_in_, count_;
  std::vector<char> kind_;  // per side: kStream, kArgument or kMemory
  std::vector<int64_t> probed_in_;  // per side: the iteration last probed in (probe()); empty until one is
  SimListener* listener_;
  Freeze* freeze_ = nullptr;  // under stp only
  size_t process_;
  int64_t issue_, iterations_ = 0;
  // Outside any marked loop; in a trip; between a run's trips (the run goes
  // on if the next thing is a trip of its loop, and is left otherwise); or
  // just past a run that LOOM_LOOP_ENTRY left, whose next access outside a
  // trip begins an iteration of its own.
  enum Mode : char { kOutside, kInTrip, kAfterTrip, kLeft };
  Mode mode_ = kOutside;
  bool over_ = false;  // a stream port's side used more than II times in a trip
  int64_t late_ = 0;  // how far into the current iteration its latest stream access is
  // The stage a write of the current iteration takes by default
  // (default_write()), and its latest write's stage (-1 before any; a read's
  // too where a stage is declared). next_iteration() resets them, so an
  // access never asks which iteration it is in.
  int64_t write_at_ = 0, top_ = -1;
  // Whether some port has a LOOM_STAGES stage; whether that, a clock
  // boundary (LOOM_WAIT) or a load latency puts the process on the staged
  // path, which keeps the rest of the iteration's state: whether it made an
  // input, whether it waited and its boundary (0 before any), and the stage
  // its latest ap_memory data is usable at (0 before any).
  bool declares_ = false, staged_ = false;
  bool input_ = false, waited_ = false;
  int64_t fence_ = 0, usable_ = 0;
  std::vector<int> latency_;      // each port's ap_memory read latency (0: none); empty if none has one
  std::vector<int> data_;         // each port's on-chip memory read latency (0: none)
  std::vector<int> compute_;      // each write port's LOOM_COMPUTE latency; empty if none is declared
  std::vector<int8_t> declared_;  // each port's LOOM_STAGES stage, or -1; empty if none is declared
  int64_t stalled_[4] = {0, 0, 0, 0};
  int64_t start_;       // the cycle the process's first state runs
  int loop_line_ = 0;   // the marked loop whose run the process is in, or 0
  int64_t run_ = 0;
  int64_t run_first_ = 1;       // the run's first iteration
  int64_t stall_in_run_ = 0;    // every kind of stall since the run began
  int64_t ahead_ = 0;           // the longest an argument's requests run ahead
  struct Stall {
    int64_t at, cycles;  // the progress it happened at; how long
  };
  std::vector<Stall> stalls_;  // the run's, as far back as ahead_ needs
  // The current iteration's DRAM stalls: requests in one iteration go out together.
  int64_t dram_stall_iteration_ = -1, dram_stall_in_iteration_ = 0;
  int64_t settle_ = 0;  // the last write response due
  int settle_port_ = -1;
  int64_t done_ = -1;   // once the body has returned
  int last_dram_port_ = -1;
  int64_t last_dram_until_ = -1;
  int64_t bound_ = INT64_MAX;  // never passed, so alarm_ is never used, until set_alarm()
  int64_t* alarm_ = nullptr;
};

}  // namespace loom
