// One process instance of a simulation as its body sees it: the concrete
// backend of Context<U, SimProcess>, so a simulated channel or memory access is
// inlined into the body, with no call and no virtual dispatch. What is rare (blocking on a FIFO,
// waking the process blocked on the other side, stopping the run) goes to the
// Scheduler, which the simulator implements (compose/sim/simulator.cc).
//
// Every machine sees this header, through compose/place.h, since a body is
// instantiated against SimProcess where a unit is placed. So its public part
// is only what a body's Context calls; what the simulator drives is
// protected, for the simulator's subclass, and what a process is built from
// (its FIFOs, storage, m_axi interfaces and the Scheduler) is in
// compose/sim/internal/, in namespace detail, which only compose/sim may
// depend on.
//
// Memories that declare a write latency are modelled here: a store issued in
// iteration s of the owner's pipelined loop (a LOOM_PIPELINE trip, or outside
// one a second access to the same side of the memory) is visible to loads
// from iteration s + latency on; a load sooner returns the row's old value.
//
// So are region arguments' m_axi interfaces (compose/sim/axi_timing.h): a
// read waits for its burst's data, and a loop is left only once its write
// responses are back.
//
// So is the II budget: a marked trip may make no more accesses to a port than
// its II gives it (a stream port: II reads or II writes; a region argument: II
// loads and II stores; a memory: what its storage gives, units/storage.h). A
// trip over it stops the run with ii-over-budget when it ends.
#pragma once

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "compose/sim/internal/scheduler.h"
#include "compose/sim/internal/sim_fifo.h"
#include "compose/sim/internal/sim_storage.h"
#include "compose/sim/process_clock.h"
#include "compose/sim/trace.h"
#include "units/buffer.h"
#include "units/storage.h"
#include "units/unit_model.h"

namespace loom {

// Every access is one step: it counts against the watchdog's step limit, and
// its port's FIFO or storage was resolved once, at bind(). The common access
// (a word to move, no stall, nobody to wake) touches only this object, the
// FIFO and the clock; everything else is out of line.
class SimProcess : private ProcessClock::Freeze {
 public:
  virtual ~SimProcess() = default;

  // What a body's Context calls (units/context.h), each inline: the same
  // calls as the virtual Io's (units/io.h), on a class that has no base.
  [[gnu::always_inline]] void read(int port, uint64_t* limbs, int limb_count) {
    detail::SimFifo& f = *fifo_of_[static_cast<size_t>(port)];
    step(port, ProcessTrace::kRead);
    if (guarded_) [[unlikely]]
      return guarded_read(f, port, limbs, limb_count);
    while (f.times.empty()) [[unlikely]]
      blocked(f, port, false);
    assert(static_cast<int>(f.stride) == limb_count);
    copy_limbs(f.ring.data() + f.times.head_slot() * static_cast<size_t>(limb_count), limb_count, limbs);
    f.read(clock_, port);
    wake_waiter(f);
  }

  [[gnu::always_inline]] void write(int port, const uint64_t* limbs, int limb_count) {
    detail::SimFifo& f = *fifo_of_[static_cast<size_t>(port)];
    step(port, ProcessTrace::kWrite);
    if (guarded_) [[unlikely]]
      return guarded_write(f, port, limbs, limb_count);
    while (f.times.full()) [[unlikely]]
      blocked(f, port, true);
    assert(static_cast<int>(f.stride) == limb_count);
    f.make_room();
    copy_limbs(limbs, limb_count, f.ring.data() + f.times.tail_slot() * static_cast<size_t>(limb_count));
    f.write(clock_, port);
    wake_waiter(f);
  }

  // Non-blocking access (LOOM_NONBLOCKING; docs/timing.md, "Non-blocking
  // access"): decided at the cycle the access takes, as the RTL sees the
  // FIFO then: a word is there once its write plus the read-after-write
  // delay has passed, a slot once the read that freed it plus the
  // write-after-read delay has. A failed access stalls nothing. Where the
  // answer hangs on what the other side has yet to do, the process parks
  // until the simulation knows (Scheduler::park).
  bool read_nb(int port, uint64_t* limbs, int limb_count) {
    detail::SimFifo& f = *fifo_of_[static_cast<size_t>(port)];
    step(port, ProcessTrace::kRead);
    if (&f == unbound_) [[unlikely]]
      unbound(port);
    const int64_t at = clock_.read_nb(port);
    if (!word_in_view(f, port, at)) return polled(port, false);
    assert(static_cast<int>(f.stride) == limb_count);
    copy_limbs(f.ring.data() + f.times.head_slot() * static_cast<size_t>(limb_count), limb_count, limbs);
    kept(f.no_read, port, at);
    f.times.read(at);
    wake_waiter(f);
    return polled(port, true);
  }
  bool write_nb(int port, const uint64_t* limbs, int limb_count) {
    detail::SimFifo& f = *fifo_of_[static_cast<size_t>(port)];
    step(port, ProcessTrace::kWrite);
    if (&f == unbound_) [[unlikely]]
      unbound(port);
    const int64_t at = clock_.write_nb(port);
    if (!slot_in_view(f, port, at)) return polled(port, false);
    assert(static_cast<int>(f.stride) == limb_count);
    f.make_room();
    copy_limbs(limbs, limb_count, f.ring.data() + f.times.tail_slot() * static_cast<size_t>(limb_count));
    kept(f.no_write, port, at);
    f.times.write(at);
    wake_waiter(f);
    return polled(port, true);
  }
  bool empty(int port) {
    detail::SimFifo& f = *fifo_of_[static_cast<size_t>(port)];
    step(port, ProcessTrace::kRead);
    if (&f == unbound_) [[unlikely]]
      unbound(port);
    return !polled(port, word_in_view(f, port, clock_.probe(port, false)));
  }
  bool full(int port) {
    detail::SimFifo& f = *fifo_of_[static_cast<size_t>(port)];
    step(port, ProcessTrace::kWrite);
    if (&f == unbound_) [[unlikely]]
      unbound(port);
    return !polled(port, slot_in_view(f, port, clock_.probe(port, true)));
  }

  [[gnu::always_inline]] void load(int port, int64_t row, uint64_t* limbs, int limb_count) {
    detail::SimStorage& s = storage_of_[static_cast<size_t>(port)];
    step(port, ProcessTrace::kLoad);
    if (static_cast<uint64_t>(row) >= static_cast<uint64_t>(s.rows)) [[unlikely]]
      bad_row(port, row, "load");
    assert(s.buffer->stride() == static_cast<unsigned>(limb_count));
    if (s.timed) [[unlikely]]
      return timed_load(s, port, row, limbs, limb_count);
    copy_limbs(s.base + row * limb_count, limb_count, limbs);
    if (clock_.load(port) > 0 || s.check_each || (s.two_sided && clock_.writes_in_trip(port) > 0)) [[unlikely]]
      check_storage(s, port);
  }

  [[gnu::always_inline]] void store(int port, int64_t row, const uint64_t* limbs, int limb_count) {
    detail::SimStorage& s = storage_of_[static_cast<size_t>(port)];
    step(port, ProcessTrace::kStore);
    if (static_cast<uint64_t>(row) >= static_cast<uint64_t>(s.rows)) [[unlikely]]
      bad_row(port, row, "store");
    assert(s.buffer->stride() == static_cast<unsigned>(limb_count));
    if (s.timed) [[unlikely]]
      return timed_store(s, port, row, limbs, limb_count);
    copy_limbs(limbs, limb_count, s.base + row * limb_count);
    if (clock_.store(port) > 0 || s.check_each || (s.two_sided && clock_.reads_in_trip(port) > 0)) [[unlikely]]
      check_storage(s, port);
  }

  int64_t param(int which) const { return params_[static_cast<size_t>(which)]; }

  // Where element `element` of declared port `port` is among the process's
  // ports (units/io.h): asked only by a unit with a port array.
  [[gnu::always_inline]] int slot(int port, int64_t element) {
    const int at = unit_.slot(port, element);
    if (at < 0) [[unlikely]]
      bad_element(port, element);
    return at;
  }

  // LOOM_PIPELINE: a trip of the body's pipelined loop begins, at `line` of
  // the unit's source, and ends with the loop body's scope. A trip inside a
  // trip is refused (nested-pipeline): HLS pipelines one loop of a nest.
  [[gnu::always_inline]] void begin_trip(int line) {
    if (clock_.in_trip()) [[unlikely]]
      nested_trip(line);
    // A trip over its budget is refused before the next begins; and a trip
    // is a cycle's worth of time even if it touches nothing, so the cycle
    // watchdog must be able to stop a loop that never steps.
    if (step_limit_ == INT64_MIN) [[unlikely]]
      past_limit(-1, ProcessTrace::kTrip);
    if (trace_ != nullptr) [[unlikely]]
      record_trip(line);
    clock_.begin_trip(line);
    ++iteration_;
    trip_line_ = line;
  }
  // LOOM_LOOP_ENTRY: the next marked loop is entered afresh. Inside a trip it
  // would enter a loop inside a pipelined one: refused, as a nested pipeline.
  void loop_entry() {
    if (clock_.in_trip()) [[unlikely]]
      entry_in_trip();
    if (trace_ != nullptr) trace_->add(ProcessTrace::kEntry), open_trip_ = false;
    clock_.loop_entry();
  }
  // LOOM_PROTOCOL: a protocol region opens, and closes with its scope.
  void begin_protocol() { ++protocols_; }
  void end_protocol() { --protocols_; }
  // LOOM_WAIT at `line`: a clock boundary (ProcessClock::wait), refused
  // outside a protocol region (wait-outside-protocol), where Vitis gives
  // ap_wait() no order to keep.
  void wait(int line) {
    if (protocols_ == 0) [[unlikely]]
      wait_outside_protocol(line);
    if (trace_ != nullptr) trace_->add(ProcessTrace::kEntry, ProcessTrace::kWaitMark);
    clock_.wait();
  }
  // Ends the trip, from the guard's destructor, so it never throws: a trip
  // over its II budget is refused (ii-over-budget) at the body's next access,
  // trip or end, which the step limit sends to past_limit().
  void end_trip() {
    clock_.end_trip();
    if (over_budget_ || clock_.over_budget()) [[unlikely]] {
      over_budget_ = true;
      step_limit_ = INT64_MIN;
    }
  }

 protected:
  // What the simulator (compose/sim/simulator.cc) drives, which a body never
  // sees: only a subclass of the simulator's makes, binds, resumes and ends
  // a process.
  SimProcess(detail::Scheduler& scheduler, const UnitModel& unit, ProcessClock clock, std::vector<int64_t> params,
             int64_t max_cycles)
      : clock_(std::move(clock)), scheduler_(scheduler), unit_(unit), params_(std::move(params)) {
    clock_.set_alarm(max_cycles, &step_limit_);
  }

  // The clock knows its memory and argument ports already (clock_for.h).
  // `fifos` and `storage` are parallel to the unit's ports: `unbound` (a FIFO
  // of depth 0, so every access blocks, and block() names it) where a port is
  // unbound or of the other kind, and default storage where it is not storage.
  void bind(std::vector<detail::SimFifo*> fifos, std::vector<detail::SimStorage> storage, detail::SimFifo* unbound) {
    fifo_of_ = std::move(fifos);
    storage_of_ = std::move(storage);
    unbound_ = unbound;
    mem_touched_.assign(2 * storage_of_.size(), -1);
    for (size_t k = 0; k < fifo_of_.size(); ++k) {
      if (fifo_of_[k] == unbound_) continue;
      if (unit_.ports[k].kind == PortKind::reads) fifo_of_[k]->reader = this;
      if (unit_.ports[k].kind == PortKind::writes) fifo_of_[k]->writer = this, written_fifos_.push_back(fifo_of_[k]);
    }
    for (detail::SimStorage& s : storage_of_) {
      for (const detail::SimStorage& other : storage_of_)
        s.shared = s.shared || (&s != &other && s.buffer != nullptr && s.buffer == other.buffer);
      s.check_each = s.shared || (s.memory && s.storage == Storage::single_port);
      s.two_sided = s.memory && s.storage == Storage::dual_port;
    }
  }

  // The body has returned: a last trip over its budget is refused here, and
  // the process is done once its loop is left and its writes answered.
  void finish_body() {
    if (over_budget_ || clock_.over_budget()) over_budget();
    if (trace_ != nullptr) trace_->add(ProcessTrace::kEnd), trace_->end(ProcessTrace::kReturned);
    clock_.end_body();
    if (!held_.empty()) release_held(INT64_MAX);  // the loop has drained: nothing stalls it again
  }

  // Some answer given on trust relies on this process's accesses to one
  // side of a FIFO (SimFifo::promise): from now on each of its blocking
  // stream accesses is checked against it, as its non-blocking ones always are.
  void guard() { guarded_ = true; }

  // Runs the process as a stalled pipeline (SimOptions::PipelineStyle::stp):
  // each word it writes is held until no stall of a later access can move
  // it, and a stall moves every held word at or after its cycle. Set before
  // the run; the process must not move after it.
  void run_stalled() {
    stalling_ = guarded_ = true;
    clock_.set_freeze(this);
  }

  // Records the process's events into `trace` from now on (trace.h): each
  // access as its step passes the step limit, which stays at the steps made,
  // so that a run that does not record pays nothing for it. The watchdog's
  // bounds move to limit_, the cycle alarm with them.
  void record_into(ProcessTrace* trace, int64_t max_cycles) {
    trace_ = trace;
    limit_ = step_limit_;
    step_limit_ = steps_;
    clock_.set_alarm(max_cycles, &limit_);
  }

  // The pipeline drains: every store in flight lands.
  void drain() {
    for (detail::SimStorage& s : storage_of_)
      if (s.buffer != nullptr) s.land(INT64_MAX);
  }

  const UnitModel& unit() const { return unit_; }
  int64_t steps() const { return steps_; }
  // The step count past which the next access calls Scheduler::out_of_bounds:
  // the scheduler sets it each time it resumes the process, from the steps
  // left to the whole run, and the clock lowers it when it passes its cycle bound.
  // While recording, every access takes the cold path, which records it
  // (past_limit), and the limit is kept apart.
  void set_step_limit(int64_t limit) {
    if (trace_ == nullptr) return void(step_limit_ = limit);
    limit_ = limit;
    step_limit_ = steps_;
  }

  // The process's timing so far.
  const ProcessClock& clock() const { return clock_; }
  // Its last non-blocking accesses, if they failed: the port, and how many in
  // a row (0: the last one succeeded, or there was none). What a watchdog
  // report says of a poll that is never satisfied.
  int polling_port() const { return poll_port_; }
  int64_t failed_polls() const { return failed_polls_; }

 private:
  // Words are mostly one or two limbs: those skip the loop's setup, and a plain
  // loop beats a call to memmove for the rest. A body builds its words a limb
  // at a time, so they are copied a limb at a time: the compiler would merge
  // two limbs into one 16-byte load, which cannot take its data from the two
  // 8-byte stores just made and waits for them to reach the cache.
  [[gnu::always_inline]] static void copy_limbs(const uint64_t* from, int n, uint64_t* to) {
    if (n <= 2) {
      uint64_t low = from[0], high = n == 2 ? from[1] : 0;
      asm("" : "+r"(low), "+r"(high));  // two general registers, not one vector
      to[0] = low;
      if (n == 2) to[1] = high;
      return;
    }
    for (int i = 0; i < n; ++i) to[i] = from[i];
  }

  // A trip's loads and stores of a memory, against its storage's ports; an
  // argument's, against one read and one write channel a cycle.
  // Called for a side's second access in a trip, or every access of a
  // memory whose sides share ports.
  void check_storage(const detail::SimStorage& s, int port) {
    if (!clock_.in_trip()) return;
    const Storage kind = s.memory ? s.storage : Storage::simple_dual_port;
    if (s.shared) [[unlikely]]
      return check_shared(s, kind);
    if (!fits(kind, clock_.reads_in_trip(port), clock_.writes_in_trip(port), clock_.ii())) [[unlikely]]
      over_budget_ = true;
  }
  // Ports bound to one memory or argument share its ports (an m_axi bundle
  // has one read and one write channel, however many ports reach it).
  void check_shared(const detail::SimStorage& s, Storage kind) {
    const auto [reads, writes] = uses_of(s.buffer);
    if (!fits(kind, reads, writes, clock_.ii())) over_budget_ = true;
  }
  std::pair<int64_t, int64_t> uses_of(const Buffer* buffer) const {
    int64_t reads = 0, writes = 0;
    for (size_t k = 0; k < storage_of_.size(); ++k)
      if (storage_of_[k].buffer == buffer) {
        reads += clock_.reads_in_trip(static_cast<int>(k));
        writes += clock_.writes_in_trip(static_cast<int>(k));
      }
    return {reads, writes};
  }
  [[noreturn, gnu::cold, gnu::noinline]] void over_budget();
  [[noreturn, gnu::cold, gnu::noinline]] void nested_trip(int line);
  [[noreturn, gnu::cold, gnu::noinline]] void entry_in_trip();
  [[noreturn, gnu::cold, gnu::noinline]] void wait_outside_protocol(int line);

  // Tells the trace of an access (trace.h): a trip's end first, if the
  // access follows one outside it.
  void record_event(ProcessTrace::Op op, int port) {
    if (open_trip_ && !clock_.in_trip()) trace_->add(ProcessTrace::kEndTrip), open_trip_ = false;
    trace_->add(op, port);
  }
  // What an access turned out to be, once its storage said (a register, an
  // argument's burst): the event just recorded, retold.
  void retell(ProcessTrace::Op op) {
    if (trace_ != nullptr) trace_->retell(op);
  }
  [[gnu::cold, gnu::noinline]] void record_trip(int line) {
    if (limit_ == INT64_MIN) past_limit(-1, ProcessTrace::kTrip);  // the cycle alarm, while recording
    trace_->trip(line);
    open_trip_ = true;
  }

  // Whether f shows a word to a read at `at`: its head's write plus the
  // read-after-write delay has passed. With none, whether the writer can
  // still write one that is in view by then.
  bool word_in_view(detail::SimFifo& f, int port, int64_t at) {
    while (f.times.empty()) {
      if (f.writer == nullptr || scheduler_.horizon(*f.writer) > at - f.read_after_write) return false;
      if (scheduler_.park(*this, f, port, at, false)) return false;
    }
    return f.times.next_written_at() + f.read_after_write <= at;
  }
  // Whether f shows a free slot to a write at `at`: the read that freed it
  // plus the write-after-read delay has passed (none to wait for before
  // `depth` words). Full, whether the reader can still free one by then.
  bool slot_in_view(detail::SimFifo& f, int port, int64_t at) {
    while (f.times.full()) {
      if (f.reader == nullptr || scheduler_.horizon(*f.reader) > at - kWriteAfterRead) return false;
      if (scheduler_.park(*this, f, port, at, true)) return false;
    }
    return f.times.writes() < f.times.depth() || f.times.slot_free_at() + kWriteAfterRead <= at;
  }
  // An access at `at` on a side of a FIFO some parked process was answered
  // for on trust (Simulation::release_parked) must not come before what
  // that answer assumed: if it does, the answer was wrong, and the run stops.
  [[gnu::always_inline]] void kept(const detail::SimFifo::Promise& p, int port, int64_t at) {
    if (at < p.before) [[unlikely]]
      broken_promise(p, port, at);
  }
  [[noreturn, gnu::cold, gnu::noinline]] void broken_promise(const detail::SimFifo::Promise& p, int port, int64_t at) {
    scheduler_.fail(*this, "stage-order", port,
                    "is accessed at cycle " + std::to_string(at) + ", but process '" + p.to +
                        "' was answered for its non-blocking access at cycle " + std::to_string(p.at) +
                        " as if no access on this side came before cycle " + std::to_string(p.before) +
                        ": this access follows, in the body's source order, one of this iteration's at a later "
                        "stage, and the simulator runs an iteration's accesses in source order. Write the body's "
                        "accesses in the order of their stages (docs/timing.md, \"Non-blocking access\")");
    __builtin_unreachable();  // fail() does not return
  }
  bool polled(int port, bool ok) {
    if (ok) return failed_polls_ = 0, true;
    if (failed_polls_ == 0 || poll_port_ != port) poll_port_ = port, failed_polls_ = 0;
    ++failed_polls_;
    return false;
  }

  // `op` is what the access is, for a trace.
  [[gnu::always_inline]] void step(int port, ProcessTrace::Op op) {
    if (++steps_ > step_limit_) [[unlikely]]
      past_limit(port, op);
    // Every access from here on is at the current issue or later, so no
    // stall can move a held word before it.
    if (guarded_ && !held_.empty()) [[unlikely]]
      release_held(clock_.now());
  }
  // A stream access of a guarded process (guard()): the same access, and
  // what the common one leaves out: a word held back by its writer's
  // stalled pipeline is not there yet, a word this process writes under stp
  // is held, and an access on a side some answer given on trust relied on
  // is checked against that answer (kept()).
  [[gnu::noinline]] void guarded_read(detail::SimFifo& f, int port, uint64_t* limbs, int limb_count) {
    while (f.times.empty() || f.times.reads() >= f.frozen_from) [[unlikely]]
      blocked(f, port, false);
    assert(static_cast<int>(f.stride) == limb_count);
    copy_limbs(f.ring.data() + f.times.head_slot() * static_cast<size_t>(limb_count), limb_count, limbs);
    kept(f.no_read, port, f.read(clock_, port));
    wake_waiter(f);
  }
  [[gnu::noinline]] void guarded_write(detail::SimFifo& f, int port, const uint64_t* limbs, int limb_count) {
    while (f.times.full()) [[unlikely]]
      blocked(f, port, true);
    assert(static_cast<int>(f.stride) == limb_count);
    f.make_room();
    copy_limbs(limbs, limb_count, f.ring.data() + f.times.tail_slot() * static_cast<size_t>(limb_count));
    const int64_t at = f.write(clock_, port);
    kept(f.no_write, port, at);
    if (stalling_) return hold(f, at);
    wake_waiter(f);
  }
  [[gnu::always_inline]] void wake_waiter(detail::SimFifo& f) {
    if (f.waiter == nullptr) [[likely]]
      return;
    SimProcess* waiter = f.waiter;
    f.waiter = nullptr;
    scheduler_.wake(*waiter);
  }

  // An access to an unbound port is an error before it is a step.
  // `port` is the access's, or -1 at a trip's start.
  // While recording, every access comes here: within the limit it is recorded.
  [[gnu::cold, gnu::noinline]] void past_limit(int port, ProcessTrace::Op op) {
    // Recording reaches here mid-trip too; the coupled run refuses a trip over
    // its budget only once it has ended (end_trip), or when it blocks.
    if (over_budget_ && (trace_ == nullptr || !clock_.in_trip())) over_budget();
    if (port >= 0 && fifo_of_[static_cast<size_t>(port)] == unbound_ && !storage_of_[static_cast<size_t>(port)].bound)
      unbound(port);
    if (trace_ != nullptr && steps_ <= limit_ && port >= 0) {
      record_event(op, port);
      step_limit_ = steps_;
      return;
    }
    scheduler_.out_of_bounds(*this);
  }
  [[gnu::cold, gnu::noinline]] void blocked(detail::SimFifo& f, int port, bool on_full) {
    if (&f == unbound_) unbound(port);
    // A trip already over its budget is refused now: waiting could end in a
    // deadlock report that hides it.
    if (over_budget_ || clock_.over_budget()) over_budget();
    // Waiting, the pipeline stalls at the access's cycle, and the next trip
    // begins no sooner than II on: what was due before both leaves. So do
    // the words held in the FIFO a write waits on, whose slots it needs:
    // their cycles are before its own, and the trip that could still hold
    // them back comes after it in the body's order (docs/timing.md, "Pipeline styles").
    if (!held_.empty())
      release_held(std::min(clock_.next_cycle(port, on_full), clock_.now() + clock_.ii()), on_full ? &f : nullptr);
    scheduler_.block(*this, f, port, on_full);
  }
  // Under stp: the word just written at `at`, the FIFO's last, is held.
  [[gnu::cold, gnu::noinline]] void hold(detail::SimFifo& f, int64_t at) {
    const int64_t index = f.times.writes() - 1;
    f.frozen_from = std::min(f.frozen_from, index);
    held_.push_back({&f, index, at});
  }
  // A stall from cycle `from` for `cycles`: every held word at or after it leaves that much later.
  void frozen(int64_t from, int64_t cycles) override {
    for (Held& h : held_)
      if (h.at >= from) {
        h.at += cycles;
        h.fifo->times.rewrite(h.index, h.at);
      }
  }
  // Every held word due before `before`, and every one in `fifo`, leaves as
  // it stands: its reader may take it.
  [[gnu::cold, gnu::noinline]] void release_held(int64_t before, const detail::SimFifo* fifo = nullptr) {
    size_t kept_held = 0;
    for (const Held& h : held_)
      if (h.at >= before && h.fifo != fifo) held_[kept_held++] = h;
    if (kept_held == held_.size()) return;
    held_.resize(kept_held);
    // A FIFO's held words are its last ones: each now holds from its first still held.
    for (detail::SimFifo* f : written_fifos_) f->frozen_from = INT64_MAX;
    for (const Held& h : held_) h.fifo->frozen_from = std::min(h.fifo->frozen_from, h.index);
    for (detail::SimFifo* f : written_fifos_) wake_waiter(*f);
  }
  [[noreturn, gnu::cold, gnu::noinline]] void bad_row(int port, int64_t row, const char* verb) {
    const detail::SimStorage& s = storage_of_[static_cast<size_t>(port)];
    if (!s.bound) unbound(port);
    scheduler_.fail(*this, "row-out-of-range", port,
                    std::string(verb) + " of row " + std::to_string(row) + ", outside its " + std::to_string(s.rows) +
                        " rows");
    __builtin_unreachable();  // fail() does not return
  }
  [[noreturn, gnu::cold, gnu::noinline]] void bad_element(int port, int64_t element) {
    const int first = unit_.slot(port, 0);
    const int count = unit_.first_slot.empty() ? 1 : unit_.first_slot[static_cast<size_t>(port) + 1] - first;
    scheduler_.fail(*this, "element-out-of-range", -1,
                    "uses element " + std::to_string(element) + " of port array '" + unit_.ports[static_cast<size_t>(first)].name +
                        "', outside its " + std::to_string(count) + " elements");
    __builtin_unreachable();  // fail() does not return
  }
  [[noreturn, gnu::cold, gnu::noinline]] void unbound(int port) {
    --steps_;  // not an access: the body asked for one the region cannot serve
    scheduler_.fail(*this, "unbound-port", port,
                    "is used by the body, but the architecture binds it to nothing for this instance");
    __builtin_unreachable();  // fail() does not return
  }

  // A memory that declares a write latency, or registers; or an argument.
  [[gnu::noinline]] void timed_load(detail::SimStorage& s, int port, int64_t row, uint64_t* limbs, int limb_count) {
    if (s.write_latency > 0) s.land(mem_iteration(port, 0));
    copy_limbs(s.base + row * limb_count, limb_count, limbs);
    if (!s.memory) return argument_load(s, port, row);
    if (s.registers()) return retell(ProcessTrace::kStep);
    if (clock_.load(port) > 0 || s.check_each || (s.two_sided && clock_.writes_in_trip(port) > 0))
      check_storage(s, port);
  }
  [[gnu::noinline]] void timed_store(detail::SimStorage& s, int port, int64_t row, const uint64_t* limbs, int limb_count) {
    if (s.write_latency > 0) {
      const int64_t issued = mem_iteration(port, 1);
      s.land(issued);
      s.in_flight.push_back({row, issued + s.write_latency, std::vector<uint64_t>(limbs, limbs + limb_count)});
    } else {
      copy_limbs(limbs, limb_count, s.base + row * limb_count);
    }
    if (!s.memory) return argument_store(s, port);
    if (s.registers()) {
      // Outside a trip, a register takes one write an iteration: a second starts the next.
      int64_t& written = s.written_in[static_cast<size_t>(row)];
      retell(written == clock_.iterations() ? ProcessTrace::kRewire : ProcessTrace::kWire);
      clock_.wire(written == clock_.iterations());
      written = clock_.iterations();
    } else if (clock_.store(port) > 0 || s.check_each || (s.two_sided && clock_.reads_in_trip(port) > 0)) {
      check_storage(s, port);
    }
  }
  // An argument's read and write: the II budget here, the timing in SimAxi.
  void argument_load(detail::SimStorage& s, int port, int64_t row) {
    // A scalar's input is a wire: any number of reads a cycle, none timed.
    if (s.axi == nullptr) return retell(ProcessTrace::kStep);
    const int64_t k = clock_.load(port);
    if (k > 0 || s.check_each) check_storage(s, port);
    const ProcessTrace::Op kind = s.axi->classify(clock_, row);
    retell(kind);
    s.axi->read(clock_, port, k, kind);
  }
  void argument_store(detail::SimStorage& s, int port) {
    const int64_t k = clock_.store(port);
    if (k > 0 || s.check_each) check_storage(s, port);
    // A scalar's output: one write a cycle on its data port, no response.
    if (s.axi == nullptr) return retell(ProcessTrace::kStore);
    retell(ProcessTrace::kArgStore);
    s.axi->write(clock_, port, k);
  }

  // The memory iteration of an access to `side` (0 load, 1 store) of `port`:
  // the trip's, or outside a trip, a second access to one side within an
  // iteration starts the next.
  int64_t mem_iteration(int port, int side) {
    int64_t& last = mem_touched_[2 * static_cast<size_t>(port) + static_cast<size_t>(side)];
    if (last == iteration_ && !clock_.in_trip()) ++iteration_;
    last = iteration_;
    return iteration_;
  }

  ProcessClock clock_;  // first, as the body's accesses touch it most
  int protocols_ = 0;   // LOOM_PROTOCOL regions open
  detail::Scheduler& scheduler_;
  const UnitModel& unit_;
  std::vector<int64_t> params_;
  int64_t steps_ = 0;
  int64_t step_limit_ = INT64_MAX;
  // What each port is bound to, resolved once.
  std::vector<detail::SimFifo*> fifo_of_;
  std::vector<detail::SimStorage> storage_of_;
  detail::SimFifo* unbound_ = nullptr;
  // The pipelined loop's iteration, and when each memory port's load and store
  // sides were last touched in it.
  int64_t iteration_ = 0;
  int trip_line_ = 0;         // where the current or last trip's loop is marked
  bool over_budget_ = false;  // the current or last trip made more accesses than its II gives
  std::vector<int64_t> mem_touched_;
  int poll_port_ = -1;             // see polling_port()
  int64_t failed_polls_ = 0;
  ProcessTrace* trace_ = nullptr;  // recording, for the trace engine
  int64_t limit_ = INT64_MAX;      // while recording, the step limit the watchdog sets
  bool open_trip_ = false;         // the trace's last trip has not been ended in it
  // Under stp (run_stalled): the words written that a stall may still hold
  // back, and the FIFOs this process writes.
  struct Held {
    detail::SimFifo* fifo;
    int64_t index;  // the word's, among the FIFO's writes
    int64_t at;     // its write's cycle so far
  };
  bool stalling_ = false;
  // Its stream accesses take the guarded path (guarded_read, guarded_write):
  // it runs stalled, or some answer given on trust relies on its accesses.
  bool guarded_ = false;
  std::vector<Held> held_;
  std::vector<detail::SimFifo*> written_fifos_;
};

}  // namespace loom
