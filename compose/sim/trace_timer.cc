// The trace timer (trace_engine.h): every process's trace replayed through
// the same clock, FIFO and interface timing the coupled simulator uses
// (process_clock.h, timed_fifo.h, SimAxi), with its scheduler's order, and
// no body, data or fiber.
#include <cassert>
#include <memory>

#include "compose/sim/clock_for.h"
#include "compose/sim/control_timing.h"
#include "compose/sim/internal/sim_axi.h"
#include "compose/sim/run_end.h"
#include "compose/sim/subscribers.h"
#include "compose/sim/timed_fifo.h"
#include "compose/sim/trace_engine.h"

namespace loom {
namespace {

struct TimerFifo : TimedFifo {
  using TimedFifo::TimedFifo;
  int waiter = -1;  // the process blocked on it
};

struct TimedProcess {
  TimedProcess(const Region& region, int id, const SimOptions& options, SimListener* events, const ProcessTrace& trace)
      : clock(clock_for(region, id, events)), reader(trace), ending(trace.ending()) {
    clock.set_alarm(options.max_cycles, &step_limit);
  }
  ProcessClock clock;
  ProcessTrace::Reader reader;
  ProcessTrace::Ending ending;
  std::vector<int> channel_of;                // per port: its channel, or -1
  std::vector<std::unique_ptr<detail::SimAxi>> axi;  // per port: an argument's interface
  ProcessEnd::State state = ProcessEnd::ready;
  int blocked_port = -1;
  bool blocked_on_full = false;
  bool queued = false;
  // An access that blocked, stepped already, to retry when woken.
  bool pending = false;
  ProcessTrace::Op op = ProcessTrace::kEnd;
  int operand = 0;
  int64_t steps = 0, step_limit = INT64_MAX, steps_at_resume = 0;
};

bool is_access(ProcessTrace::Op op) { return op < ProcessTrace::kTrip; }

class Timer {
 public:
  Timer(const Region& region, const RecordedRun& recorded, const SimOptions& options, bool outcome_only)
      : region_(region), recorded_(recorded), options_(options), outcome_only_(outcome_only),
        subscribers_(options.listeners, listener_failed_) {
    if (!options.listeners.empty() && !outcome_only) events_ = &subscribers_;
  }

  std::optional<SimResult> run();

 private:
  void enqueue(int id) {
    TimedProcess& p = *processes_[static_cast<size_t>(id)];
    if (p.queued) return;
    p.queued = true;
    ready_.push_back(id);
  }
  void wake(TimerFifo& f) {
    if (f.waiter < 0) return;
    processes_[static_cast<size_t>(f.waiter)]->state = ProcessEnd::ready;
    enqueue(f.waiter);
    f.waiter = -1;
  }
  // Runs `p` until it blocks, returns, or the run stops.
  void advance(int id);
  void watchdog(int id) {
    const TimedProcess& p = *processes_[static_cast<size_t>(id)];
    tripped_ = id;
    if (result_.outcome == SimResult::completed) {
      result_.outcome = SimResult::watchdog;
      reason_ = watchdog_reason(region_, id, steps_ + p.steps - p.steps_at_resume, options_);
    }
    processes_[static_cast<size_t>(id)]->state = ProcessEnd::stopped;
    stop_ = true;
  }

  const Region& region_;
  const RecordedRun& recorded_;
  const SimOptions& options_;
  bool outcome_only_;
  bool stop_ = false;
  // A listener threw: as in the coupled run, the process running goes on
  // until it blocks or ends, and then the run stops.
  bool listener_failed_ = false;
  bool unknown_ = false;  // a trace ended where the functional run was cut
  Subscribers subscribers_;
  SimListener* events_ = nullptr;
  std::vector<TimerFifo> fifos_;
  std::vector<std::unique_ptr<TimedProcess>> processes_;
  std::vector<int> ready_;  // a queue: ready_[ready_head_..]
  size_t ready_head_ = 0;
  int64_t steps_ = 0, resumes_ = 0;
  std::string reason_;
  int tripped_ = -1;
  SimResult result_;
};

void Timer::advance(int id) {
  TimedProcess& p = *processes_[static_cast<size_t>(id)];
  while (!stop_) {
    if (!p.pending) {
      if (p.reader.done()) {
        // Only a cut trace ends without its body's end: a waiting one blocks
        // on its last access, which no run at any depths can serve either.
        assert(p.ending != ProcessTrace::kReturned);
        unknown_ = stop_ = true;
        return;
      }
      p.op = p.reader.next(p.operand);
      if (is_access(p.op) && ++p.steps > p.step_limit) return watchdog(id);
    }
    const int port = p.operand;
    switch (p.op) {
      case ProcessTrace::kRead:
      case ProcessTrace::kWrite: {
        TimerFifo& f = fifos_[static_cast<size_t>(p.channel_of[static_cast<size_t>(port)])];
        const bool on_full = p.op == ProcessTrace::kWrite;
        if (on_full ? f.times.full() : f.times.empty()) {
          p.pending = true;
          p.state = ProcessEnd::blocked;
          p.blocked_port = port;
          p.blocked_on_full = on_full;
          f.waiter = id;
          return;
        }
        p.pending = false;
        if (on_full) {
          f.times.grew();
          f.write(p.clock, port);
        } else {
          f.read(p.clock, port);
        }
        wake(f);
        break;
      }
      case ProcessTrace::kLoad: p.clock.load(port); break;
      case ProcessTrace::kStore: p.clock.store(port); break;
      case ProcessTrace::kStep: break;
      case ProcessTrace::kWire:
      case ProcessTrace::kRewire: p.clock.wire(p.op == ProcessTrace::kRewire); break;
      case ProcessTrace::kBurst:
      case ProcessTrace::kBurstNext:
      case ProcessTrace::kBeat: {
        const int64_t k = p.clock.load(port);
        p.axi[static_cast<size_t>(port)]->read(p.clock, port, k, p.op);
        break;
      }
      case ProcessTrace::kArgStore: {
        const int64_t k = p.clock.store(port);
        p.axi[static_cast<size_t>(port)]->write(p.clock, port, k);
        break;
      }
      case ProcessTrace::kTrip:
        if (p.clock.in_trip()) p.clock.end_trip();
        // A trip is a cycle's worth of time: the cycle watchdog stops a loop
        // that never steps at its next trip (SimProcess::begin_trip).
        if (p.step_limit == INT64_MIN) return watchdog(id);
        p.clock.begin_trip(port);
        break;
      case ProcessTrace::kEntry:
        if (port == ProcessTrace::kWaitMark) {
          p.clock.wait();
          break;
        }
        if (p.clock.in_trip()) p.clock.end_trip();
        p.clock.loop_entry();
        break;
      case ProcessTrace::kEndTrip: p.clock.end_trip(); break;
      case ProcessTrace::kEnd:
        if (p.clock.in_trip()) p.clock.end_trip();
        p.clock.end_body();
        p.state = ProcessEnd::finished;
        return;
    }
  }
}

std::optional<SimResult> Timer::run() {
  if (events_ != nullptr) events_->on_begin(region_);
  fifos_.reserve(region_.channels.size());
  for (size_t c = 0; c < region_.channels.size(); ++c) {
    fifos_.emplace_back(region_.channels[c].word.bits(),
                        options_.depths.empty() ? region_.channels[c].depth : options_.depths[c]);
    if (events_ != nullptr && events_->wants_words()) fifos_.back().times.report_words(events_, c);
    if (outcome_only_) fifos_.back().times.ignore_occupancy();
  }
  for (size_t i = 0; i < region_.processes.size(); ++i) {
    const Process& decl = region_.processes[i];
    auto p = std::make_unique<TimedProcess>(region_, static_cast<int>(i), options_, events_, recorded_.traces[i]);
    for (const Target& t : decl.ports) {
      p->channel_of.push_back(t.bound() && t.kind == ObjectKind::channel ? t.id : -1);
      p->axi.emplace_back();
      if (t.bound() && t.kind == ObjectKind::argument) {
        const ArgumentInstance& a = region_.arguments[static_cast<size_t>(t.id)];
        if (a.protocol == Protocol::m_axi) p->axi.back() = std::make_unique<detail::SimAxi>(a.axi, a.word.bits());
      }
    }
    processes_.push_back(std::move(p));
    enqueue(static_cast<int>(i));
  }

  // The coupled simulator's order: each ready process runs until it blocks
  // or ends, and the next in the order they became ready takes over.
  while (!stop_ && !listener_failed_ && ready_head_ < ready_.size()) {
    const int id = ready_[ready_head_++];
    TimedProcess& p = *processes_[static_cast<size_t>(id)];
    p.queued = false;
    if (p.state != ProcessEnd::ready) continue;
    ++resumes_;
    p.steps_at_resume = p.steps;
    p.step_limit = p.clock.now() > options_.max_cycles ? INT64_MIN : p.steps + (options_.max_steps - steps_);
    advance(id);
    steps_ += p.steps - p.steps_at_resume;
    if (ready_head_ > 4096 && 2 * ready_head_ > ready_.size())
      ready_.erase(ready_.begin(), ready_.begin() + static_cast<std::ptrdiff_t>(ready_head_)), ready_head_ = 0;
  }
  if (unknown_) return std::nullopt;
  if (outcome_only_) {
    bool all_finished = true;
    for (const auto& p : processes_) {
      all_finished = all_finished && p->state == ProcessEnd::finished;
      result_.cycles = std::max(result_.cycles, p->clock.finish());
    }
    if (result_.outcome == SimResult::completed && !all_finished) result_.outcome = SimResult::deadlock;
    if (!processes_.empty()) result_.cycles += region_done(region_.control);
    return std::move(result_);
  }

  result_.steps = steps_;
  result_.resumes = resumes_;
  std::vector<ProcessEnd> ends;
  for (const auto& p : processes_) ends.push_back({p->state, p->blocked_port, p->blocked_on_full, &p->clock, p->steps});
  std::vector<const TimedFifo*> timed;
  for (const TimerFifo& f : fifos_) timed.push_back(&f);
  end_run(region_, ends, timed, reason_, tripped_, events_, result_);
  if (result_.outcome == SimResult::completed) result_.arguments = recorded_.unbounded.arguments;
  if (events_ != nullptr) events_->on_end(result_);
  if (subscribers_.failure()) {
    result_.outcome = SimResult::error;
    result_.errors.add(*subscribers_.failure());
  }
  return std::move(result_);
}

}  // namespace

size_t RecordedRun::trace_bytes() const {
  size_t bytes = 0;
  for (const ProcessTrace& t : traces) bytes += t.bytes();
  return bytes;
}

std::optional<SimResult> time_trace(const Region& region, const RecordedRun& recorded, const SimOptions& options,
                                    bool outcome_only) {
  assert(recorded.traces.size() == region.processes.size());
  // A run an error stopped (a body that threw, a trip over its budget, a bad
  // row) is no depth's fault, and its traces end where the error struck: a
  // bounded run may meet it elsewhere first, so the traces cannot say.
  if (recorded.unbounded.outcome == SimResult::error) return std::nullopt;
  Timer timer(region, recorded, options, outcome_only);
  return timer.run();
}

namespace {

class TraceEngine final : public SimEngine {
 public:
  const char* name() const override { return "trace"; }
  SimResult run(const Region& region, const Inputs& inputs, const SimOptions& options) const override {
    SimOptions quiet = options;
    quiet.listeners.clear();  // they hear the timed run, not the functional one
    const RecordedRun recorded = record_run(region, inputs, quiet);
    if (std::optional<SimResult> timed = time_trace(region, recorded, options)) return std::move(*timed);
    return coupled_engine().run(region, inputs, options);
  }
};

}  // namespace

const SimEngine& trace_engine() {
  static const TraceEngine engine;
  return engine;
}

}  // namespace loom
