// The command line declares no machine's verbs or options: each verb's option
// schema is exactly what its machine registered (machines/verb.h), plus
// --machine and --param, and a verb this test registers for one machine
// appears with its options and runs. The verbs every region has take the same
// options whatever the machine.
#include <catch2/catch.hpp>

#include <CLI/CLI.hpp>

#include <cstdio>
#include <fcntl.h>
#include <set>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

#include "machines/registry.h"
#include "machines/sim_program.h"
#include "machines/verb_options.h"
#include "tools/cli.h"

namespace loom {
namespace {

struct Frob {
  Overrides overrides;
  int64_t knob = 0;
};
int64_t frobbed = -1;  // what the test verb's run saw
std::string frobbed_machine;

// A verb only this binary offers, for the example alone.
const VerbRegistration kFrob({"frob", "example", "a verb this test registers", 5, true, [](CLI::App& cmd) {
                                auto a = std::make_shared<Frob>();
                                once(cmd.add_option("--knob", a->knob, "a knob"))->type_name("N");
                                return VerbRun([a](const Invocation& i) {
                                  frobbed = a->knob;
                                  frobbed_machine = i.machine->name;
                                  return 0;
                                });
                              }});

struct Cli {
  int code;
  std::string out;
};

// run_cli over `args`, with what it printed on standard output.
Cli cli(std::vector<std::string> args) {
  args.insert(args.begin(), "loom");
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  std::fflush(stdout);
  char path[] = "/tmp/loom-cli-schema-XXXXXX";
  const int file = mkstemp(path);
  REQUIRE(file >= 0);
  const int saved = dup(STDOUT_FILENO);
  dup2(file, STDOUT_FILENO);
  const int code = run_cli(static_cast<int>(argv.size()), argv.data());
  std::fflush(stdout);
  dup2(saved, STDOUT_FILENO);
  close(saved);
  std::string out;
  char buf[4096];
  lseek(file, 0, SEEK_SET);
  for (ssize_t n; (n = read(file, buf, sizeof buf)) > 0;) out.append(buf, static_cast<size_t>(n));
  close(file);
  unlink(path);
  return {code, out};
}

// The option names a verb's --help lists: "--json", "FILE".
std::set<std::string> options_in(const std::string& help) {
  std::set<std::string> names;
  std::istringstream lines(help);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("  ", 0) != 0 || line.size() < 3 || line[2] == ' ') continue;
    std::string name = line.substr(2, line.find(' ', 2) - 2);
    if (name.find(',') != std::string::npos) name = name.substr(name.rfind(',') + 1);
    names.insert(name);
  }
  return names;
}

// The names an offer's setup declares on a subcommand of its own.
std::set<std::string> declared(const VerbOffer& offer) {
  CLI::App scratch;
  offer.setup(scratch);
  std::set<std::string> names;
  for (const CLI::Option* o : scratch.get_options()) names.insert(o->get_name());
  names.erase("--help");
  return names;
}

TEST_CASE("every machine verb takes exactly the options its machine registered", "[cli]") {
  int verbs = 0;
  for (const MachineEntry& m : machines())
    for (const VerbOffer& offer : verb_offers()) {
      if (offer_for(m, offer.verb) != &offer) continue;
      INFO(offer.verb << " on " << m.name);
      ++verbs;
      const Cli help = cli({offer.verb, "--machine", m.name, "--help"});
      REQUIRE(help.code == 0);
      std::set<std::string> expected = declared(offer);
      expected.insert({"--help", "--machine"});
      if (offer.params) expected.insert("--param");
      CHECK(options_in(help.out) == expected);
    }
  // Every machine offers project and bench at least; the test's frob is one more.
  CHECK(verbs >= 2 * static_cast<int>(machines().size()) + 1);
}

TEST_CASE("a verb a machine registers reaches the command line with its options, for that machine only", "[cli]") {
  CHECK(cli({"frob", "--machine", "example", "--knob", "7"}).code == 0);
  CHECK(frobbed == 7);
  CHECK(frobbed_machine == "example");
  CHECK(cli({"frob", "--knob", "9"}).code == 0);  // the example is the verb's default: the only machine offering it
  CHECK(frobbed == 9);
  frobbed = -1;
  CHECK(cli({"frob", "--machine", "example", "--gemm", "4x4x4"}).code == 2);
  CHECK(cli({"frob", "--machine", "tinytpu", "--knob", "1"}).code == 2);
  CHECK(frobbed == -1);
  // Another machine's verb does not take frob's option.
  CHECK(cli({"project", "--machine", "example", "--knob", "1"}).code == 2);
  const std::string listed = cli({"machines"}).out;
  const size_t example = listed.find("example "), next = listed.find("\n", listed.find("verbs:", example));
  CHECK(listed.substr(example, next - example).find(" frob") != std::string::npos);
  CHECK(listed.substr(next).find(" frob") == std::string::npos);
}

// The names a machine's SimProgram setup declares on a `sim` of its own;
// none for a machine without one.
std::set<std::string> sim_program_options(const MachineEntry& m) {
  std::set<std::string> names;
  const SimProgram* program = find_extension<SimProgram>(m.name);
  if (program == nullptr) return names;
  CLI::App scratch;
  program->setup(scratch);
  for (const CLI::Option* o : scratch.get_options()) names.insert(o->get_name());
  names.erase("--help");
  return names;
}

TEST_CASE("the verbs every region has take the same options on every machine, sim the machine's program's beside", "[cli]") {
  for (const std::string verb : {"describe", "dot", "sim", "fifo", "hls"}) {
    INFO(verb);
    // sim's default machine is the first; its program options, if any, are its own.
    std::set<std::string> common = options_in(cli({verb, "--help"}).out);
    if (verb == "sim")
      for (const std::string& own : sim_program_options(machines()[0])) common.erase(own);
    CHECK(common.count("--machine") == 1);
    for (const MachineEntry& m : machines()) {
      INFO(m.name);
      std::set<std::string> expected = common;
      if (verb == "sim") {
        const std::set<std::string> own = sim_program_options(m);
        for (const std::string& o : own) CHECK(common.count(o) == 0);  // a machine adds options, it replaces none
        expected.insert(own.begin(), own.end());
      }
      CHECK(options_in(cli({verb, "--machine", m.name, "--help"}).out) == expected);
    }
  }
  // TinyTPU's is the program sim runs instead of its GEMM; the example has none.
  CHECK(sim_program_options(*find_machine("tinytpu").value()) ==
        std::set<std::string>{"FILE", "--a", "--b", "--c", "--layout", "--out", "--root", "--spec"});
  CHECK(sim_program_options(*find_machine("example").value()).empty());
}

TEST_CASE("loom machines lists the verbs every region has for every machine, fifo among them", "[cli]") {
  const std::string listed = cli({"machines"}).out;
  size_t lines = 0;
  for (size_t at = listed.find("verbs: "); at != std::string::npos; at = listed.find("verbs: ", at + 1)) {
    ++lines;
    const std::string verbs = listed.substr(at, listed.find('\n', at) - at);
    INFO(verbs);
    CHECK(verbs.find("verbs: describe dot sim fifo hls") == 0);
  }
  CHECK(lines == machines().size());
}

}  // namespace
}  // namespace loom
