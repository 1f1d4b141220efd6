// docs/tutorial.md shows the tutorial machine whole: every file of
// machines/tutorial/ and its test, each once, all of it, in the order a user
// writes them; and every other block it says is from a file of Loom's is that
// file's text (examples/external's blocks are held by that workspace's own
// test).
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>

#include "tests/doc_blocks.h"

namespace loom::test {
namespace {

bool in_tutorial(const std::string& path) {
  return path.rfind("machines/tutorial/", 0) == 0 || path.rfind("tests/tutorial/", 0) == 0;
}

TEST_CASE("every code block of the tutorial is the text of the file it names", "[tutorial][docs]") {
  const std::string tutorial = read_file("docs/tutorial.md");
  REQUIRE_FALSE(tutorial.empty());
  const BlockCheck check = check_blocks(tutorial, [](const std::string& from) {
    return from.rfind("examples/external/", 0) == 0 ? std::string() : from;
  });
  CHECK(check.held >= 7);
  CHECK(check.differing == std::vector<std::string>{});
}

TEST_CASE("the tutorial shows each of the machine's files and its test whole, once, in the order they are written",
          "[tutorial][docs]") {
  const std::vector<DocBlock> blocks = doc_blocks(read_file("docs/tutorial.md"));
  std::vector<std::string> shown;
  for (const DocBlock& b : blocks) {
    if (!in_tutorial(b.from)) continue;
    INFO("line " << b.line << ", from " << b.from);
    CHECK(b.whole);  // no fragment of the machine's files: the file, or nothing
    shown.push_back(b.from);
  }
  const std::vector<std::string> order = {
      "machines/tutorial/words.h",  "machines/tutorial/loader.h",  "machines/tutorial/pe.h",
      "machines/tutorial/store.h",  "machines/tutorial/BUILD",     "machines/tutorial/matvec.cc",
      "tests/tutorial/matvec_test.cc",
  };
  CHECK(shown == order);
  // Every file of the machine's package is in that list: a file added to it
  // is one the tutorial must show.
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator("machines/tutorial"))
    files.push_back("machines/tutorial/" + entry.path().filename().string());
  REQUIRE(files.size() >= 6);
  for (const std::string& f : files) {
    INFO(f);
    CHECK(std::count(order.begin(), order.end(), f) == 1);
  }
}

TEST_CASE("a block that differs from its file by one character, or is only part of a whole file, is caught",
          "[tutorial][docs]") {
  const std::vector<DocBlock> blocks = doc_blocks("<!-- from machines/tutorial/words.h -->\n```cpp\nusing Result32 = Word<1, 31>;\n```\n");
  REQUIRE(blocks.size() == 1);
  CHECK_FALSE(blocks[0].whole);
  CHECK(read_file(blocks[0].from).find(blocks[0].text) == std::string::npos);
  CHECK(read_file(blocks[0].from).find("using Result32 = Word<1, 32>;\n") != std::string::npos);

  const std::string fragment = "<!-- from machines/tutorial/words.h, whole -->\n```cpp\nusing Result32 = Word<1, 32>;\n```\n";
  REQUIRE(doc_blocks(fragment).size() == 1);
  CHECK(doc_blocks(fragment)[0].whole);
  CHECK(doc_blocks(fragment)[0].from == "machines/tutorial/words.h");
  const BlockCheck part = check_blocks(fragment, [](const std::string& from) { return from; });
  CHECK(part.differing == std::vector<std::string>{"line 3, from machines/tutorial/words.h (only part of it)"});
  const BlockCheck as_fragment = check_blocks(
      "<!-- from machines/tutorial/words.h -->\n```cpp\nusing Result32 = Word<1, 32>;\n```\n", [](const std::string& from) { return from; });
  CHECK(as_fragment.differing.empty());
}

}  // namespace
}  // namespace loom::test
