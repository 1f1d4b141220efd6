// The harness's self-test, in //...: every mutant's anchor occurs in its file
// exactly once (a refactor that moves one fails here, not by testing nothing),
// names are unique, gates are ones the campaign knows, and an equivalent
// mutant says why.
#include <catch2/catch.hpp>

#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

size_t occurrences(const std::string& text, const std::string& anchor) {
  size_t n = 0;
  for (size_t at = text.find(anchor); at != std::string::npos; at = text.find(anchor, at + 1)) ++n;
  return n;
}

// Every mutant of the manifest at `path`: names unique, each anchor in its
// file exactly once and different from its replacement, and what it breaks
// said; `gate` checks each mutant's own fields.
void check_manifest(const std::string& path, const std::function<void(const nlohmann::json&)>& gate) {
  std::ifstream in(path);
  const nlohmann::json manifest = nlohmann::json::parse(in);
  REQUIRE(!manifest.empty());
  std::set<std::string> names;
  for (const auto& m : manifest) {
    const std::string name = m.at("name"), file = m.at("file"), anchor = m.at("anchor");
    INFO(name << " in " << file);
    CHECK(names.insert(name).second);
    const std::string text = slurp(file);
    REQUIRE(!text.empty());
    CHECK(!anchor.empty());
    CHECK(occurrences(text, anchor) == 1);
    CHECK(anchor != m.at("replacement").get<std::string>());
    CHECK(!m.at("breaks").get<std::string>().empty());
    gate(m);
  }
}

TEST_CASE("every mutant's anchor occurs in its file exactly once", "[mutants]") {
  const std::set<std::string> design_gates = {"rule", "exec", "bench", "stress", "conform", "check", "tests", "none"},
                              action_gates = {"rule", "work", "check", "exec", "run", "none"};
  check_manifest("mutants/manifest.json", [&](const nlohmann::json& m) {
    if (m.at("kind") == "design") CHECK(design_gates.count(m.at("gate")) == 1);
    else CHECK(action_gates.count(m.at("gate")) == 1);
  });
}

TEST_CASE("every core mutant's anchor occurs in its file exactly once, and it names the tests that must fail", "[mutants]") {
  check_manifest("mutants/core_manifest.json", [](const nlohmann::json& m) {
    CHECK((m.at("gate") == "tests" || m.at("gate") == "build"));
    CHECK(!m.at("tests").empty());
    for (const auto& t : m.at("tests")) CHECK(t.get<std::string>().rfind("//tests", 0) == 0);
  });
}

}  // namespace
