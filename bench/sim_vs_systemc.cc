// Loom's simulator against SystemC on one workload, side by side: the example
// machine (a loader, a chain of FIR taps, the store; FIFO depth 2; T=4) at about
// 40 and about 260 processes, run by Loom's timed simulator, by an untimed
// SystemC model (blocking sc_fifo only) and by a cycle-timed one (a wait() on an
// sc_clock per loop iteration; bench/systemc_fir.h). Every run's output is
// checked against the FIR reference and every run's step count against Loom's.
// A step is one channel, memory or argument access by one process.
//
// Each figure is CPU time per step over the run alone (composition, elaboration
// and the check excluded), as min / median / max of --rounds interleaved rounds;
// each run is an OS process of its own, since SystemC elaborates once a process.
// The ratios divide the peers' medians by Loom's. Loom runs as `loom sim` does,
// with its cycle timing, stalls, watchdog and deadlock report, recording no
// trace intervals.
//
//   ./bazelw run -c opt //bench:sim_vs_systemc [-- --rounds 11]
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "bench/bounds.h"
#include "bench/cpu_time.h"
#include "bench/systemc_fir.h"
#include "compose/sim/simulator.h"
#include "machines/example/example.h"

namespace {

using loom::bench::PeerTiming;

struct Size {
  int64_t processes, samples;
};
constexpr std::array<Size, 2> kSizes = {{{40, 40000}, {260, 4000}}};
constexpr int kQueueDepth = 2;  // the workload; --depth changes it for both simulators

enum class Simulator { loom, untimed, timed };
constexpr std::array<Simulator, 3> kSimulators = {Simulator::loom, Simulator::untimed, Simulator::timed};
const char* flag(Simulator s) { return s == Simulator::loom ? "loom" : s == Simulator::untimed ? "untimed" : "timed"; }
const char* title(Simulator s) {
  return s == Simulator::loom ? "Loom (timed KPN)" : s == Simulator::untimed ? "SystemC untimed" : "SystemC cycle-timed";
}

struct Measured {
  int64_t steps = 0;
  double cpu_seconds = 0;
  bool exact = false;
  int64_t resumes = 0;  // Loom only: processes given the thread
};

// The example machine at `size`, every FIFO `depth` deep, and its workload.
struct Fir {
  loom::Region region;
  loom::Workload work;
};
std::optional<Fir> compose_fir(const Size& size, int depth) {
  using namespace loom;
  const Overrides config = {{"T", bench::kPeerLanes}, {"N", size.processes - 2}, {"K", size.samples}, {"QD", depth}};
  auto region = example::architecture(config).value().compose(config);
  if (!region.ok()) {
    std::fprintf(stderr, "%s", region.status().to_string().c_str());
    return std::nullopt;
  }
  auto work = example::workload(region.value(), 0);
  if (!work.ok()) {
    std::fprintf(stderr, "%s", work.status().to_string().c_str());
    return std::nullopt;
  }
  return Fir{std::move(region.value()), std::move(work.value())};
}

// One run in this process: what a child prints for its parent.
Measured run_once(Simulator simulator, const Size& size, int depth) {
  using namespace loom;
  const auto fir = compose_fir(size, depth);
  if (!fir) return {};
  const Region& region = fir->region;
  const Workload& work = fir->work;
  const Inputs& inputs = work.inputs;
  Measured m;
  if (simulator == Simulator::loom) {
    SimOptions options;
    const double start = bench::cpu_seconds();
    auto sim = simulate(region, inputs, options);
    m.cpu_seconds = bench::cpu_seconds() - start;
    if (!sim.ok() || !sim.value().ok()) {
      std::fprintf(stderr, "loom: %s", sim.ok() ? sim.value().summary().c_str() : sim.status().to_string().c_str());
      return {};
    }
    const Status check = work.check(sim.value().arguments);
    if (!check.ok()) std::fprintf(stderr, "loom: %s", check.to_string().c_str());
    m.steps = sim.value().steps;
    m.resumes = sim.value().resumes;
    m.exact = check.ok();
    return m;
  }
  const auto run = bench::run_systemc_fir(simulator == Simulator::untimed ? PeerTiming::untimed : PeerTiming::cycle_timed,
                                          inputs.at("W").as<bench::PeerSample>(),
                                          inputs.at("X").as<bench::PeerSample>(), depth);
  const Status check =
      compare_rows("Y", run.y, work.expected.at("Y").as<bench::PeerSum>());
  if (!check.ok()) std::fprintf(stderr, "systemc %s: %s", flag(simulator), check.to_string().c_str());
  m.steps = run.steps;
  m.cpu_seconds = run.cpu_seconds;
  m.exact = check.ok();
  return m;
}

// Runs one simulator in a child process of this binary; false if it failed.
bool run_child(Simulator simulator, const Size& size, int depth, Measured& out) {
  char self[4096];
  const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0) return false;
  self[n] = '\0';
  const std::string command = std::string("'") + self + "' --one " + flag(simulator) +
                              " --processes " + std::to_string(size.processes) + " --depth " + std::to_string(depth);
  FILE* child = popen(command.c_str(), "r");
  if (child == nullptr) return false;
  long long steps = 0, resumes = 0;
  double seconds = 0;
  int exact = 0, fields = 0;
  char line[512];
  while (std::fgets(line, sizeof line, child) != nullptr)
    if (fields != 4) fields = std::sscanf(line, "result %lld %lf %d %lld", &steps, &seconds, &exact, &resumes);
  const int status = pclose(child);
  out = {steps, seconds, exact == 1, resumes};
  return fields == 4 && status == 0;
}

// The least a fiber-per-process simulator could take per step on this
// workload, from what no simulator of it avoids: the FIR's arithmetic, and a
// fiber switch every steps/resumes steps (a depth-2 FIFO lets a process run
// two samples before it must wait); and the most it could then beat each peer by.
std::string bound(const Size& size, int64_t steps, int64_t resumes, int rounds, double untimed_ns, double timed_ns);

struct Spread {
  double min, median, max;
};
Spread spread(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return {v.front(), v[v.size() / 2], v.back()};
}

std::string bound(const Size& size, int64_t steps, int64_t resumes, int rounds, double untimed_ns, double timed_ns) {
  using namespace loom;
  const auto fir = compose_fir(size, kQueueDepth);  // the FIFO depth does not change the data
  if (!fir) return "  the example did not compose\n";
  const auto w = fir->work.inputs.at("W").as<bench::PeerSample>();
  const auto x = fir->work.inputs.at("X").as<bench::PeerSample>();
  const auto expected = fir->work.expected.at("Y").as<bench::PeerSum>();
  std::vector<double> work_ns, switch_ns;
  for (int r = 0; r < rounds; ++r) {
    std::vector<bench::PeerSum> y;
    work_ns.push_back(1e9 * bench::fir_work_seconds(w, x, y) / static_cast<double>(steps));
    if (y != expected) return "  the bare FIR differs from the reference\n";
    switch_ns.push_back(bench::fiber_switch_ns(static_cast<int>(size.processes), 2'000'000));
  }
  const double arithmetic = spread(work_ns).median, one_switch = spread(switch_ns).median;
  const double steps_per_resume = static_cast<double>(steps) / static_cast<double>(std::max<int64_t>(resumes, 1));
  const double floor = arithmetic + one_switch / steps_per_resume;
  char text[512];
  std::snprintf(text, sizeof text,
                "  %lld processes: Loom gave a process the thread every %.1f steps; a fiber switch round %lld fibers "
                "takes %.2f ns and the FIR's arithmetic alone %.2f ns a step, so no such simulator takes under %.2f "
                "ns a step: at most %.2fx untimed and %.2fx cycle-timed SystemC\n",
                static_cast<long long>(size.processes), steps_per_resume, static_cast<long long>(size.processes),
                one_switch, arithmetic, floor, untimed_ns / floor, timed_ns / floor);
  return text;
}

}  // namespace

// SystemC's entry points, declared as <systemc> does, which this file does not
// include: sc_elab_and_sim() runs sc_main().
namespace sc_core {
extern "C" int sc_elab_and_sim(int argc, char** argv);
}
extern "C" int sc_main(int argc, char** argv);

// libsystemc has a main() of its own, which prints SystemC's banner before
// anything else runs; this one asks it not to, for the parent and every child.
int main(int argc, char** argv) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);
  return sc_core::sc_elab_and_sim(argc, argv);
}

int sc_main(int argc, char** argv) {
  CLI::App app("Loom's simulator against SystemC on the example machine");
  int rounds = 11;
  std::string one;
  int64_t processes = 0;
  int depth = kQueueDepth;
  app.add_option("--rounds", rounds, "interleaved rounds per figure (at least 5)")->check(CLI::Range(5, 1000));
  app.add_option("--one", one, "run one simulator once and print its figures (how the rounds run each)")
      ->check(CLI::IsMember({"loom", "untimed", "timed"}));
  app.add_option("--processes", processes, "with --one: 40 or 260");
  app.add_option("--depth", depth, "every FIFO's depth, in both simulators (default 2): deeper FIFOs mean fewer switches")
      ->check(CLI::Range(1, 1 << 16));
  CLI11_PARSE(app, argc, argv);

  if (!one.empty()) {
    const Simulator simulator = one == "loom" ? Simulator::loom : one == "untimed" ? Simulator::untimed : Simulator::timed;
    const auto size = std::find_if(kSizes.begin(), kSizes.end(), [&](const Size& s) { return s.processes == processes; });
    if (size == kSizes.end()) {
      std::fprintf(stderr, "--processes: 40 or 260, not %lld\n", static_cast<long long>(processes));
      return 2;
    }
    const Measured m = run_once(simulator, *size, depth);
    std::printf("result %lld %.9f %d %lld\n", static_cast<long long>(m.steps), m.cpu_seconds, m.exact ? 1 : 0,
                static_cast<long long>(m.resumes));
    return m.exact ? 0 : 1;
  }

  std::printf("CPU ns per step, min / median / max of %d interleaved rounds; each run its own process; FIFO depth %d\n\n",
              rounds, depth);
  std::printf("%9s %10s  %-20s %8s %8s %8s  %s\n", "processes", "steps", "simulator", "min", "median", "max",
              "Loom's speed-up (target)");
  bool failed = false;
  std::vector<std::string> bounds;
  for (const Size& size : kSizes) {
    std::array<std::vector<double>, kSimulators.size()> ns;
    int64_t steps = -1, resumes = 0;
    for (int round = 0; round < rounds; ++round)
      for (size_t s = 0; s < kSimulators.size(); ++s) {
        Measured m;
        if (!run_child(kSimulators[s], size, depth, m) || !m.exact) {
          std::fprintf(stderr, "%s at %lld processes: the run failed or its output differs from the reference\n",
                       title(kSimulators[s]), static_cast<long long>(size.processes));
          return 1;
        }
        if (steps >= 0 && m.steps != steps) {
          std::fprintf(stderr, "%s at %lld processes took %lld steps, Loom %lld: the models differ\n",
                       title(kSimulators[s]), static_cast<long long>(size.processes), static_cast<long long>(m.steps),
                       static_cast<long long>(steps));
          return 1;
        }
        steps = m.steps;
        if (kSimulators[s] == Simulator::loom) resumes = m.resumes;
        ns[s].push_back(1e9 * m.cpu_seconds / static_cast<double>(m.steps));
      }
    const double loom_median = spread(ns[0]).median;
    for (size_t s = 0; s < kSimulators.size(); ++s) {
      const Spread d = spread(ns[s]);
      std::string versus;
      if (s > 0) {
        const double target = kSimulators[s] == Simulator::untimed ? 3 : 10;
        const double ratio = d.median / loom_median;
        char text[64];
        std::snprintf(text, sizeof text, "%.2fx (%.0fx: %s)", ratio, target, ratio >= target ? "met" : "NOT met");
        versus = text;
        failed = failed || ratio < target;
      }
      std::printf("%9lld %10lld  %-20s %8.2f %8.2f %8.2f  %s\n", static_cast<long long>(size.processes),
                  static_cast<long long>(steps), title(kSimulators[s]), d.min, d.median, d.max, versus.c_str());
    }
    bounds.push_back(bound(size, steps, resumes, rounds, spread(ns[1]).median, spread(ns[2]).median));
  }
  std::printf("\nevery run bit-exact against the FIR reference, every step count equal to Loom's%s\n",
              failed ? "; a target is not met" : "; every target met");
  std::printf("\nwhat bounds the speed-up here (medians of %d; docs/timing.md, \"How fast\"):\n", rounds);
  for (const std::string& b : bounds) std::printf("%s", b.c_str());
  return 0;
}
