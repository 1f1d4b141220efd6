// The coupled engine (engine.h): every process on a fiber of its own, each
// running until it blocks and handing the thread straight to the next ready
// one, with each access timed as its body makes it. The run ends through
// end_run (run_end.h); simulate() checks a request (validate_inputs.cc) and
// hands it to the engine the options name; record_run() is the trace
// engine's functional run, this engine's at unbounded depths.
#include "compose/sim/simulator.h"

#include "compose/sim/body_entry.h"
#include "compose/sim/clock_for.h"
#include "compose/sim/process.h"
#include "compose/sim/run_end.h"
#include "compose/sim/subscribers.h"
#include "compose/sim/trace_engine.h"

#include <algorithm>
#include <cassert>
#include <exception>
#include <memory>
#include <optional>
#include <utility>

#include "compose/sim/control_timing.h"
#include "compose/sim/fiber.h"

namespace loom {
namespace {

// Unwinds a body when the run must stop inside it (a bad access, the watchdog),
// and every body still suspended when the run is over. Bodies never catch.
struct Stop {};

class Simulation;

// One process instance running on its own fiber.
class Task final : public SimProcess {
 public:
  using State = ProcessEnd::State;
  static constexpr State ready = ProcessEnd::ready, blocked = ProcessEnd::blocked, finished = ProcessEnd::finished,
                         stopped = ProcessEnd::stopped;

  Task(Simulation& sim, int id, const loom::Process& decl);

  // Resolves ports to the simulation's FIFOs and buffers, which must not move after.
  void bind_ports();

  // What the run drives (SimProcess's protected part), for the Simulation.
  using SimProcess::clock;
  using SimProcess::record_into;
  using SimProcess::run_stalled;
  using SimProcess::set_step_limit;
  using SimProcess::steps;
  using SimProcess::failed_polls;
  using SimProcess::guard;
  using SimProcess::polling_port;
  using SimProcess::unit;

  int id;
  const loom::Process& decl;
  State state = ready;
  bool queued = false;
  int blocked_port = -1;
  bool blocked_on_full = false;
  // Parked on a non-blocking access (Scheduler::park): on which FIFO, at
  // which cycle, and whether the simulation has since proved its answer.
  detail::SimFifo* parked_on = nullptr;
  int64_t parked_at = 0;
  bool proved = false;
  Fiber fiber;                  // its body's stack and, while suspended, where it resumes
  int64_t steps_at_resume = 0;  // its steps when last resumed, to add the run's count on leaving

 private:
  // The fiber's entry: the body, then the thread to whoever is next.
  static void run(void* task);
  // Bodies must not throw (HLS has no exceptions); if one does, the run stops
  // with a named error instead of the exception escaping the fiber.
  void body_threw(const std::string& what);

  Simulation& sim_;
};

// The processes hand the thread to one another directly, in the order they
// became ready, with one fiber switch each; the run's own fiber gets it back
// when none is ready or the run is stopping.
class Simulation final : public detail::Scheduler {
 public:
  // Records each process's trace into `traces`, if not null, at unbounded
  // depths (the trace engine's functional run).
  Simulation(const Region& region, const SimOptions& options, std::vector<ProcessTrace>* traces = nullptr)
      : region(region), options(options), traces_(traces), subscribers_(options.listeners, stop) {
    assert(std::find(options.listeners.begin(), options.listeners.end(), nullptr) == options.listeners.end());  // simulate() refuses it
    if (!options.listeners.empty()) events = &subscribers_;
  }

  SimResult run(const Inputs& inputs);

  void enqueue(Task& p) {
    if (p.queued) return;
    p.queued = true;
    size_t tail = ready_head_ + ready_count_;
    if (tail >= ready_.size()) tail -= ready_.size();
    ready_[tail] = &p;
    ++ready_count_;
  }
  void watchdog(const std::string& reason, int process) {
    tripped = process;
    if (result.outcome == SimResult::completed) {
      result.outcome = SimResult::watchdog;
      watchdog_reason = reason;
    }
    stop = true;
  }

  // Switches from `from` (null: the run's own fiber) to the next ready process,
  // or to the run's fiber when none is ready or the run is stopping; returns
  // when `from` is resumed.
  void hand_off(Task* from);
  // Leaves `t`, whose body has ended, for the next ready process or the run.
  [[noreturn]] void leave(Task& t);

  // Scheduler: what a process cannot do by itself.
  void block(SimProcess& p, detail::SimFifo& f, int port, bool on_full) override;
  void wake(SimProcess& p) override {
    Task& t = static_cast<Task&>(p);
    t.state = Task::ready;
    enqueue(t);
  }
  // The issue of q's current iteration, even while parked: a later access of
  // the iteration, after the parked one in source order, may take an earlier
  // stage than it (issue 58), so the parked access's cycle is no bound.
  int64_t horizon(const SimProcess& q) override { return horizon(static_cast<const Task&>(q), false); }
  bool park(SimProcess& p, detail::SimFifo& f, int port, int64_t at, bool on_full) override;
  [[noreturn]] void fail(SimProcess& p, const char* kind, int port, const std::string& message) override;
  [[noreturn]] void out_of_bounds(SimProcess& p) override;

  const Region& region;
  const SimOptions& options;
  SimListener* events = nullptr;  // the subscribers, or none
  std::vector<detail::SimFifo> fifos;
  detail::SimFifo unbound{1, 0};  // what an unbound port's accesses find: see SimProcess::bind
  std::vector<Buffer> memories, arguments;
  std::vector<std::unique_ptr<Task>> processes;
  int64_t steps = 0;  // of every process, as of when each last left the thread
  bool stop = false;
  std::string watchdog_reason;
  int tripped = -1;  // the process that ran past a watchdog bound
  SimResult result;

 private:
  // The next ready process, or null when none is or the run is stopping.
  Task* next_ready();
  // With none ready, resumes every parked process whose answer is now
  // proved; returns whether any was. The one parked at the earliest cycle
  // always is (docs/timing.md, "Non-blocking access").
  bool release_parked();
  // The earliest cycle `t` may yet access a FIFO at; `trusting` takes a
  // parked process at its word that nothing it does comes before its parked
  // access (what release_parked() falls back on, each reliance kept as a
  // Promise).
  int64_t horizon(const Task& t, bool trusting) const {
    if (t.state == Task::finished || t.state == Task::stopped) return INT64_MAX;
    return trusting && t.parked_on != nullptr ? t.parked_at : t.clock().now();
  }
  // The earliest cycle process `id` may access a FIFO at, with none ready:
  // a blocked process's, past its FIFO's other side's by that FIFO's delay,
  // less how far into its iteration the blocked access may be, unless
  // `trusting` (the access after it in source order may take an earlier stage).
  int64_t lower_bound(size_t id, std::vector<int64_t>& memo, std::vector<char>& visiting, bool trusting);
  // Releases every parked process whose answer the bounds prove; returns whether any was.
  bool release_proved(bool trusting);
  int parked_ = 0;  // processes parked now
  // The FIFO process t's port is bound to, or null.
  const detail::SimFifo* fifo_of(const Task& t, int port) const {
    const Target& target = t.decl.ports[static_cast<size_t>(port)];
    return target.bound() && target.kind == ObjectKind::channel ? &fifos[static_cast<size_t>(target.id)] : nullptr;
  }
  // What the watchdog says of processes whose last non-blocking accesses
  // all failed: a poll that may never be satisfied, and why.
  std::vector<std::string> polls() const;
  // A process takes the thread: its step limit is what is left of the run's.
  void resume(Task& t) {
    ++resumes_;
    t.steps_at_resume = t.steps();
    t.set_step_limit(t.clock().now() > options.max_cycles ? INT64_MIN
                                                       : t.steps() + (options.max_steps - steps));
  }
  // ...and leaves it.
  void suspend(Task& t) { steps += t.steps() - t.steps_at_resume; }
  // The statistics and report, from where the processes were left.
  void conclude();
  // Resumes every process suspended inside its body with the run stopping, so
  // that each unwinds to its entry before its stack is let go of.
  void unwind();

  // The ready processes, in the order they became ready: a ring as long as
  // the region has processes, since each is queued at most once.
  std::vector<ProcessTrace>* traces_;
  std::vector<Task*> ready_;
  size_t ready_head_ = 0, ready_count_ = 0;
  Subscribers subscribers_;
  Fiber main_;  // the run's own context, while a process runs
  int64_t resumes_ = 0;
};

std::vector<int64_t> params_of(const Region& region, const loom::Process& decl) {
  std::vector<int64_t> out;
  for (const std::string& name : decl.unit->params) out.push_back(region.params[name]);
  return out;
}

Task::Task(Simulation& sim, int id, const loom::Process& decl)
    : SimProcess(sim, *decl.unit, clock_for(sim.region, id, sim.events), params_of(sim.region, decl),
                 sim.options.max_cycles),
      id(id), decl(decl), fiber(sim.options.stack_bytes, &Task::run, this), sim_(sim) {}

void Task::run(void* task) {
  Task& t = *static_cast<Task*>(task);
  try {
    t.decl.unit->entry<SimBody>(kSimulatorBackend)(t, t.decl.index);
    t.finish_body();
    t.drain();
    t.state = finished;
  } catch (const Stop&) {
    t.state = stopped;
  } catch (const std::exception& e) {
    t.body_threw(e.what());
  } catch (...) {
    t.body_threw("an exception that is not a std::exception");
  }
  t.sim_.leave(t);
}

Task* Simulation::next_ready() {
  for (;;) {
    while (ready_count_ > 0 && !stop) {
      Task* p = ready_[ready_head_];
      if (++ready_head_ == ready_.size()) ready_head_ = 0;
      --ready_count_;
      p->queued = false;
      if (p->state == Task::ready) return p;
    }
    if (stop || parked_ == 0 || !release_parked()) return nullptr;
  }
}

int64_t Simulation::lower_bound(size_t id, std::vector<int64_t>& memo, std::vector<char>& visiting, bool trusting) {
  if (memo[id] != INT64_MIN) return memo[id];
  const Task& t = *processes[id];
  int64_t bound = horizon(t, trusting);
  if (t.state == Task::blocked && t.parked_on == nullptr && t.blocked_port >= 0) {
    // Blocked: its next access is its blocked one, which waits on the other
    // side's next; a cycle of blocked processes never accesses again.
    const detail::SimFifo* f = fifo_of(t, t.blocked_port);
    const SimProcess* other = f == nullptr ? nullptr : t.blocked_on_full ? f->reader : f->writer;
    if (other == nullptr || visiting[id]) {
      bound = INT64_MAX;
    } else {
      visiting[id] = 1;
      const int64_t after =
          lower_bound(static_cast<size_t>(static_cast<const Task*>(other)->id), memo, visiting, trusting);
      visiting[id] = 0;
      const int64_t delay = t.blocked_on_full ? kWriteAfterRead : f->read_after_write;
      const int64_t reach = trusting ? 0 : t.clock().reach();
      bound = after == INT64_MAX ? INT64_MAX : std::max(bound, after + delay - reach);
    }
  }
  return memo[id] = bound;
}

bool Simulation::release_parked() {
  if (release_proved(false)) return true;
  // Nothing is proved without trusting parked processes (each waits on what
  // another may do earlier in its iteration): trusted, the earliest parked
  // one's other side cannot act before it. Each answer given so is kept as a
  // promise on its FIFO, and an access that breaks one stops the run by name
  // (SimProcess::broken_promise) rather than let the wrong answer stand.
  const bool any = release_proved(true);
  assert(any);  // the earliest parked process's other side cannot act before it
  return any;
}

bool Simulation::release_proved(bool trusting) {
  std::vector<int64_t> memo(processes.size(), INT64_MIN);
  std::vector<char> visiting(processes.size(), 0);
  bool any = false;
  for (const auto& p : processes) {
    Task& t = *p;
    if (t.parked_on == nullptr || t.state != Task::blocked) continue;
    detail::SimFifo& f = *t.parked_on;
    SimProcess* other = t.blocked_on_full ? f.reader : f.writer;
    const int64_t delay = t.blocked_on_full ? kWriteAfterRead : f.read_after_write;
    const int64_t next = other == nullptr ? INT64_MAX
                                          : lower_bound(static_cast<size_t>(static_cast<const Task*>(other)->id), memo,
                                                        visiting, trusting);
    if (next != INT64_MAX && next + delay <= t.parked_at) continue;
    if (trusting) {
      f.promise(t.blocked_on_full, t.parked_at - delay + 1, t.decl.name(), t.parked_at);
      if (other != nullptr) static_cast<Task*>(other)->guard();
    }
    t.proved = true;
    wake(t);
    any = true;
  }
  return any;
}

bool Simulation::park(SimProcess& p, detail::SimFifo& f, int port, int64_t at, bool on_full) {
  Task& t = static_cast<Task&>(p);
  t.state = Task::blocked;
  t.blocked_port = port;
  t.blocked_on_full = on_full;
  t.parked_on = &f;
  t.parked_at = at;
  t.proved = false;
  f.waiter = &t;
  ++parked_;
  hand_off(&t);
  --parked_;
  t.parked_on = nullptr;
  if (f.waiter == &t) f.waiter = nullptr;
  if (stop) throw Stop{};
  return t.proved;
}

void Simulation::hand_off(Task* from) {
  if (from != nullptr) suspend(*from);
  Task* next = next_ready();
  if (next == nullptr && from == nullptr) return;
  if (next != nullptr) resume(*next);
  // A process that parked with none ready may be the one release_parked()
  // proves at once (a blocked process's bound looks past its now()): it goes on.
  if (next == from) return;
  Fiber::switch_to(from != nullptr ? from->fiber : main_, next != nullptr ? next->fiber : main_);
}

void Simulation::leave(Task& t) {
  suspend(t);
  Task* next = next_ready();
  if (next != nullptr) resume(*next);
  Fiber::exit_to(t.fiber, next != nullptr ? next->fiber : main_);
}

void Simulation::unwind() {
  stop = true;
  for (const auto& p : processes)
    if (p->fiber.started() && (p->state == Task::ready || p->state == Task::blocked)) Fiber::switch_to(main_, p->fiber);
}

void Simulation::fail(SimProcess& p, const char* kind, int port, const std::string& message) {
  const Task& t = static_cast<const Task&>(p);
  result.outcome = SimResult::error;
  result.errors.add(kind, port >= 0 ? region.where({t.id, port}) : "unit '" + t.decl.name() + "'", message);
  stop = true;
  throw Stop{};
}

std::vector<std::string> Simulation::polls() const {
  std::vector<std::string> out;
  for (const auto& p : processes) {
    if (p->failed_polls() == 0) continue;
    const int port = p->polling_port();
    const Target& target = p->decl.ports[static_cast<size_t>(port)];
    const bool reads = p->unit().ports[static_cast<size_t>(port)].kind == PortKind::reads;
    std::string other = "its other side";
    if (target.bound() && target.kind == ObjectKind::channel) {
      const ChannelInstance& c = region.channels[static_cast<size_t>(target.id)];
      const Endpoint& e = reads ? c.writer : c.reader;
      const Task* side = e.process >= 0 ? processes[static_cast<size_t>(e.process)].get() : nullptr;
      other = std::string(reads ? "its writer" : "its reader") +
              (side == nullptr ? " is unbound"
                               : " '" + side->decl.name() + "' " +
                                     (side->state == Task::finished ? "has finished" : "is still running"));
      const int64_t n = p->failed_polls();
      out.push_back(region.where({p->id, port}) + " polled channel '" + c.label() + "' " + std::to_string(n) +
                    (n == 1 ? " time" : " times") + " in a row and found it " + (reads ? "empty" : "full") + " (" +
                    other + ")");
    }
  }
  return out;
}

void Simulation::out_of_bounds(SimProcess& p) {
  const Task& t = static_cast<const Task&>(p);
  watchdog(loom::watchdog_reason(region, t.id, steps + t.steps() - t.steps_at_resume, options), t.id);
  throw Stop{};
}

void Task::body_threw(const std::string& what) {
  state = stopped;
  // A trip over its budget before the throw is what the run reports.
  try {
    finish_body();
  } catch (const Stop&) {
    return;
  }
  sim_.result.outcome = SimResult::error;
  sim_.result.errors.add("body-threw", "unit '" + decl.name() + "'", "its body threw: " + what);
  sim_.stop = true;
}

void Task::bind_ports() {
  std::vector<detail::SimFifo*> fifos;
  std::vector<detail::SimStorage> storage;
  for (const Target& t : decl.ports) {
    const size_t id = static_cast<size_t>(t.id);
    fifos.push_back(t.bound() && t.kind == ObjectKind::channel ? &sim_.fifos[id] : &sim_.unbound);
    detail::SimStorage s;
    if (t.bound() && t.kind == ObjectKind::memory) {
      s.buffer = &sim_.memories[id];
      s.memory = true;
      s.write_latency = sim_.region.memories[id].write_latency;
      s.storage = sim_.region.memories[id].storage;
      if (s.registers()) s.written_in.assign(static_cast<size_t>(sim_.region.memories[id].rows), -1);
    } else if (t.bound() && t.kind == ObjectKind::argument) {
      s.buffer = &sim_.arguments[id];
      const ArgumentInstance& a = sim_.region.arguments[id];
      if (a.protocol == Protocol::m_axi) {
        s.axi = std::make_unique<detail::SimAxi>(a.axi, a.word.bits());
      } else if (a.protocol == Protocol::ap_memory) {
        // A RAM outside the kernel: timed as a memory of that storage, its
        // read latency the clock's (clock_for.h).
        s.memory = true;
        s.storage = a.ram.storage;
      }  // else a scalar's wires: no axi, no memory (process.h)
    }
    if (s.buffer != nullptr) {
      s.bound = true;
      s.base = s.buffer->row(0);
      s.rows = s.buffer->rows();
      s.timed = s.write_latency > 0 || s.registers() || !s.memory;
    }
    storage.push_back(std::move(s));
  }
  bind(std::move(fifos), std::move(storage), &sim_.unbound);
}

void Simulation::block(SimProcess& p, detail::SimFifo& f, int port, bool on_full) {
  Task& t = static_cast<Task&>(p);
  t.state = Task::blocked;
  t.blocked_port = port;
  t.blocked_on_full = on_full;
  f.waiter = &t;
  hand_off(&t);
  if (stop) throw Stop{};
}

SimResult Simulation::run(const Inputs& inputs) {
  if (events != nullptr) events->on_begin(region);
  fifos.reserve(region.channels.size());
  for (size_t c = 0; c < region.channels.size(); ++c) {
    const int64_t depth = traces_ != nullptr        ? kUnboundedDepth
                          : options.depths.empty() ? region.channels[c].depth
                                                   : options.depths[c];
    fifos.emplace_back(region.channels[c].word.bits(), depth);
    if (events != nullptr && events->wants_words()) fifos.back().times.report_words(events, fifos.size() - 1);
  }
  for (const MemoryInstance& m : region.memories) memories.emplace_back(m.word, m.rows);
  for (const ArgumentInstance& a : region.arguments) {
    auto given = inputs.find(a.name);
    arguments.push_back(given != inputs.end() ? given->second : Buffer(a.word, a.size));
  }
  ready_.assign(region.processes.size(), nullptr);
  // A stalled pipeline holds its words back until the stalls that may move
  // them are known; a non-blocking access must see each word as it is
  // written, so a region with one keeps the flushable style (docs/timing.md).
  bool stalled = options.pipeline_style == SimOptions::PipelineStyle::stp && traces_ == nullptr;
  for (const loom::Process& p : region.processes)
    for (const PortInfo& port : p.unit->ports) stalled = stalled && !port.nonblocking;
  for (size_t i = 0; i < region.processes.size(); ++i) {
    processes.push_back(std::make_unique<Task>(*this, static_cast<int>(i), region.processes[i]));
    processes.back()->bind_ports();
    if (stalled) processes.back()->run_stalled();
    if (traces_ != nullptr) processes.back()->record_into(&(*traces_)[i], options.max_cycles);
    enqueue(*processes.back());
  }

  // Each ready process runs until it blocks or ends, in a fixed order, and
  // hands the thread on; it comes back here when none is ready.
  hand_off(nullptr);

  conclude();
  unwind();
  processes.clear();
  if (events != nullptr) events->on_end(result);
  if (subscribers_.failure()) {
    result.outcome = SimResult::error;
    result.errors.add(*subscribers_.failure());
  }
  return std::move(result);
}

void Simulation::conclude() {
  result.steps = steps;
  result.resumes = resumes_;
  std::vector<ProcessEnd> ends;
  for (const auto& p : processes) {
    ends.push_back({p->state, p->blocked_port, p->blocked_on_full, &p->clock(), p->steps()});
    // A trace ends where its process was left: only a blocked one waits for
    // good, since at unbounded depths only a read blocks.
    if (traces_ != nullptr)
      (*traces_)[static_cast<size_t>(p->id)].end(p->state == Task::finished ? ProcessTrace::kReturned
                                                 : p->state == Task::blocked && result.outcome == SimResult::completed
                                                     ? ProcessTrace::kWaits
                                                     : ProcessTrace::kCut);
  }
  std::vector<const TimedFifo*> timed;
  for (const detail::SimFifo& f : fifos) timed.push_back(&f);
  end_run(region, ends, timed, watchdog_reason, tripped, events, result);
  if (result.report) result.report->polls = polls();
  for (size_t a = 0; a < region.arguments.size(); ++a) result.arguments[region.arguments[a].name] = arguments[a];
}

class CoupledEngine final : public SimEngine {
 public:
  const char* name() const override { return "coupled"; }
  SimResult run(const Region& region, const Inputs& inputs, const SimOptions& options) const override {
    Simulation sim(region, options);
    return sim.run(inputs);
  }
};

}  // namespace

const SimEngine& coupled_engine() {
  static const CoupledEngine engine;
  return engine;
}

RecordedRun record_run(const Region& region, const Inputs& inputs, const SimOptions& options) {
  RecordedRun out;
  out.traces.resize(region.processes.size());
  Simulation sim(region, options, &out.traces);
  out.unbounded = sim.run(inputs);
  return out;
}

Result<SimResult> simulate(const Region& region, const Inputs& inputs, const SimOptions& options) {
  if (Status status = check_run(region, inputs, options); !status.ok()) return status;
  if (options.engine == SimOptions::Engine::trace)
    if (Status status = check_kahn(region, "the trace engine"); !status.ok()) return status;
  const SimEngine& engine = options.engine == SimOptions::Engine::trace ? trace_engine() : coupled_engine();
  return engine.run(region, inputs, options);
}

}  // namespace loom
