#include "compose/sim/simulator.h"
#include "machines/tinytpu/gates.h"

#include <fmt/format.h>

#include <algorithm>
#include <random>

#include "compose/sim/timeline.h"
#include "machines/conform.h"
#include "machines/tinytpu/action_model.h"
#include "machines/tinytpu/controls.h"
#include "machines/workload_run.h"
#include "spec/isa_spec.h"
#include "machines/tinytpu/isa_dsl.h"

namespace loom::tinytpu {

IsaState random_operands(const isa::Params& p, uint64_t seed, int64_t lo, int64_t hi, bool force_extremes,
                         Layout layout) {
  IsaState s(p, layout);
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int64_t> value(lo, hi), byte(-128, 127);
  for (auto* m : {&s.A, &s.B})
    for (int64_t& v : *m) v = value(rng);
  for (int64_t& v : s.C) v = byte(rng);
  if (force_extremes) {
    // Extremes where every GEMM reads them: A's first row and B's first
    // column begin with them.
    s.A[static_cast<size_t>(matrix_index(p, layout, 0, 0))] = -128;
    s.B[static_cast<size_t>(matrix_index(p, layout, 0, 0))] = -128;
    s.A[static_cast<size_t>(matrix_index(p, layout, 0, 1))] = 127;
    s.B[static_cast<size_t>(matrix_index(p, layout, 1, 0))] = 127;
  }
  return s;
}

GateCase gemm_case(int64_t M, int64_t K, int64_t N, bool relu, Form form, uint64_t seed, const IsaState& initial) {
  GateCase c{{}, gemm_program(M, K, N, relu, form, initial.p, initial.layout), initial};
  c.run.name = "gemm " + std::to_string(M) + "x" + std::to_string(K) + "x" + std::to_string(N) + (relu ? " relu" : "") +
               (form == Form::looped ? " looped" : " flat");
  c.run.seed = seed;
  c.run.m = M;
  c.run.k = K;
  c.run.n = N;
  c.run.relu = relu;
  c.run.form = form;
  c.run.layout = initial.layout;
  if (initial.layout != Layout::row_major) c.run.name += " " + std::string(to_string(initial.layout));
  return c;
}

namespace {

// How far past max_cycles a watchdog may stop a TinyTPU run: the access that
// passes the bound completes its own trip first (its unit's loop pipeline,
// at most a few cycles deep: measured 3 to 4 past every bound over a GEMM),
// so a stop later than this came from something else, such as a block.
constexpr int64_t kWatchdogSlackCycles = 8;

Result<Program> vadd_program(int64_t M, int64_t K, int64_t N, const isa::Params& p, Layout layout);

// One composed region, and every run on it.
class Gate {
 public:
  // The action model comes from the spec at `spec_path`, at the region's build:
  // every run is also executed through it (conformance, three ways).
  static Result<Gate> make(const Overrides& overrides, const Compose& compose, const std::string& spec_path) {
    auto region = compose_for(compose(overrides), overrides);
    if (!region.ok()) return region.status();
    auto spec = spec::load_spec_file(spec_path);
    if (!spec.ok()) return spec.status();
    auto model = action_model(spec.value(), isa_params(region.value()));
    if (!model.ok()) return model.status();
    return Gate(std::move(region).value(), std::move(model).value().machine);
  }

  const isa::Params& params() const { return p_; }

  // Assembles, simulates and checks one case; a GEMM's C is also held to the
  // plain triple loop, so a program generator or a reference model that
  // computes the wrong GEMM fails here, not only where both agree.
  GateRun run(const GateCase& c) {
    GateRun r = run(c.run.name, c.run.seed, c.program, c.initial);
    if (r.exact && c.run.m > 0) {
      r.failure = check_triple_loop(c, last_.C);
      r.exact = r.failure.ok();
    }
    r.m = c.run.m;
    r.k = c.run.k;
    r.n = c.run.n;
    r.relu = c.run.relu;
    r.form = c.run.form;
    r.layout = c.run.layout;
    return r;
  }

  // Assembles, simulates and checks one program from `initial`.
  GateRun run(std::string name, uint64_t seed, const Result<Program>& program, const IsaState& initial) {
    GateRun r;
    r.name = std::move(name);
    r.seed = seed;
    if (!program.ok()) {
      r.failure = program.status();
      return r;
    }
    auto assembled = assemble(program.value(), p_);
    if (!assembled.ok()) {
      r.failure = assembled.status();
      return r;
    }
    r.assembled = true;
    r.failure = check_text_round_trip(to_text(program.value()), r.name, assembled.value(), p_);
    if (!r.failure.ok()) return r;
    IsaState after = initial;
    auto work = program_workload(region_, assembled.value(), initial, &after);
    last_ = after;
    if (!work.ok()) {
      r.failure = work.status();
      return r;
    }
    for (size_t e = 0; e < after.C.size(); ++e) r.changed += after.C[e] != initial.C[e];
    Timeline timeline;
    SimOptions options;
    options.pipeline_style = style_;
    if (cross_check_engines_) options.listeners.push_back(&timeline);
    auto sim = run_workload(region_, work.value(), "run '" + r.name + "'", options);
    if (!sim.ok()) {
      r.failure = sim.status();
      return r;
    }
    r.cycles = sim.value().sim.cycles;
    Status check = sim.value().check;
    if (!sim.value().sim.ok()) {
      r.failure = std::move(check);
      return r;
    }
    last_sim_ = sim.value().sim;
    last_work_ = work.value();
    if (cross_check_engines_) {
      check.merge(engines_agree(r.name, sim.value().sim, work.value()));
      check.merge(statistics_agree(r.name, sim.value().sim, timeline));
    }
    // The reference, the action executor and the bodies, element by element.
    check.merge(conform_program(machine_, assembled.value(), initial, after, lanes_of(sim.value().sim.arguments.at("C"))));
    r.exact = check.ok();
    r.failure = std::move(check);
    return r;
  }

  GateRun gemm(int64_t M, int64_t K, int64_t N, bool relu, Form form, uint64_t seed, const IsaState& initial) {
    return run(gemm_case(M, K, N, relu, form, seed, initial));
  }

  IsaState operands(uint64_t seed, int64_t lo, int64_t hi, bool force_extremes) const {
    return random_operands(p_, seed, lo, hi, force_extremes);
  }

  // Every later run is also timed by the trace engine, which must report the
  // run the coupled simulator did (bench: the two engines share no timer).
  void cross_check_engines() { cross_check_engines_ = true; }
  // Every later run under `style`.
  void pipeline_style(SimOptions::PipelineStyle style) { style_ = style; }

  // The gate's negative controls, on the last run, which must have completed
  // exactly: each breaks one thing the gate relies on and is exact when the
  // gate refuses it for its reason (control-accepted otherwise).
  //   watchdog: rerun with max_cycles, then max_steps, at half what the run
  //     took; each must stop as a watchdog with its report.
  //   triple loop: the last GEMM's C with one element changed must be
  //     refused with triple-loop-mismatch.
  //   conformance: the bodies' C with one lane changed must be refused
  //     with conform-mismatch.
  //   text round trip: the program's words with one bit flipped must be
  //     refused with text-round-trip.
  std::vector<GateRun> controls(const GateCase& c) {
    std::vector<GateRun> out;
    // `refused`: the gate refused it for `expected`'s reason; else `got` is what it said.
    const auto control = [&](std::string what, const std::string& expected, const Status& got, bool refused = false) {
      GateRun r;
      r.name = "control: " + what;
      r.control = true;
      r.exact = refused;
      for (const Error& e : got.errors()) r.exact = r.exact || e.kind == expected;
      if (!r.exact && got.ok())
        r.failure.add("control-accepted", "gate control '" + what + "'",
                      "the gate accepted what it must refuse with " + expected);
      else if (!r.exact)
        r.failure.add("control-misnamed", "gate control '" + what + "'",
                      "refused, but not with " + expected + ":\n" + got.to_string());
      out.push_back(std::move(r));
    };
    const SimResult ran = last_sim_;
    for (const bool by_cycles : {true, false}) {
      SimOptions half;
      (by_cycles ? half.max_cycles : half.max_steps) = std::max<int64_t>(1, (by_cycles ? ran.cycles : ran.steps) / 2);
      const std::string what = std::string("the watchdog at half the ") + (by_cycles ? "cycles" : "steps") + " of '" +
                               c.run.name + "'";
      auto stopped = run_workload(region_, last_work_, "run '" + c.run.name + "'", half);
      Status got = stopped.ok() ? stopped.value().check : stopped.status();
      bool fired = stopped.ok() && stopped.value().sim.outcome == SimResult::watchdog && stopped.value().sim.report;
      if (fired) {
        // At the access that passes the bound, not at some later block: a step
        // bound stops on the step past it, a cycle bound within the slack.
        const SimResult& w = stopped.value().sim;
        const int64_t past = by_cycles ? w.report->cycle - half.max_cycles : w.steps - half.max_steps;
        fired = past <= (by_cycles ? kWatchdogSlackCycles : 1);
        if (!fired)
          got = Status(), got.add("control-accepted", "gate control '" + what + "'",
                  "the watchdog stopped the run " + std::to_string(past) + (by_cycles ? " cycles" : " steps") +
                      " past its bound, not at the access that passed it");
      }
      control(what, "a watchdog stop", got, fired);
    }
    if (c.run.m > 0) {
      std::vector<int64_t> changed = last_.C;
      changed[static_cast<size_t>(matrix_index(p_, c.initial.layout, c.run.m - 1, c.run.n - 1))] ^= 1;
      control("C[" + std::to_string(c.run.m - 1) + "][" + std::to_string(c.run.n - 1) + "] of '" + c.run.name +
                  "' changed, against the triple loop",
              "triple-loop-mismatch", check_triple_loop(c, changed));
    }
    if (c.program.ok()) {
      auto assembled = assemble(c.program.value(), p_);
      if (assembled.ok() && last_sim_.arguments.count("C") == 1) {
        // The bodies' C with its last lane changed: conformance compares the
        // three descriptions, so it must name the bodies' difference.
        std::vector<int64_t> bodies = lanes_of(last_sim_.arguments.at("C"));
        if (!bodies.empty()) {
          bodies.back() ^= 1;
          control("the last lane of the bodies' C in '" + c.run.name + "' changed, against conformance",
                  "conform-mismatch", conform_program(machine_, assembled.value(), c.initial, last_, bodies));
        }
      }
      if (assembled.ok()) {
        Assembled flipped = assembled.value();
        flipped.encoded.words.back() ^= 1;
        control("the last word of '" + c.run.name + "' flipped, against its text", "text-round-trip",
                check_text_round_trip(to_text(c.program.value()), c.run.name, flipped, p_));
      }
    }
    return out;
  }

 private:
  Gate(Region region, actions::Machine machine)
      : region_(std::move(region)), machine_(std::move(machine)), p_(isa_params(region_)), last_(p_) {}
  // The trace engine's report of the run the coupled simulator gave as `coupled`:
  // its outcome, its cycles, every process's finish and every argument's
  // contents must be the same. Error: engines-disagree, at the first difference.
  Status engines_agree(const std::string& name, const SimResult& coupled, const Workload& work) const {
    SimOptions options;
    options.engine = SimOptions::Engine::trace;
    auto traced = run_workload(region_, work, "run '" + name + "'", options);
    if (!traced.ok()) return traced.status();
    const SimResult& t = traced.value().sim;
    const std::string where = "run '" + name + "'";
    const auto disagree = [&](const std::string& what, const std::string& coupled_says, const std::string& trace_says) {
      return Status(Error{"engines-disagree", where,
                          what + ": the coupled simulator gives " + coupled_says + ", the trace engine " + trace_says});
    };
    if (t.outcome != coupled.outcome || !t.ok()) return disagree("the outcome", coupled.summary(), t.summary());
    if (t.cycles != coupled.cycles)
      return disagree("the cycles", std::to_string(coupled.cycles), std::to_string(t.cycles));
    for (size_t i = 0; i < coupled.processes.size() && i < t.processes.size(); ++i)
      if (t.processes[i].finish != coupled.processes[i].finish)
        return disagree("process '" + coupled.processes[i].name + "' finishing", std::to_string(coupled.processes[i].finish),
                        std::to_string(t.processes[i].finish));
    for (const auto& [argument, contents] : coupled.arguments) {
      const auto it = t.arguments.find(argument);
      if (it == t.arguments.end() || it->second != contents)
        return disagree("argument '" + argument + "'", "its contents", "other contents");
    }
    return {};
  }

  // Each process's counters against the run's timeline, gathered from its
  // events: a process's stalls of each kind are its wait intervals of that
  // kind, and its busy cycles the rest of its life, [start, finish). Error:
  // statistics-disagree, at the first process whose figures differ.
  static Status statistics_agree(const std::string& name, const SimResult& sim, const Timeline& timeline) {
    for (size_t i = 0; i < sim.processes.size(); ++i) {
      const ProcessStats& s = sim.processes[i];
      int64_t waits[4] = {0, 0, 0, 0};
      for (const Interval& w : timeline.intervals(i))
        if (w.kind != Interval::busy) waits[w.kind] += w.end - w.begin;
      const int64_t lived = s.finish - s.start;
      const int64_t busy = lived - waits[Interval::wait_empty] - waits[Interval::wait_full] - waits[Interval::wait_dram];
      if (s.stalled_empty == waits[Interval::wait_empty] && s.stalled_full == waits[Interval::wait_full] &&
          s.stalled_dram == waits[Interval::wait_dram] && s.busy == busy)
        continue;
      return Error{"statistics-disagree", "run '" + name + "' process '" + s.name + "'",
                   fmt::format("its counters say busy {}, stalled {} empty, {} full, {} on DRAM; its timeline over "
                               "[{}, {}) says busy {}, stalled {}, {}, {}",
                               s.busy, s.stalled_empty, s.stalled_full, s.stalled_dram, s.start, s.finish, busy,
                               waits[Interval::wait_empty], waits[Interval::wait_full], waits[Interval::wait_dram])};
    }
    return {};
  }

  Region region_;
  actions::Machine machine_;
  isa::Params p_;
  IsaState last_;  // the reference's state after the last run
  SimResult last_sim_;  // the last run's, once it completed
  Workload last_work_;
  bool cross_check_engines_ = false;
  SimOptions::PipelineStyle style_ = SimOptions::PipelineStyle::flushable;
};

// vadd_program: a GEMM whose k-tiles are summed by explicit vadd, as the design
// first did it; it keeps vadd and vrelu exercised at the bench's shapes.
Result<Program> vadd_program(int64_t M, int64_t K, int64_t N, const isa::Params& p, Layout layout) {
  if (M % p.T || K % p.T || N % p.T || M < p.AR_RAW_DIST || M > p.MAXDIM || K > p.MAXDIM || N > p.MAXDIM)
    return Error{"bad-shape", "vadd_program", "needs sides that are multiples of T up to MAXDIM, and M >= AR_RAW_DIST"};
  const int64_t T = p.T, KT = K / T, NT = N / T, stride = tile_stride(p, layout);
  const auto at = [&](int64_t tile) { return tile_start(p, layout, tile); };
  Program prog;
  for (int64_t kt = 0; kt < KT; ++kt) prog.add(isa::dma_ld(M, 2, kt * M, at(kt), stride));
  for (int64_t j = 0; j < NT; ++j) {
    prog.add(isa::dma_ld(K, 1, 0, at(j), stride));
    for (int64_t kt = 0; kt < KT; ++kt) prog.add(isa::mm(M, kt * T, kt * M, 0, kt * M));  // one block per k-tile
    for (int64_t kt = 1; kt < KT; ++kt) prog.add(isa::vadd(M, 0, kt * M, 0));
    prog.add(isa::vrelu(M, 0, 0));
    prog.add(isa::mvout(M, 0, at(j), stride));
  }
  prog.halt();
  return prog;
}

// A 4 x 8 GEMM whose row-0 sums land on the clip and ReLU edges: C[0][n] is
// A[0][0] * B[0][n] + A[0][1] * B[1][n] with A[0][0] = A[0][1] = 1.
IsaState edges(const isa::Params& p, const IsaState& base) {
  IsaState s = base;
  const int64_t targets[] = {127, 128, -128, -129, 0, -1, 1, -2};
  const auto at = [&](int64_t row, int64_t col) { return static_cast<size_t>(matrix_index(p, s.layout, row, col)); };
  for (int64_t k = 0; k < p.T; ++k) s.A[at(0, k)] = k < 2 ? 1 : 0;
  for (int64_t n = 0; n < 8 && n < p.MAXDIM; ++n) {
    const int64_t t = targets[n], half = t / 2;
    s.B[at(0, n)] = half;
    s.B[at(1, n)] = t - half;
    for (int64_t k = 2; k < p.T; ++k) s.B[at(k, n)] = 0;
  }
  return s;
}

}  // namespace

std::vector<GateCase> edge_cases(const isa::Params& p, uint64_t seed) {
  std::vector<GateCase> cases;
  if (p.MAXDIM < 8 || 8 % p.T != 0) return cases;
  for (bool relu : {false, true}) {
    GateCase c = gemm_case(p.T, p.T, 8, relu, Form::looped, seed, edges(p, random_operands(p, seed, -128, 127, false)));
    c.run.name = "edges 127/128/-128/-129/0/-1" + std::string(relu ? " relu" : "");
    cases.push_back(std::move(c));
    ++seed;
  }
  return cases;
}

const std::vector<PublishedRow>& published_cosim() {
  static const std::vector<PublishedRow> rows = {
      {4, 4, 4, 175}, {8, 8, 8, 265}, {12, 12, 12, 421}, {16, 16, 8, 482}, {16, 16, 16, 674}};
  return rows;
}

std::vector<GateCase> bench_cases(const isa::Params& p) {
  const IsaState initial = random_operands(p, 0, -4, 4, false);
  std::vector<GateCase> cases;
  for (const PublishedRow& shape : published_cosim()) {
    if (shape.m > p.MAXDIM || shape.n > p.MAXDIM || shape.m % p.T || shape.n % p.T || shape.k % p.T) continue;
    for (bool relu : {false, true})
      for (Form form : {Form::looped, Form::flat}) cases.push_back(gemm_case(shape.m, shape.k, shape.n, relu, form, 0, initial));
  }
  // A build too wide for the published shapes runs its own largest GEMM.
  if (cases.empty())
    for (bool relu : {false, true})
      for (Form form : {Form::looped, Form::flat})
        cases.push_back(gemm_case(p.MAXDIM, p.MAXDIM, p.MAXDIM, relu, form, 0, initial));
  // Two k-tiles at least, or there is no vadd to run.
  const int64_t side = 2 * p.T;
  if (side <= p.MAXDIM) {
    GateCase c{{}, vadd_program(side, side, side, p, initial.layout), initial};
    c.run.name = "vadd_program " + std::to_string(side) + "x" + std::to_string(side) + "x" + std::to_string(side);
    cases.push_back(std::move(c));
  }
  // Loom's variant: the looped GEMMs on operands drawn as above (the same
  // cells, so other matrices) laid out tile-major.
  const IsaState tiled = random_operands(p, 0, -4, 4, false, Layout::tile_major);
  const size_t row_major_cases = cases.size();
  for (size_t i = 0; i < row_major_cases; ++i) {
    const GateRun& r = cases[i].run;
    if (r.m > 0 && r.form == Form::looped) cases.push_back(gemm_case(r.m, r.k, r.n, r.relu, Form::looped, 0, tiled));
  }
  return cases;
}

Result<std::vector<GateRun>> bench(const Overrides& overrides, const Compose& compose, const std::string& spec_path,
                                   SimOptions::PipelineStyle style) {
  auto gate = Gate::make(overrides, compose, spec_path);
  if (!gate.ok()) return gate.status();
  Gate& g = gate.value();
  // The trace engine times only the flushable style: under stp there is no second engine to agree with.
  if (style == SimOptions::PipelineStyle::flushable) g.cross_check_engines();
  g.pipeline_style(style);
  std::vector<GateRun> runs;
  const std::vector<GateCase> cases = bench_cases(g.params());
  // The gate's own checks, shown to refuse on the first run, and listed last.
  std::vector<GateRun> controls;
  for (const GateCase& c : cases) {
    runs.push_back(g.run(c));
    if (runs.size() == 1 && runs.front().exact) controls = g.controls(c);
  }
  for (GateRun& r : controls) runs.push_back(std::move(r));
  return runs;
}

std::vector<GateCase> stress_cases(const isa::Params& p) {
  std::vector<GateCase> cases;
  uint64_t seed = 1;
  const auto named = [&](std::string name, Result<Program> program) {
    GateCase c{{}, std::move(program), random_operands(p, seed, -128, 127, true)};
    c.run.name = std::move(name);
    c.run.seed = seed++;
    cases.push_back(std::move(c));
  };
  // Every shape up to 4T a side (64 at T=4, MAXDIM=16), full range, C prefilled.
  const int64_t top = std::min<int64_t>(p.MAXDIM, 4 * p.T);
  for (int64_t M = p.T; M <= top; M += p.T)
    for (int64_t K = p.T; K <= top; K += p.T)
      for (int64_t N = p.T; N <= top; N += p.T)
        for (bool relu : {false, true})
          for (Form form : {Form::looped, Form::flat}) {
            cases.push_back(gemm_case(M, K, N, relu, form, seed, random_operands(p, seed, -128, 127, true)));
            ++seed;
          }
  // The clip and ReLU edges.
  for (GateCase& c : edge_cases(p, seed)) {
    cases.push_back(std::move(c));
    ++seed;
  }
  // What GEMM holds constant, and the accumulator's distance contract.
  for (int64_t rows = p.AR_RAW_DIST; rows < p.AR_RAW_DIST + 5; ++rows)
    for (int s = 0; s < 4; ++s) named("vector_program(" + std::to_string(rows) + ")", vector_program(rows, p));
  for (int64_t d = p.AR_RAW_DIST; d < p.AR_RAW_DIST + 5; ++d)
    for (int s = 0; s < 2; ++s) named("ar_distance_program(" + std::to_string(d) + ")", ar_distance_program(d, p));
  for (GateCase& c : wrap_and_boundary_cases(p, seed)) {
    cases.push_back(std::move(c));
    ++seed;
  }
  // Random valid programs.
  for (uint64_t r = 0; r < 210; ++r) named("random_program(" + std::to_string(r) + ")", random_program(r, p));
  return cases;
}

std::vector<GateCase> wrap_and_boundary_cases(const isa::Params& p, uint64_t seed) {
  std::vector<GateCase> cases;
  const int64_t T = p.T, W = p.MAXDIM / p.T, R = std::max(T, p.AR_RAW_DIST), D = p.DRAM_WORDS;
  const auto last_word = [&](int64_t rows, int64_t stride) { return D - 1 - (rows - 1) * stride; };
  if (R <= std::min({p.MAXDIM, p.VR_ROWS, p.AR_ROWS / 2})) {
    // Sums of up to T x 2^14 doubled 20 times in place, so every lane passes the
    // int32 range; then, in a loop whose vadd has no terms and whose mvout is
    // stepped through C, a ReLU of the wrapped sums: the adder must wrap before
    // it rectifies.
    Program prog;
    prog.add(isa::dma_ld(T, 1, 0, 0, W)).add(isa::dma_ld(R, 2, 0, 0, W)).add(isa::mm(R, 0, 0, 0, 0));
    prog.loop(16).add(isa::vadd(R, 0, 0, 0)).end();
    const int64_t trips = std::min<int64_t>(4, D / (R * W));
    if (trips >= 1) {
      prog.loop(trips);
      prog.add(isa::vadd(R, 0, 0, 0));
      prog.add(isa::vaddrelu(R, 0, 0, R));
      prog.add(isa::mvout(R, R, 0, W), {{"dst", 0, R * W}});
      prog.end();
      prog.halt();
      GateCase c{{}, prog, random_operands(p, seed, -128, 127, true)};
      c.run.name = "int32 wrap before relu, " + std::to_string(16 + trips) + " doublings";
      c.run.seed = seed++;
      cases.push_back(std::move(c));
    }
  }
  // A unit trip count past 2^14: accu's header count needs all 15 of its bits.
  {
    const int64_t rows = std::max(T, p.AR_RAW_DIST), inner = 16384 / (1024 * rows) + 1;
    if (rows <= std::min(p.VR_ROWS, p.AR_ROWS)) {
      Program prog;
      prog.add(isa::dma_ld(T, 1, 0, 0, W)).add(isa::dma_ld(rows, 2, 0, 0, W)).add(isa::mm(rows, 0, 0, 0, 0));
      prog.loop(1024).loop(inner).add(isa::vrelu(rows, 0, 0)).end().end();
      prog.add(isa::mvout(rows, 0, 0, W)).halt();
      GateCase c{{}, prog, random_operands(p, seed, -128, 127, true)};
      c.run.name = "an accu trip count of " + std::to_string(2 * rows + 1024 * inner * rows);
      c.run.seed = seed++;
      cases.push_back(std::move(c));
    }
  }
  // An mm of more rows than 8 bits count, where the build has room for one.
  {
    const int64_t rows = 300;
    if (rows <= std::min({p.VR_ROWS, p.AR_ROWS, D})) {
      Program prog;
      prog.add(isa::dma_ld(T, 1, 0, 0, W)).add(isa::dma_ld(rows, 2, 0, 0, 1)).add(isa::mm(rows, 0, 0, 0, 0));
      prog.add(isa::mvout(rows, 0, 0, 1)).halt();
      GateCase c{{}, prog, random_operands(p, seed, -128, 127, true)};
      c.run.name = "an mm of 300 rows";
      c.run.seed = seed++;
      cases.push_back(std::move(c));
    }
  }
  // One-row instructions last on every unit's stream: its trip count ends on
  // exactly one step.
  if (R <= std::min(p.VR_ROWS, p.AR_ROWS) && 2 * R <= p.AR_ROWS) {
    Program prog;
    prog.add(isa::dma_ld(T, 1, 0, 0, W)).add(isa::dma_ld(R, 2, 0, 0, W)).add(isa::mm(R, 0, 0, 0, 0));
    prog.add(isa::vrelu(R, 0, R));
    prog.add(isa::dma_ld(1, 2, R, 0, W)).add(isa::vld(1, 0, R + 1)).add(isa::mm(1, 0, R, 0, 2 * R - 1));
    prog.add(isa::mvout(1, R, last_word(1, 1), 1)).halt();
    GateCase c{{}, prog, random_operands(p, seed, -128, 127, true)};
    c.run.name = "one-row instructions last";
    c.run.seed = seed++;
    cases.push_back(std::move(c));
  }
  // Every memory to its last row: weights and activations from the last words
  // of B and A into the last rows of spad and vr, an mm into the last rows of
  // ar, and its mvout to the last words of C.
  {
    Program prog;
    prog.add(isa::dma_ld(T, 1, p.SPAD_ROWS - T, last_word(T, W), W));
    prog.add(isa::dma_ld(T, 2, p.VR_ROWS - T, last_word(T, W), W));
    prog.add(isa::vld(T, p.SPAD_ROWS - T, p.VR_ROWS - 2 * T));
    prog.add(isa::mm(T, p.SPAD_ROWS - T, p.VR_ROWS - T, 0, p.AR_ROWS - T));
    prog.add(isa::mm(T, p.SPAD_ROWS - T, p.VR_ROWS - 2 * T, 0, p.AR_ROWS - 2 * T));
    prog.add(isa::mvout(T, p.AR_ROWS - T, last_word(T, W), W));
    prog.add(isa::mvout(T, p.AR_ROWS - 2 * T, last_word(T, W) - 1, W));
    prog.halt();
    GateCase c{{}, prog, random_operands(p, seed, -128, 127, true)};
    c.run.name = "every memory to its last row";
    c.run.seed = seed++;
    cases.push_back(std::move(c));
  }
  return cases;
}

std::vector<Overrides> default_stress_builds() { return {{{"T", 4}, {"MAXDIM", 16}}, {{"T", 8}, {"MAXDIM", 64}}}; }

Result<std::vector<GateRun>> stress(const Overrides& overrides, const Compose& compose, const Progress& progress,
                                    Slice slice, const std::string& spec_path) {
  auto gate = Gate::make(overrides, compose, spec_path);
  if (!gate.ok()) return gate.status();
  const std::vector<GateCase> cases = stress_cases(gate.value().params());
  const std::vector<Control> controls = validator_controls(gate.value().params());
  size_t total = 0, index = 0;
  for (size_t i = 0; i < cases.size() + controls.size(); ++i) total += slice.holds(i);
  std::vector<GateRun> runs;
  for (const GateCase& c : cases) {
    if (!slice.holds(index++)) continue;
    runs.push_back(gate.value().run(c));
    if (progress) progress(runs.size(), total);
  }
  for (const Control& c : controls) {
    if (!slice.holds(index++)) continue;
    runs.push_back(run_control(c.name, c.program, c.kind, gate.value().params()));
    if (progress) progress(runs.size(), total);
  }
  return runs;
}

Status check_text_round_trip(std::string_view text, const std::string& source, const Assembled& assembled,
                             const isa::Params& p) {
  const std::string where = "program '" + source + "'";
  auto reread = assemble_text(text, source, p);
  if (!reread.ok())
    return Error{"text-round-trip", where, "its text does not assemble back:\n" + reread.status().to_string()};
  const std::vector<uint64_t>& got = reread.value().encoded.words;
  const std::vector<uint64_t>& want = assembled.encoded.words;
  for (size_t w = 0; w < std::max(got.size(), want.size()); ++w)
    if (w >= got.size() || w >= want.size() || got[w] != want[w])
      return Error{"text-round-trip", where + " word " + std::to_string(w),
                   "its text assembles to " + std::to_string(got.size()) + " words and the program to " +
                       std::to_string(want.size()) + ", first differing here"};
  return {};
}

Status check_triple_loop(const GateCase& c, const std::vector<int64_t>& c_after) {
  const isa::Params& p = c.initial.p;
  std::vector<int64_t> expected = triple_loop_gemm(c.initial, c.run.m, c.run.k, c.run.n, c.run.relu);
  if (c_after.size() != expected.size())
    return Error{"triple-loop-mismatch", "run '" + c.run.name + "'",
                 "the reference model's C holds " + std::to_string(c_after.size()) + " elements, the build's " +
                     std::to_string(expected.size())};
  for (int64_t row = 0; row < p.MAXDIM; ++row)
    for (int64_t col = 0; col < p.MAXDIM; ++col) {
      const size_t at = static_cast<size_t>(matrix_index(p, c.initial.layout, row, col));
      if (row >= c.run.m || col >= c.run.n) expected[at] = c.initial.C[at];
      if (at < c_after.size() && c_after[at] == expected[at]) continue;
      return Error{"triple-loop-mismatch", "run '" + c.run.name + "' C[" + std::to_string(row) + "][" + std::to_string(col) + "]",
                   "the reference model gives " + (at < c_after.size() ? std::to_string(c_after[at]) : std::string("nothing")) +
                       ", the plain triple-loop GEMM of A and B " + std::to_string(expected[at]) +
                       ": the program or the reference computes another GEMM"};
    }
  return {};
}

GateRun run_control(const std::string& name, const Program& program, const std::string& kind, const isa::Params& p) {
  GateRun r;
  r.name = "control: " + name;
  r.control = true;
  auto assembled = assemble(program, p);
  if (assembled.ok()) {
    r.failure.add("control-accepted", "control '" + name + "'", "the assembler accepted it; it must be refused with " + kind);
    return r;
  }
  for (const Error& e : assembled.errors()) r.exact = r.exact || e.kind == kind;
  if (!r.exact)
    r.failure.add("control-misnamed", "control '" + name + "'",
                  "refused, but not with " + kind + ":\n" + assembled.status().to_string());
  return r;
}

Result<GateRun> run_case(const Overrides& overrides, const GateCase& c, const Compose& compose,
                         const std::string& spec_path) {
  auto gate = Gate::make(overrides, compose, spec_path);
  if (!gate.ok()) return gate.status();
  return gate.value().run(c);
}

}  // namespace loom::tinytpu
