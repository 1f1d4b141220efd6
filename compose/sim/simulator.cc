#include "compose/sim/simulator.h"

#include "compose/sim/fifo_times.h"

#include <algorithm>
#include <boost/context/fiber.hpp>
#include <boost/context/protected_fixedsize_stack.hpp>
#include <cassert>
#include <deque>
#include <exception>
#include <memory>
#include <utility>

namespace loom {
namespace {

namespace ctx = boost::context;

// Unwinds a body when the run must stop inside it (a bad access, the watchdog).
// Bodies never catch; Boost.Context's own forced_unwind passes through untouched.
struct Stop {};

// Words are mostly one or two limbs: those skip the loop's setup, and a plain
// loop beats a call to memmove for the rest.
inline void copy_limbs(const uint64_t* from, int n, uint64_t* to) {
  if (n <= 2) {
    to[0] = from[0];
    if (n == 2) to[1] = from[1];
    return;
  }
  for (int i = 0; i < n; ++i) to[i] = from[i];
}

class Task;

// A bounded FIFO of words, with the cycle each word was written and read.
struct Fifo {
  const ChannelInstance* decl;
  unsigned stride;         // limbs per word
  std::vector<uint64_t> ring;  // depth words
  FifoTimes times;         // and the ring positions
  int64_t capacity = 0;    // the declared depth
  Task* waiter = nullptr;  // the one side blocked on it (both cannot be: it is not full and empty)

  explicit Fifo(const ChannelInstance& c)
      : decl(&c), stride(bits::limbs_for(static_cast<unsigned>(c.word.bits()))),
        ring(static_cast<size_t>(c.depth) * stride, 0), times(c.depth), capacity(c.depth) {}
  int64_t depth() const { return capacity; }
  int64_t size() const { return times.writes() - times.reads(); }
  uint64_t* slot(size_t s) { return ring.data() + s * stride; }
};

class Simulation;

// One process instance running on its own fiber: the Io its body's Context calls.
class Task final : public Io {
 public:
  enum State { ready, blocked, finished, stopped };

  Task(Simulation& sim, int id, const loom::Process& decl);
  ~Task() override = default;

  void read(int port, uint64_t* limbs, int limb_count) override;
  void write(int port, const uint64_t* limbs, int limb_count) override;
  void load(int port, int64_t row, uint64_t* limbs, int limb_count) override;
  void store(int port, int64_t row, const uint64_t* limbs, int limb_count) override;
  int64_t param(int which) override { return params_[static_cast<size_t>(which)]; }

  // Resolves ports to the simulation's FIFOs and buffers, which must not move after.
  void bind_ports();
  void start(size_t stack_bytes);
  void resume() { fiber_ = std::move(fiber_).resume(); }

  int id;
  const loom::Process& decl;
  ProcessClock clock;
  State state = ready;
  bool queued = false;
  int blocked_port = -1;
  bool blocked_on_full = false;
  int64_t steps = 0;

 private:
  void yield() { scheduler_ = std::move(scheduler_).resume(); }
  // The hot path stays small; what stops a run is out of line.
  Fifo& fifo(int port, PortKind kind) {
    assert(decl.unit->ports[static_cast<size_t>(port)].kind == kind);
    (void)kind;
    Fifo* f = fifo_of_[static_cast<size_t>(port)];
    if (f == nullptr) [[unlikely]]
      unbound(port);
    return *f;
  }
  void step() {
    ++steps;
    if (++*total_steps_ > max_steps_ || clock.now() > max_cycles_) [[unlikely]]
      out_of_bounds();
  }
  Buffer& storage(int port, int64_t row, const char* verb);
  // Suspends until the other side of `f` makes room or a word, and wakes it then.
  void block(Fifo& f, int port, bool on_full);
  inline void wake_waiter(Fifo& f);
  [[noreturn]] void fail(std::string kind, int port, std::string message);
  [[noreturn, gnu::cold, gnu::noinline]] void unbound(int port);
  // Bodies must not throw (HLS has no exceptions); if one does, the run stops
  // with a named error instead of the exception escaping the fiber.
  void body_threw(const std::string& what);
  [[noreturn, gnu::cold, gnu::noinline]] void out_of_bounds();

  Simulation& sim_;
  int64_t* total_steps_;  // the simulation's count, over all processes
  int64_t max_steps_, max_cycles_;
  std::vector<int64_t> params_;
  // What each port is bound to, resolved once: null where the port is unbound.
  std::vector<Fifo*> fifo_of_;
  std::vector<Buffer*> storage_of_;
  ctx::fiber fiber_, scheduler_;
};

class Simulation {
 public:
  Simulation(const Region& region, const SimOptions& options) : region(region), options(options) {}

  SimResult run(const Inputs& inputs);

  void enqueue(Task& p) {
    if (p.queued) return;
    p.queued = true;
    ready.push_back(p.id);
  }
  void watchdog(const std::string& reason, int process) {
    tripped = process;
    if (result.outcome == SimResult::completed) {
      result.outcome = SimResult::watchdog;
      watchdog_reason = reason;
    }
    stop = true;
  }

  const Region& region;
  const SimOptions& options;
  std::vector<Fifo> fifos;
  std::vector<Buffer> memories, arguments;
  std::vector<std::unique_ptr<Task>> processes;
  std::deque<int> ready;
  int64_t steps = 0;
  bool stop = false;
  std::string watchdog_reason;
  int tripped = -1;  // the process that ran past a watchdog bound
  SimResult result;

 private:
  DeadlockReport report(DeadlockReport::Kind kind) const;
  void collect();
};

// Called on every channel access; most find nobody waiting.
void Task::wake_waiter(Fifo& f) {
  if (f.waiter == nullptr) [[likely]]
    return;
  f.waiter->state = ready;
  sim_.enqueue(*f.waiter);
  f.waiter = nullptr;
}

Task::Task(Simulation& sim, int id, const loom::Process& decl)
    : id(id), decl(decl), clock(decl.unit->pipeline, static_cast<int>(decl.unit->ports.size()), sim.options.record_intervals),
      sim_(sim), total_steps_(&sim.steps), max_steps_(sim.options.max_steps), max_cycles_(sim.options.max_cycles) {
  for (const std::string& name : decl.unit->params) params_.push_back(sim.region.params[name]);
}

void Task::start(size_t stack_bytes) {
  fiber_ = ctx::fiber(std::allocator_arg, ctx::protected_fixedsize_stack(stack_bytes), [this](ctx::fiber&& scheduler) {
    scheduler_ = std::move(scheduler);
    try {
      decl.unit->run(*this, decl.index);
      state = finished;
    } catch (const Stop&) {
      state = stopped;
    } catch (const ctx::detail::forced_unwind&) {
      throw;  // Boost.Context unwinding a fiber that never finished: let it through
    } catch (const std::exception& e) {
      body_threw(e.what());
    } catch (...) {
      body_threw("an exception that is not a std::exception");
    }
    return std::move(scheduler_);
  });
}

void Task::fail(std::string kind, int port, std::string message) {
  sim_.result.outcome = SimResult::error;
  sim_.result.errors.add(std::move(kind),
                         "unit '" + decl.name() + "' port '" + decl.unit->ports[static_cast<size_t>(port)].name + "'",
                         std::move(message));
  sim_.stop = true;
  throw Stop{};
}

void Task::out_of_bounds() {
  if (*total_steps_ > max_steps_)
    sim_.watchdog("more than " + std::to_string(max_steps_) + " steps", id);
  else
    sim_.watchdog(decl.name() + " passed cycle " + std::to_string(max_cycles_), id);
  throw Stop{};
}

void Task::body_threw(const std::string& what) {
  state = stopped;
  sim_.result.outcome = SimResult::error;
  sim_.result.errors.add("body-threw", "unit '" + decl.name() + "'", "its body threw: " + what);
  sim_.stop = true;
}

void Task::unbound(int port) {
  fail("unbound-port", port, "is used by the body, but the architecture binds it to nothing for this instance");
}

void Task::bind_ports() {
  for (const Target& t : decl.ports) {
    const size_t id = static_cast<size_t>(t.id);
    fifo_of_.push_back(t.bound() && t.kind == ObjectKind::channel ? &sim_.fifos[id] : nullptr);
    storage_of_.push_back(!t.bound() || t.kind == ObjectKind::channel ? nullptr
                          : t.kind == ObjectKind::memory          ? &sim_.memories[id]
                                                                  : &sim_.arguments[id]);
  }
}


void Task::read(int port, uint64_t* limbs, int limb_count) {
  Fifo& f = fifo(port, PortKind::reads);
  step();
  while (f.size() == 0) block(f, port, false);
  copy_limbs(f.slot(f.times.head_slot()), limb_count, limbs);
  f.times.read(clock.read(port, f.times.next_written_at()));
  wake_waiter(f);
}

void Task::write(int port, const uint64_t* limbs, int limb_count) {
  Fifo& f = fifo(port, PortKind::writes);
  step();
  while (f.size() == f.depth()) block(f, port, true);
  copy_limbs(limbs, limb_count, f.slot(f.times.tail_slot()));
  f.times.write(clock.write(port, f.times.slot_free_at()));
  wake_waiter(f);
}

void Task::block(Fifo& f, int port, bool on_full) {
  state = blocked;
  blocked_port = port;
  blocked_on_full = on_full;
  f.waiter = this;
  yield();
  if (sim_.stop) throw Stop{};
}

Buffer& Task::storage(int port, int64_t row, const char* verb) {
  Buffer* storage = storage_of_[static_cast<size_t>(port)];
  if (storage == nullptr) unbound(port);
  step();
  Buffer& b = *storage;
  if (row < 0 || row >= b.rows())
    fail("row-out-of-range", port,
         std::string(verb) + " of row " + std::to_string(row) + ", outside its " + std::to_string(b.rows()) + " rows");
  return b;
}

void Task::load(int port, int64_t row, uint64_t* limbs, int limb_count) {
  copy_limbs(storage(port, row, "load").row(row), limb_count, limbs);
  clock.load(port);
}

void Task::store(int port, int64_t row, const uint64_t* limbs, int limb_count) {
  copy_limbs(limbs, limb_count, storage(port, row, "store").row(row));
  clock.store(port);
}

SimResult Simulation::run(const Inputs& inputs) {
  fifos.reserve(region.channels.size());
  for (const ChannelInstance& c : region.channels) fifos.emplace_back(c);
  for (const MemoryInstance& m : region.memories) memories.emplace_back(m.word, m.rows);
  for (const ArgumentInstance& a : region.arguments) {
    auto given = inputs.find(a.name);
    arguments.push_back(given != inputs.end() ? given->second : Buffer(a.word, a.size));
  }
  for (size_t i = 0; i < region.processes.size(); ++i) {
    processes.push_back(std::make_unique<Task>(*this, static_cast<int>(i), region.processes[i]));
    processes.back()->bind_ports();
    processes.back()->start(options.stack_bytes);
    enqueue(*processes.back());
  }

  // Run each ready process until it blocks or ends, in a fixed order.
  while (!ready.empty() && !stop) {
    Task& p = *processes[static_cast<size_t>(ready.front())];
    ready.pop_front();
    p.queued = false;
    if (p.state != Task::ready) continue;
    p.resume();
  }

  bool all_finished = true;
  for (const auto& p : processes) all_finished = all_finished && p->state == Task::finished;
  if (result.outcome == SimResult::completed && !all_finished) result.outcome = SimResult::deadlock;
  if (result.outcome == SimResult::deadlock) result.report = report(DeadlockReport::deadlock);
  if (result.outcome == SimResult::watchdog) result.report = report(DeadlockReport::watchdog);
  collect();
  // Suspended fibers unwind here, while everything they reference still exists.
  processes.clear();
  return std::move(result);
}

DeadlockReport Simulation::report(DeadlockReport::Kind kind) const {
  DeadlockReport r;
  r.kind = kind;
  r.watchdog_reason = watchdog_reason;
  r.processes = static_cast<int>(processes.size());
  std::vector<int> waits_on(processes.size(), -1);  // the wait-for graph: out-degree one
  for (const auto& p : processes) {
    if (p->state == Task::finished) continue;
    BlockedProcess b;
    b.process = p->decl.name();
    b.unit = p->decl.unit->name;
    b.cycle = p->clock.now();
    // From this cycle on, nothing more happens in the process.
    r.cycle = std::max({r.cycle, b.cycle, p->clock.finish()});
    if (p->state != Task::blocked) {
      b.state = p->id == tripped ? "running, when it tripped the watchdog" : "ready to run";
      r.blocked.push_back(b);
      continue;
    }
    const Fifo& f = fifos[static_cast<size_t>(p->decl.ports[static_cast<size_t>(p->blocked_port)].id)];
    b.state = p->blocked_on_full ? "write" : "read";
    b.port = p->decl.unit->ports[static_cast<size_t>(p->blocked_port)].name;
    b.channel = f.decl->label();
    b.waits_on_full = p->blocked_on_full;
    b.occupancy = f.size();
    b.depth = f.depth();
    const Endpoint other = p->blocked_on_full ? f.decl->reader : f.decl->writer;
    if (other.valid()) {
      b.waits_for = region.processes[static_cast<size_t>(other.process)].name();
      b.waits_for_finished = processes[static_cast<size_t>(other.process)]->state == Task::finished;
      if (processes[static_cast<size_t>(other.process)]->state == Task::blocked)
        waits_on[static_cast<size_t>(p->id)] = other.process;
    }
    r.blocked.push_back(b);
  }
  // Cycles of the wait-for graph, each reported once, from its lowest process id.
  std::vector<int> seen(processes.size(), 0);
  for (size_t start = 0; start < processes.size(); ++start) {
    if (seen[start]) continue;
    std::vector<int> path;
    int at = static_cast<int>(start);
    while (at >= 0 && !seen[static_cast<size_t>(at)]) {
      seen[static_cast<size_t>(at)] = 1;
      path.push_back(at);
      at = waits_on[static_cast<size_t>(at)];
    }
    auto loop = at >= 0 ? std::find(path.begin(), path.end(), at) : path.end();
    if (loop == path.end()) continue;
    std::rotate(loop, std::min_element(loop, path.end()), path.end());
    std::vector<std::string> names;
    for (auto it = loop; it != path.end(); ++it) names.push_back(region.processes[static_cast<size_t>(*it)].name());
    r.wait_cycles.push_back(names);
  }
  return r;
}

void Simulation::collect() {
  result.steps = steps;
  for (const auto& p : processes) {
    ProcessStats s;
    s.name = p->decl.name();
    s.placement = p->decl.placement;
    s.unit = p->decl.unit->name;
    s.finished = p->state == Task::finished;
    s.finish = p->clock.finish();
    s.busy = p->clock.busy();
    s.stalled_empty = p->clock.stalled_empty();
    s.stalled_full = p->clock.stalled_full();
    s.iterations = p->clock.iterations();
    s.steps = p->steps;
    if (options.record_intervals) {
      s.intervals = p->clock.intervals();
      // A process that never finished waits until the run stopped: show it.
      if (p->state == Task::blocked && result.report) {
        const int64_t from = std::max(s.finish, p->clock.now());
        s.intervals.push_back({p->blocked_on_full ? Interval::wait_full : Interval::wait_empty, from,
                               result.report->cycle + 1, p->blocked_port});
      }
    }
    // The final wait of a blocked process counts as stalled, as in its intervals.
    if (p->state == Task::blocked && result.report) {
      const int64_t waited = result.report->cycle + 1 - std::max(s.finish, p->clock.now());
      (p->blocked_on_full ? s.stalled_full : s.stalled_empty) += waited;
    }
    result.cycles = std::max(result.cycles, s.finish);
    result.processes.push_back(std::move(s));
  }
  for (const Fifo& f : fifos) {
    result.channels.push_back({f.decl->label(), f.depth(), f.times.writes(), f.times.max_occupancy()});
  }
  for (size_t a = 0; a < region.arguments.size(); ++a) result.arguments[region.arguments[a].name] = arguments[a];
}

Status check_inputs(const Region& region, const Inputs& inputs) {
  Status status;
  for (const auto& [name, buffer] : inputs) {
    const ArgumentInstance* arg = nullptr;
    for (const ArgumentInstance& a : region.arguments)
      if (a.name == name) arg = &a;
    const std::string where = "input '" + name + "'";
    if (arg == nullptr) {
      status.add("unknown-argument", where, "names no argument of region '" + region.name + "'");
    } else if (!(buffer.word() == arg->word)) {
      status.add("input-word", where, "holds " + buffer.word().to_string() + " words, but the argument holds " +
                                          arg->word.to_string());
    } else if (buffer.rows() != arg->size) {
      status.add("input-size", where, "has " + std::to_string(buffer.rows()) + " rows, but the argument has " +
                                          std::to_string(arg->size));
    }
  }
  for (const ArgumentInstance& a : region.arguments) {
    if (inputs.count(a.name) || !a.user.valid()) continue;
    const PortInfo& port = region.processes[static_cast<size_t>(a.user.process)].unit->ports[static_cast<size_t>(a.user.port)];
    if (port.access == Access::read)
      status.add("missing-input", "argument '" + a.name + "'", "is read by " + region.describe(a.user) + ", but no input gives it");
  }
  return status;
}

}  // namespace

std::string SimResult::summary() const {
  switch (outcome) {
    case completed: return "completed in " + std::to_string(cycles) + " cycles (" + std::to_string(steps) + " steps)\n";
    case deadlock:
    case watchdog: return report->to_string();
    case error: return "stopped by an error:\n" + errors.to_string();
  }
  return "";
}

Result<SimResult> simulate(const Region& region, const Inputs& inputs, const SimOptions& options) {
  Status status = check_inputs(region, inputs);
  if (!status.ok()) return status;
  Simulation sim(region, options);
  return sim.run(inputs);
}

Result<SimResult> simulate(const Architecture& architecture, const Inputs& inputs, const SimOptions& options,
                           const Overrides& overrides) {
  auto region = architecture.compose(overrides);
  if (!region.ok()) return region.status();
  return simulate(region.value(), inputs, options);
}

}  // namespace loom
