// Loom's tutorial shows this workspace's files: each block it says is from
// examples/external is the text of that file here.
#include <catch2/catch.hpp>

#include "tests/doc_blocks.h"

TEST_CASE("the tutorial's blocks from this workspace are its files' text", "[external][docs]") {
  std::string tutorial = loom::test::read_file("external/loom/docs/tutorial.md");
  if (tutorial.empty()) tutorial = loom::test::read_file("../loom/docs/tutorial.md");
  REQUIRE_FALSE(tutorial.empty());
  const std::string prefix = "examples/external/";
  const loom::test::BlockCheck check = loom::test::check_blocks(tutorial, [&](const std::string& from) {
    return from.rfind(prefix, 0) == 0 ? from.substr(prefix.size()) : std::string();
  });
  CHECK(check.held >= 2);
  CHECK(check.differing == std::vector<std::string>{});
}
