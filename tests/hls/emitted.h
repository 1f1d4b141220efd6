// A machine of the registry emitted as a Vitis HLS project, and the project
// written to a scratch directory: what the HLS tests start from.
#pragma once

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "compose/hls/project.h"
#include "machines/registry.h"

namespace loom::test {

struct Emitted {
  Region region;
  hls::Project project;
};

inline Emitted emit_machine(const std::string& machine, const Overrides& overrides) {
  auto entry = find_machine(machine);
  REQUIRE(entry.ok());
  auto arch = entry.value()->architecture(overrides);
  REQUIRE(arch.ok());
  auto region = arch.value().compose(overrides);
  REQUIRE(region.ok());
  const hls::Extension extension = hls_extension(*entry.value());
  auto runs = extension.runs(region.value());
  INFO(runs.status().to_string());
  REQUIRE(runs.ok());
  // The test runs in its runfiles, where the machines' specs are.
  auto dependences = extension.dependences ? extension.dependences(region.value(), ".")
                                           : Result<std::vector<hls::Dependence>>(std::vector<hls::Dependence>{});
  INFO(dependences.status().to_string());
  REQUIRE(dependences.ok());
  auto project = hls::emit(region.value(), {}, dependences.value(), runs.value());
  INFO(project.status().to_string());
  REQUIRE(project.ok());
  return {std::move(region).value(), std::move(project).value()};
}

// A fresh directory under the test's scratch space.
inline std::string scratch(const std::string& name) {
  const char* tmp = std::getenv("TEST_TMPDIR");
  const std::string dir = std::string(tmp ? tmp : "/tmp") + "/" + name;
  std::error_code ignored;  // absent already is fine
  std::filesystem::remove_all(dir, ignored);
  return dir;
}

inline std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace loom::test
