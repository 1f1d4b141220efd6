// The mutation campaign: every mutant of mutants/mutants.bzl run through the
// gates, in order, until one catches it, and the table and summary printed.
//
//   design mutants (their own loom):  TinyTPU: bench, stress, check, tests;
//                                     DotTree and matvec, whose action models are
//                                     C++ beside their registrations: first rule
//                                     (`loom project` refuses the model) and exec
//                                     (`loom conform --model-only`: the executor
//                                     against the reference, no body run), then
//                                     DotTree's bench and stress, or matvec's
//                                     conform, then check, tests
//   action-model mutants (a spec):    rule (refused when the machine is built),
//                                     work (a work count the check holds to the
//                                     headers), check (the design's conformance
//                                     to the spec), exec (the check's executor
//                                     disagrees with the reference: no body runs),
//                                     run (the value the model states changes,
//                                     which only a run shows), none
//
// A mutant passes when the first gate to catch it is the one it expects, or,
// declared equivalent, when none does. `bazel run //mutants:campaign` builds
// every mutant first, in parallel and cached (docs/mutants.md); each
// `//mutants:<name>_test` runs one.
//
//   campaign [--jobs N] [--only NAME] [--control]
//
// --control runs the tree's own loom through the gates instead: each must pass.
#include <sys/wait.h>

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

struct Mutant {
  std::string kind, name, breaks, file, gate, equivalent, machine;
  std::string caught = "?";  // the gate that caught it, "none", or "build" when its loom is missing
  std::string detail;        // the catching gate's first line of error
  bool pass = false;
};

struct Ran {
  int code;
  std::string out;
};

std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// Runs `command` in `dir` with a time bound; standard output and error together.
Ran run(const std::string& command, const std::string& dir) {
  static std::atomic<int> serial{0};
  const std::string log = (fs::temp_directory_path() / ("loom-campaign-" + std::to_string(::getpid()) + "-" +
                                                        std::to_string(serial++) + ".log"))
                              .string();
  const int status =
      std::system(("cd " + quote(dir) + " && timeout 600 " + command + " > " + quote(log) + " 2>&1").c_str());
  std::ifstream in(log);
  std::ostringstream text;
  text << in.rdbuf();
  fs::remove(log);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : 128, text.str()};
}

std::string first_error(const std::string& out) {
  std::istringstream lines(out);
  std::string line;
  while (std::getline(lines, line))
    if (line.find("error") != std::string::npos || line.find("FAIL") != std::string::npos ||
        line.find("MISMATCH") != std::string::npos)
      return line.substr(0, 160);
  return out.substr(0, out.find('\n')).substr(0, 160);
}

struct Paths {
  std::string root;     // the workspace: specs, docs, generated files
  std::string control;  // the tree's own loom
  std::string dir;      // where the mutants' binaries are
};

// The gates of a machine, in order, as commands over a loom and a test binary.
std::vector<std::pair<std::string, std::vector<std::string>>> gates(const std::string& machine, const std::string& loom,
                                                                     const std::string& tests) {
  if (machine == "dottree")
    return {{"rule", {loom + " project --machine dottree"}},
            {"exec", {loom + " conform --machine dottree --model-only",
                      loom + " conform --machine dottree --model-only --param NUMERICS=1 --param ROWS=64"}},
            {"bench", {loom + " bench --machine dottree"}},
            {"stress", {loom + " stress --machine dottree"}},
            {"check", {loom + " project --machine dottree", loom + " cost --machine dottree",
                       loom + " cost --machine dottree --param NUMERICS=1 --param RED_LANES=32 --param ROWS=100"}},
            {"tests", {tests}}};
  if (machine == "matvec")
    return {{"rule", {loom + " project --machine matvec"}},
            {"exec", {loom + " conform --machine matvec --model-only",
                      loom + " conform --machine matvec --model-only --param T=8 --param R=3 --param C=5 --param K=3"}},
            {"conform", {loom + " conform --machine matvec"}},
            {"check", {loom + " cost --machine matvec", loom + " cost --machine matvec --param R=16 --param C=8 --param K=64"}},
            {"tests", {tests}}};
  return {{"bench", {loom + " bench"}},
          {"stress", {loom + " stress"}},
          {"check", {loom + " gen-isa --check"}},
          {"tests", {tests}}};
}

void run_design(Mutant& m, const Paths& p) {
  const std::string loom = p.dir + "/" + m.name + "_loom", tests = p.dir + "/" + m.name + "_tests";
  if (!fs::exists(loom) || !fs::exists(tests)) {
    m.caught = "build";
    m.detail = "its loom or tests were not built";
    return;
  }
  m.caught = "none";
  for (const auto& [gate, commands] : gates(m.machine, loom, tests)) {
    for (const std::string& command : commands) {
      const Ran mutant = run(command, p.root);
      bool caught = mutant.code != 0;
      // A check is also caught when the static figures differ from the tree's.
      if (!caught && gate == "check" && m.machine != "tinytpu") {
        const std::string control = p.control + command.substr(loom.size());
        caught = run(control, p.root).out != mutant.out;
        if (caught) m.detail = "the static figures differ from the tree's: " + command.substr(loom.size() + 1);
      }
      if (caught) {
        m.caught = gate;
        if (m.detail.empty()) m.detail = first_error(mutant.out);
        break;
      }
    }
    if (m.caught != "none") break;
  }
  m.pass = m.equivalent.empty() ? m.caught == m.gate : m.caught == "none";
}

void run_action(Mutant& m, const Paths& p) {
  const std::string spec = p.dir + "/" + m.name + "/machines/tinytpu/isa_spec.json";
  if (!fs::exists(spec)) {
    m.caught = "build";
    m.detail = "its spec was not generated";
    return;
  }
  const Ran check = run(p.control + " gen-isa --check --spec " + quote(spec), p.root);
  if (check.code != 0) {
    // The check's work counts, its conformance of the design to the spec, or
    // else the machine refused as it is built.
    // By the first error: the rule's refusals come first in the check.
    const std::string first = first_error(check.out);
    const auto is = [&](const char* kind) { return first.find(std::string("error[") + kind) != std::string::npos; };
    m.caught = is("work-count") ? "work" : is("disagrees") ? "check" : is("conform-mismatch") || is("exec-") ? "exec" : "rule";
    m.detail = first_error(check.out);
  } else {
    // Static checks pass: does the value the model states change?
    const Ran control = run(p.control + " project --json", p.root);
    const Ran mutated = run(p.control + " project --json --spec " + quote(spec), p.root);
    const json a = json::parse(control.out, nullptr, false), b = json::parse(mutated.out, nullptr, false);
    const bool parsed = !a.is_discarded() && !b.is_discarded();
    m.caught = parsed && a.value("values", json()) != b.value("values", json()) ? "run" : "none";
    if (m.caught == "run")
      for (auto it = a["values"].begin(); it != a["values"].end(); ++it)
        if (b["values"].value(it.key(), json()) != it.value()) {
          m.detail = "the model now says " + it.key() + ": " + b["values"][it.key()].dump();
          break;
        }
  }
  m.pass = m.caught == m.gate;
}

}  // namespace

// The unmutated loom through every gate of both machines but the unit tests
// (which //... runs): each must pass, or no mutant's catch means anything.
int control(const Paths& p) {
  int failed = 0;
  for (const std::string machine : {"tinytpu", "dottree", "matvec"})
    for (const auto& [gate, commands] : gates(machine, p.control, ""))
      for (const std::string& command : commands) {
        if (gate == "tests") continue;
        const Ran r = run(command, p.root);
        std::printf("%-8s %-7s %s: %s\n", machine.c_str(), gate.c_str(), command.substr(p.control.size() + 1).c_str(),
                    r.code == 0 ? "passes" : ("FAILS: " + first_error(r.out)).c_str());
        failed += r.code != 0;
      }
  std::printf("control: %s\n", failed == 0 ? "every gate passes" : (std::to_string(failed) + " gates fail").c_str());
  return failed == 0 ? 0 : 1;
}

int main(int argc, char** argv) {
  int jobs = 2;
  std::string only;
  bool control_only = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--jobs" && i + 1 < argc) jobs = std::max(1, std::atoi(argv[++i]));
    else if (a == "--only" && i + 1 < argc) only = argv[++i];
    else if (a == "--control") control_only = true;
    else {
      std::fprintf(stderr, "usage: campaign [--jobs N] [--only NAME] [--control]\n");
      return 2;
    }
  }
  Paths p;
  p.dir = fs::absolute("mutants").string();
  p.control = fs::absolute("tools/loom").string();
  const char* workspace = std::getenv("BUILD_WORKSPACE_DIRECTORY");
  p.root = workspace ? workspace : fs::current_path().string();
  if (control_only) return control(p);
  std::ifstream in("mutants/manifest.json");
  const json manifest = json::parse(in, nullptr, false);
  if (manifest.is_discarded()) {
    std::fprintf(stderr, "campaign: mutants/manifest.json is missing or not JSON\n");
    return 1;
  }
  std::vector<Mutant> mutants;
  for (const json& e : manifest) {
    Mutant m;
    for (auto [field, key] : {std::pair{&m.kind, "kind"}, {&m.name, "name"}, {&m.breaks, "breaks"}, {&m.file, "file"},
                              {&m.gate, "gate"}, {&m.equivalent, "equivalent"}, {&m.machine, "machine"}})
      *field = e.at(key).get<std::string>();
    if (only.empty() || m.name == only) mutants.push_back(m);
  }
  if (mutants.empty()) {
    std::fprintf(stderr, "campaign: no mutant is named '%s'\n", only.c_str());
    return 2;
  }
  const auto start = std::chrono::steady_clock::now();
  std::atomic<size_t> next{0}, done{0};
  std::mutex print;
  std::vector<std::thread> workers;
  for (int w = 0; w < jobs; ++w)
    workers.emplace_back([&] {
      for (size_t i; (i = next++) < mutants.size();) {
        Mutant& m = mutants[i];
        if (m.kind == "design") run_design(m, p);
        else run_action(m, p);
        std::lock_guard<std::mutex> lock(print);
        std::fprintf(stderr, "[%zu/%zu] %-34s %-7s %s\n", ++done, mutants.size(), m.name.c_str(), m.caught.c_str(),
                     m.pass ? "" : ("<- expected " + (m.equivalent.empty() ? m.gate : std::string("none"))).c_str());
      }
    });
  for (std::thread& t : workers) t.join();

  std::map<std::string, int> design, action, model;  // model: DotTree's and matvec's C++ action models
  int failed = 0;
  std::printf("%-34s %-8s %-8s %-8s %s\n", "mutant", "machine", "expected", "caught", "what it breaks / what caught it");
  for (const Mutant& m : mutants) {
    (m.kind != "design" ? action : m.file.find("action_model") != std::string::npos || m.file.find("matvec.cc") != std::string::npos ? model : design)[m.caught]++;
    failed += !m.pass;
    std::printf("%-34s %-8s %-8s %-8s %s%s\n", m.name.c_str(), m.machine.c_str(),
                (m.equivalent.empty() ? m.gate : "equiv").c_str(), m.caught.c_str(), m.breaks.c_str(),
                m.pass ? "" : "   <- NOT AS EXPECTED");
    if (!m.detail.empty()) std::printf("%-34s %-8s %-8s %-8s   %s\n", "", "", "", "", m.detail.c_str());
    if (!m.equivalent.empty()) std::printf("%-34s %-8s %-8s %-8s   equivalent: %s\n", "", "", "", "", m.equivalent.c_str());
  }
  int designs = 0, actions = 0;
  for (const auto& [k, n] : design) designs += n;
  for (const auto& [k, n] : action) actions += n;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  int equivalent = 0, escaped = 0;
  for (const Mutant& m : mutants)
    if (m.kind == "design" && m.caught == "none") (m.equivalent.empty() ? escaped : equivalent)++;
  std::printf("\n%d mutants: %d by the executor against the reference, %d by bench, %d only by stress, %d only by check, "
              "%d only by tests, %d equivalent%s\n",
              designs, design["exec"], design["bench"], design["stress"], design["check"], design["tests"], equivalent,
              escaped ? (", " + std::to_string(escaped) + " escaped").c_str() : "");
  if (actions > 0)
    std::printf("%d TinyTPU action-model mutants: %d refused by the rule, %d caught by the check's work counts, %d by its "
                "conformance to the design, %d by the executor against the reference, %d caught only by running, %d "
                "caught by nothing static\n",
                actions, action["rule"], action["work"], action["check"], action["exec"], action["run"], action["none"]);
  int models = 0;
  for (const auto& [k, n] : model) models += n;
  if (models > 0)
    std::printf("%d DotTree and matvec action-model mutants: %d refused by the rule, %d by the executor against the "
                "reference, %d by a gate that runs the bodies, %d by the static figures, %d by tests, %d by nothing\n",
                models, model["rule"], model["exec"], model["bench"] + model["stress"] + model["conform"], model["check"],
                model["tests"], model["none"]);
  if (design["build"] + action["build"] > 0) std::printf("%d not built\n", design["build"] + action["build"]);
  std::printf("%d as expected, %d not; gates run in %.1f s with %d jobs\n", static_cast<int>(mutants.size()) - failed,
              failed, seconds, jobs);
  return failed == 0 ? 0 : 1;
}
