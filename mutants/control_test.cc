// The harness's self-test, in //...: the tree's own loom passes every gate the
// campaign runs, so a mutant that fails one is caught by its mutation.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

TEST_CASE("the unmutated loom passes every gate of both machines", "[mutants]") {
  const char* tmp = std::getenv("TEST_TMPDIR");
  const std::string log = std::string(tmp ? tmp : "/tmp") + "/control.log";
  const int status = std::system(("mutants/gates --control > '" + log + "' 2>&1").c_str());
  std::ifstream in(log);
  std::ostringstream text;
  text << in.rdbuf();
  INFO(text.str());
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK(text.str().find("control: every gate passes") != std::string::npos);
  CHECK(text.str().find("tinytpu  stress") != std::string::npos);
  CHECK(text.str().find("dottree  check") != std::string::npos);
}
