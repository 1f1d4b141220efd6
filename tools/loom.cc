// The `loom` command line.
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.h"
#include "compose/describe.h"
#include "compose/dot.h"
#include "machines/registry.h"
#include "units/parameter_set.h"

namespace loom {
namespace {

constexpr std::string_view kUsage = R"(usage: loom <command> [options]

commands:
  demo                      compose the example machine and show what Loom checks
  machines                  list the machines Loom knows
  describe --machine NAME   the composed region: units, channels, memories, arguments
  dot --machine NAME        the region's channel graph as Graphviz DOT, on standard output

options:
  --machine NAME            the machine to compose (see `loom machines`)
  --param NAME=VALUE        override a parameter; repeatable
)";

struct Command {
  std::string verb;
  std::string machine;
  Overrides overrides;
};

Result<Command> parse(const std::vector<std::string_view>& args) {
  if (args.empty()) return Error{"usage", "", "no command given"};
  Command cmd{std::string(args[0]), "", {}};
  Status status;
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string_view a = args[i];
    const bool has_value = i + 1 < args.size();
    if (a == "--machine" && has_value) {
      cmd.machine = args[++i];
    } else if (a == "--param" && has_value) {
      auto o = parse_override(args[++i]);
      if (o.ok()) cmd.overrides.push_back(o.value());
      else status.merge(o.status());
    } else if (a == "--machine" || a == "--param") {
      status.add("usage", "option '" + std::string(a) + "'", "needs a value");
    } else {
      status.add("usage", "argument '" + std::string(a) + "'", "is not an option of `loom " + cmd.verb + "`");
    }
  }
  if (!status.ok()) return status;
  return cmd;
}

int report(const Status& status) {
  for (const Error& e : status.errors()) std::fprintf(stderr, "loom: %s\n", e.to_string().c_str());
  return 1;
}

Result<Region> compose_named(const Command& cmd) {
  if (cmd.machine.empty()) return Error{"usage", "`loom " + cmd.verb + "`", "needs --machine NAME"};
  auto entry = find_machine(cmd.machine);
  if (!entry.ok()) return entry.status();
  auto arch = entry.value()->architecture(cmd.overrides);
  if (!arch.ok()) return arch.status();
  return arch.value().compose(cmd.overrides);
}

int demo(const Command& cmd) {
  const MachineEntry* example = find_machine("example").value();
  std::printf("== Composing '%s': %s\n\n", example->name.c_str(), example->summary.c_str());
  auto region = compose_named({cmd.verb, example->name, cmd.overrides});
  if (!region.ok()) return report(region.status());
  std::printf("%s\n", describe(region.value()).c_str());

  std::printf("== Every channel element has one writer and one reader, every memory one owner,\n"
              "   every argument one process, and every word matches its port.\n\n");

  std::printf("== A configuration outside the parameter set is refused by name:\n");
  auto bad = compose_named({cmd.verb, example->name, {{"N", 0}, {"QD", 4096}}});
  std::printf("%s\n", bad.ok() ? "(unexpectedly accepted)\n" : bad.status().to_string().c_str());

  std::printf("== The channel graph: loom dot --machine example | dot -Tsvg > example.svg\n");
  return bad.ok() ? 1 : 0;
}

int run(const std::vector<std::string_view>& args) {
  auto parsed = parse(args);
  if (!parsed.ok()) {
    report(parsed.status());
    std::fprintf(stderr, "\n%.*s", static_cast<int>(kUsage.size()), kUsage.data());
    return 2;
  }
  const Command& cmd = parsed.value();
  if (cmd.verb == "help" || cmd.verb == "--help" || cmd.verb == "-h") {
    std::printf("%.*s", static_cast<int>(kUsage.size()), kUsage.data());
    return 0;
  }
  if (cmd.verb == "demo") return demo(cmd);
  if (cmd.verb == "machines") {
    for (const MachineEntry& m : machines()) std::printf("%-10s %s\n", m.name.c_str(), m.summary.c_str());
    return 0;
  }
  if (cmd.verb == "describe" || cmd.verb == "dot") {
    auto region = compose_named(cmd);
    if (!region.ok()) return report(region.status());
    const std::string text = cmd.verb == "dot" ? to_dot(region.value()) : describe(region.value());
    std::fwrite(text.data(), 1, text.size(), stdout);
    return 0;
  }
  std::fprintf(stderr, "loom: error[usage] command '%s': is not a loom command\n\n%.*s", cmd.verb.c_str(),
               static_cast<int>(kUsage.size()), kUsage.data());
  return 2;
}

}  // namespace
}  // namespace loom

int main(int argc, char** argv) {
  std::vector<std::string_view> args(argv + 1, argv + argc);
  return loom::run(args);
}
