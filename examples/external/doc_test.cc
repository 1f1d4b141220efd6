// Loom's tutorial shows this workspace's files: each block it says is from
// examples/external is the text of that file here.
#include <catch2/catch.hpp>

#include "tests/doc_blocks.h"

TEST_CASE("the tutorial's blocks from this workspace are its files' text", "[external][docs]") {
  std::string tutorial = loom::test::read_file("external/loom/docs/tutorial.md");
  if (tutorial.empty()) tutorial = loom::test::read_file("../loom/docs/tutorial.md");
  REQUIRE_FALSE(tutorial.empty());
  int held = 0;
  for (const loom::test::DocBlock& block : loom::test::doc_blocks(tutorial)) {
    const std::string prefix = "examples/external/";
    if (block.from.rfind(prefix, 0) != 0) continue;
    INFO("docs/tutorial.md line " << block.line << ", from " << block.from);
    const std::string file = loom::test::read_file(block.from.substr(prefix.size()));
    REQUIRE_FALSE(file.empty());
    CHECK(file.find(block.text) != std::string::npos);
    ++held;
  }
  CHECK(held >= 2);
}
