#include "compose/sim/simulator.h"

#include <algorithm>
#include <boost/context/fiber.hpp>
#include <boost/context/protected_fixedsize_stack.hpp>
#include <cassert>
#include <deque>
#include <memory>
#include <utility>

namespace loom {
namespace {

namespace ctx = boost::context;

// Unwinds a body when the run must stop inside it (a bad access, the watchdog).
// Bodies never catch; Boost.Context's own forced_unwind passes through untouched.
struct Stop {};

// A bounded FIFO of words, with the cycle each word was written and read.
struct Fifo {
  const ChannelInstance* decl = nullptr;
  unsigned stride = 0;     // limbs per word
  std::vector<uint64_t> ring;  // depth words
  std::vector<int64_t> write_times, read_times;  // per token, in order
  int64_t head = 0;        // tokens read so far
  int64_t tail = 0;        // tokens written so far
  int64_t depth() const { return decl->depth; }
  int64_t size() const { return tail - head; }
  uint64_t* slot(int64_t token) { return ring.data() + static_cast<size_t>(token % depth()) * stride; }
};

class Simulation;

class Process final : public Io {
 public:
  enum State { ready, blocked, finished, stopped };

  Process(Simulation& sim, int id, const loom::Process& decl);
  ~Process() override = default;

  void read(int port, uint64_t* limbs, int limb_count) override;
  void write(int port, const uint64_t* limbs, int limb_count) override;
  void load(int port, int64_t row, uint64_t* limbs, int limb_count) override;
  void store(int port, int64_t row, const uint64_t* limbs, int limb_count) override;
  int64_t param(int which) override { return params_[static_cast<size_t>(which)]; }

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
  Fifo& fifo(int port, PortKind kind);
  Buffer& storage(int port, int64_t row, const char* verb);
  [[noreturn]] void fail(std::string kind, int port, std::string message);
  void step();

  Simulation& sim_;
  std::vector<int64_t> params_;
  ctx::fiber fiber_, scheduler_;
};

class Simulation {
 public:
  Simulation(const Region& region, const SimOptions& options) : region(region), options(options) {}

  SimResult run(const Inputs& inputs);

  void wake(int process) {
    Process& p = *processes[static_cast<size_t>(process)];
    if (p.state != Process::blocked) return;
    p.state = Process::ready;
    enqueue(p);
  }
  void enqueue(Process& p) {
    if (p.queued) return;
    p.queued = true;
    ready.push_back(p.id);
  }
  void watchdog(const std::string& reason) {
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
  std::vector<std::unique_ptr<Process>> processes;
  std::deque<int> ready;
  int64_t steps = 0;
  bool stop = false;
  std::string watchdog_reason;
  SimResult result;

 private:
  DeadlockReport report(DeadlockReport::Kind kind) const;
  void collect();
};

Process::Process(Simulation& sim, int id, const loom::Process& decl)
    : id(id), decl(decl), clock(decl.unit->pipeline, static_cast<int>(decl.unit->ports.size()), sim.options.record_intervals),
      sim_(sim) {
  for (const std::string& name : decl.unit->params) params_.push_back(sim.region.params[name]);
}

void Process::start(size_t stack_bytes) {
  fiber_ = ctx::fiber(std::allocator_arg, ctx::protected_fixedsize_stack(stack_bytes), [this](ctx::fiber&& scheduler) {
    scheduler_ = std::move(scheduler);
    try {
      decl.unit->run(*this, decl.index);
      state = finished;
    } catch (const Stop&) {
      state = stopped;
    }
    return std::move(scheduler_);
  });
}

void Process::fail(std::string kind, int port, std::string message) {
  sim_.result.outcome = SimResult::error;
  sim_.result.errors.add(std::move(kind),
                         "unit '" + decl.name() + "' port '" + decl.unit->ports[static_cast<size_t>(port)].name + "'",
                         std::move(message));
  sim_.stop = true;
  throw Stop{};
}

void Process::step() {
  ++steps;
  if (++sim_.steps > sim_.options.max_steps) {
    sim_.watchdog("more than " + std::to_string(sim_.options.max_steps) + " steps");
    throw Stop{};
  }
  if (clock.now() > sim_.options.max_cycles) {
    sim_.watchdog(decl.name() + " passed cycle " + std::to_string(sim_.options.max_cycles));
    throw Stop{};
  }
}

Fifo& Process::fifo(int port, PortKind kind) {
  const Target& t = decl.ports[static_cast<size_t>(port)];
  assert(decl.unit->ports[static_cast<size_t>(port)].kind == kind);
  (void)kind;
  if (!t.bound())
    fail("unbound-port", port, "is used by the body, but the architecture binds it to nothing for this instance");
  return sim_.fifos[static_cast<size_t>(t.id)];
}

void Process::read(int port, uint64_t* limbs, int limb_count) {
  Fifo& f = fifo(port, PortKind::reads);
  step();
  while (f.size() == 0) {
    state = blocked;
    blocked_port = port;
    blocked_on_full = false;
    yield();
    if (sim_.stop) throw Stop{};
  }
  const int64_t token = f.head;
  std::copy_n(f.slot(token), limb_count, limbs);
  f.read_times.push_back(clock.read(port, f.write_times[static_cast<size_t>(token)]));
  ++f.head;
  if (f.decl->writer.valid()) sim_.wake(f.decl->writer.process);
}

void Process::write(int port, const uint64_t* limbs, int limb_count) {
  Fifo& f = fifo(port, PortKind::writes);
  step();
  while (f.size() == f.depth()) {
    state = blocked;
    blocked_port = port;
    blocked_on_full = true;
    yield();
    if (sim_.stop) throw Stop{};
  }
  const int64_t token = f.tail;
  const int64_t freed = token >= f.depth() ? f.read_times[static_cast<size_t>(token - f.depth())] : 0;
  std::copy_n(limbs, limb_count, f.slot(token));
  f.write_times.push_back(clock.write(port, freed));
  ++f.tail;
  if (f.decl->reader.valid()) sim_.wake(f.decl->reader.process);
}

Buffer& Process::storage(int port, int64_t row, const char* verb) {
  const Target& t = decl.ports[static_cast<size_t>(port)];
  if (!t.bound())
    fail("unbound-port", port, "is used by the body, but the architecture binds it to nothing for this instance");
  step();
  Buffer& b = t.kind == ObjectKind::memory ? sim_.memories[static_cast<size_t>(t.id)]
                                            : sim_.arguments[static_cast<size_t>(t.id)];
  if (row < 0 || row >= b.rows())
    fail("row-out-of-range", port,
         std::string(verb) + " of row " + std::to_string(row) + ", outside its " + std::to_string(b.rows()) + " rows");
  return b;
}

void Process::load(int port, int64_t row, uint64_t* limbs, int limb_count) {
  std::copy_n(storage(port, row, "load").row(row), limb_count, limbs);
}

void Process::store(int port, int64_t row, const uint64_t* limbs, int limb_count) {
  std::copy_n(limbs, limb_count, storage(port, row, "store").row(row));
}

SimResult Simulation::run(const Inputs& inputs) {
  for (const ChannelInstance& c : region.channels) {
    Fifo f;
    f.decl = &c;
    f.stride = bits::limbs_for(static_cast<unsigned>(c.word.bits()));
    f.ring.assign(static_cast<size_t>(c.depth) * f.stride, 0);
    fifos.push_back(std::move(f));
  }
  for (const MemoryInstance& m : region.memories) memories.emplace_back(m.word, m.rows);
  for (const ArgumentInstance& a : region.arguments) {
    auto given = inputs.find(a.name);
    arguments.push_back(given != inputs.end() ? given->second : Buffer(a.word, a.size));
  }
  for (size_t i = 0; i < region.processes.size(); ++i) {
    processes.push_back(std::make_unique<Process>(*this, static_cast<int>(i), region.processes[i]));
    processes.back()->start(options.stack_bytes);
    enqueue(*processes.back());
  }

  // Run each ready process until it blocks or ends, in a fixed order.
  while (!ready.empty() && !stop) {
    Process& p = *processes[static_cast<size_t>(ready.front())];
    ready.pop_front();
    p.queued = false;
    if (p.state != Process::ready) continue;
    p.resume();
  }

  bool all_finished = true;
  for (const auto& p : processes) all_finished = all_finished && p->state == Process::finished;
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
    if (p->state == Process::finished) continue;
    BlockedProcess b;
    b.process = p->decl.name();
    b.unit = p->decl.unit->name;
    b.cycle = p->clock.now();
    r.cycle = std::max(r.cycle, b.cycle);
    if (p->state != Process::blocked) {
      b.state = "running";
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
      b.waits_for_finished = processes[static_cast<size_t>(other.process)]->state == Process::finished;
      if (processes[static_cast<size_t>(other.process)]->state == Process::blocked)
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
    s.finished = p->state == Process::finished;
    s.finish = p->clock.finish();
    s.busy = p->clock.busy();
    s.stalled_empty = p->clock.stalled_empty();
    s.stalled_full = p->clock.stalled_full();
    s.iterations = p->clock.iterations();
    s.steps = p->steps;
    if (options.record_intervals) s.intervals = p->clock.intervals();
    result.cycles = std::max(result.cycles, s.finish);
    result.processes.push_back(std::move(s));
  }
  for (const Fifo& f : fifos) {
    ChannelStats c{f.decl->label(), f.depth(), f.tail, 0};
    // Words held just after cycle W_k: those written by then, less those read.
    size_t read = 0;
    for (size_t k = 0; k < f.write_times.size(); ++k) {
      while (read < f.read_times.size() && f.read_times[read] <= f.write_times[k]) ++read;
      c.max_occupancy = std::max(c.max_occupancy, static_cast<int64_t>(k + 1 - read));
    }
    result.channels.push_back(c);
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
