// docs/tutorial.md shows code from the tree: each block it says is from a file
// of Loom's is that file's text (examples/external's blocks are held by that
// workspace's own test).
#include <catch2/catch.hpp>

#include "tests/doc_blocks.h"

namespace loom::test {
namespace {

TEST_CASE("every code block of the tutorial is the text of the file it names", "[tutorial][docs]") {
  const std::string tutorial = read_file("docs/tutorial.md");
  REQUIRE_FALSE(tutorial.empty());
  const BlockCheck check = check_blocks(tutorial, [](const std::string& from) {
    return from.rfind("examples/external/", 0) == 0 ? std::string() : from;
  });
  CHECK(check.held >= 10);
  CHECK(check.differing == std::vector<std::string>{});
}

TEST_CASE("a block that differs from its file by one character is caught", "[tutorial][docs]") {
  const std::vector<DocBlock> blocks = doc_blocks("<!-- from machines/tutorial/words.h -->\n```cpp\nusing Result32 = Word<1, 31>;\n```\n");
  REQUIRE(blocks.size() == 1);
  CHECK(read_file(blocks[0].from).find(blocks[0].text) == std::string::npos);
  CHECK(read_file(blocks[0].from).find("using Result32 = Word<1, 32>;\n") != std::string::npos);
}

}  // namespace
}  // namespace loom::test
