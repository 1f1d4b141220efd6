// Replays a fuzz target over its corpus, as a Catch2 test: what `.ci/run` runs
// on every commit, deterministically (docs/reliability.md). The target is
// linked in; LOOM_FUZZ_CORPUS, set by the build, names its corpus directory.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

std::vector<std::filesystem::path> corpus() {
  std::vector<std::filesystem::path> files;
  const char* dir = LOOM_FUZZ_CORPUS;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    if (entry.is_regular_file()) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

TEST_CASE("every input of the corpus runs through the target clean", "[fuzz]") {
  const auto files = corpus();
  REQUIRE(files.size() >= 5);
  for (const auto& file : files) {
    INFO(file.string());
    std::ifstream in(file, std::ios::binary);
    const std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()) == 0);
  }
}

}  // namespace
