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
#include "compose/place.h"
#include "machines/registry.h"
#include "tests/hls/paced.h"
#include "tests/hls/round_trip.h"

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
  // The flow `loom hls` picks when none is named.
  hls::Options options;
  options.flow = hls::natural_flow(region.value());
  auto project = hls::emit(region.value(), options, dependences.value(), runs.value());
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

// The request/response loop of tests/hls/round_trip.h at K words, its
// controller `Asker` (HlsAsker, or HlsReplyFirst to deadlock it).
template <class Asker = HlsAsker>
inline Region round_trip(int64_t k) {
  ParameterSet params;
  params.param("K", k, 1, 4096, "requests");
  Architecture arch("round_trip", params);
  Handle req = arch.channel<Word<1, 32>>("req", one(), 2, "requests");
  Handle resp = arch.channel<Word<1, 32>>("resp", one(), 2, "replies");
  Handle sum = arch.argument<Word<1, 32>>("SUM", "1", "the replies' sum");
  place<Asker>(arch, "asker", one()).bind(Asker::req, req()).bind(Asker::resp, resp()).bind(Asker::sum, sum());
  place<HlsAnswerer>(arch, "answerer", one()).bind(HlsAnswerer::req, req()).bind(HlsAnswerer::resp, resp());
  auto region = arch.compose();
  INFO(region.status().to_string());
  REQUIRE(region.ok());
  return region.value();
}

// load -> paced at II=1 -> paced at II=2 -> store over K words, Y[i] = X[i]
// with 3 added to lane 0: a unit template at two IIs in one region.
inline Region paced_region(int64_t k = 6) {
  ParameterSet params;
  params.param("K", k, 1, 64, "words");
  Architecture arch("paced", params);
  Handle x = arch.argument<PacedWord>("X", "K", "the words");
  Handle y = arch.argument<PacedWord>("Y", "K", "the words, lane 0 plus 3");
  Handle a = arch.channel<PacedWord>("a", one(), 2, "loaded");
  Handle b = arch.channel<PacedWord>("b", one(), 2, "plus 1");
  Handle c = arch.channel<PacedWord>("c", one(), 2, "plus 3");
  place<HlsPacedLoad>(arch, "load", one()).bind(HlsPacedLoad::src, x()).bind(HlsPacedLoad::out, a());
  place<HlsPaced<1>>(arch, "fast", one()).bind(HlsPaced<1>::in, a()).bind(HlsPaced<1>::out, b());
  place<HlsPaced<2>>(arch, "slow", one()).bind(HlsPaced<2>::in, b()).bind(HlsPaced<2>::out, c());
  place<HlsPacedStore>(arch, "store", one()).bind(HlsPacedStore::in, c()).bind(HlsPacedStore::dst, y());
  auto region = arch.compose();
  INFO(region.status().to_string());
  REQUIRE(region.ok());
  return region.value();
}

// Whether `status` holds an error of `kind` whose place holds `where` and whose message holds `message`.
inline bool has_error(const Status& status, const std::string& kind, const std::string& where,
                      const std::string& message) {
  for (const Error& e : status.errors())
    if (e.kind == kind && e.where.find(where) != std::string::npos && e.message.find(message) != std::string::npos)
      return true;
  return false;
}

// How many times `text` holds `part`.
inline int count(const std::string& text, const std::string& part) {
  int n = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

inline std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace loom::test
