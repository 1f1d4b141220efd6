// Fuzz target: what sets FIFO depths and parameters from text. The input is
// a depths file's text (what `loom fifo --out` writes and `--depths` reads),
// resolved against the example machine's region; and each of its lines as a
// `--depth` setting, and as a `--param NAME=VALUE` override. Every input ends
// in depths or named errors, never a crash, a wrapped number or a hang.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "common/contract.h"
#include "compose/depths.h"
#include "compose/sim/fifo_times.h"
#include "machines/registry.h"
#include "units/parameter_set.h"

namespace {

const loom::Region& example() {
  static const loom::Region region = [] {
    auto machine = loom::find_machine("example");
    LOOM_CONTRACT(machine.ok(), "the example machine is linked");
    auto arch = machine.value()->architecture({});
    LOOM_CONTRACT(arch.ok(), "the example composes at its defaults");
    auto composed = arch.value().compose();
    LOOM_CONTRACT(composed.ok(), "the example composes at its defaults");
    return std::move(composed).value();
  }();
  return region;
}

// Each resolved depth is one a FIFO can have; each refusal is named.
void resolve(const std::vector<loom::DepthSetting>& settings) {
  auto depths = loom::resolve_depths(example(), settings);
  if (!depths.ok()) {
    for (const loom::Error& e : depths.status().errors()) LOOM_CONTRACT(!e.kind.empty() && !e.message.empty(), "named");
    return;
  }
  for (int64_t d : depths.value()) LOOM_CONTRACT(d >= 1 && d <= loom::kMaxFifoDepth, "a depth a FIFO can have");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  auto file = loom::parse_depths_json(text, "file 'fuzz.json'");
  if (file.ok()) resolve(file.value());
  std::vector<loom::DepthSetting> flags;
  size_t start = 0;
  while (start <= text.size() && flags.size() < 64) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(start, end - start);
    flags.push_back({line, "--depth"});
    (void)loom::check_depth_syntax(flags.back());
    auto override = loom::parse_override(line);
    // A value that parses is the digits written, never a wrapped one.
    if (override.ok()) LOOM_CONTRACT(line.find('=') != std::string::npos, "NAME=VALUE");
    start = end + 1;
  }
  resolve(flags);
  return 0;
}
