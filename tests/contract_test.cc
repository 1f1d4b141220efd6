// Contracts that input can reach hold in every build mode (common/contract.h):
// each case runs the breach in a child process and requires that it stopped
// with SIGABRT and said which contract failed. .ci/run runs this under -c opt
// too, where an assert would have vanished.
#include <catch2/catch.hpp>

#include <csignal>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

#include "common/status.h"
#include "units/built_values.h"
#include "units/parameter_set.h"
#include "units/shape.h"

namespace loom {
namespace {

struct Death {
  bool aborted = false;
  std::string said;  // what the child wrote to standard error
};

template <class F>
Death run_in_child(F&& breach) {
  int pipe_fds[2];
  REQUIRE(pipe(pipe_fds) == 0);
  const pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    dup2(pipe_fds[1], STDERR_FILENO);
    close(pipe_fds[0]);
    breach();
    _exit(0);  // the contract did not stop it
  }
  close(pipe_fds[1]);
  Death d;
  char buf[512];
  for (ssize_t n; (n = read(pipe_fds[0], buf, sizeof buf)) > 0;) d.said.append(buf, static_cast<size_t>(n));
  close(pipe_fds[0]);
  int status = 0;
  REQUIRE(waitpid(pid, &status, 0) == pid);
  d.aborted = WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT;
  return d;
}

TEST_CASE("a parameter read by a name nothing declares stops, naming the contract", "[contract]") {
  ParamValues values;
  values.set("T", 4);
  CHECK(values["T"] == 4);
  Death d = run_in_child([&] { static_cast<void>(values["MAXDIM"]); });
  CHECK(d.aborted);
  CHECK(d.said.find("contract failed") != std::string::npos);
  CHECK(d.said.find("declares") != std::string::npos);
}

TEST_CASE("a dispatch on a value that was not built stops", "[contract]") {
  using Built = BuiltValues<4, 8>;
  CHECK(Built::dispatch(8, [](auto v) { return static_cast<int>(v()); }) == 8);
  Death d = run_in_child([] { static_cast<void>(Built::dispatch(5, [](auto v) { return static_cast<int>(v()); })); });
  CHECK(d.aborted);
  CHECK(d.said.find("not built") != std::string::npos);
}

TEST_CASE("the value of a Result that holds errors stops", "[contract]") {
  Result<int> r = Error{"some-kind", "here", "why"};
  Death d = run_in_child([&] { static_cast<void>(r.value()); });
  CHECK(d.aborted);
  CHECK(d.said.find("holds errors") != std::string::npos);
}

TEST_CASE("an index outside an instance array stops", "[contract]") {
  Dims dims;
  dims.rank = 1;
  dims.extent[0] = 3;
  CHECK(dims.flat(Index::of(2)) == 2);
  Death d = run_in_child([&] { static_cast<void>(dims.flat(Index::of(3))); });
  CHECK(d.aborted);
  CHECK(d.said.find("within the instance array") != std::string::npos);
}

}  // namespace
}  // namespace loom
