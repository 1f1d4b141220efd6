// The benchmark's peers stay honest: each SystemC model, and Loom, runs the
// 40-process FIR once in a process of its own (as the benchmark runs them),
// bit-exact against the reference, with the same step count. The figures
// themselves are the benchmark's (./bazelw run -c opt //bench:sim_vs_systemc).
#include <catch2/catch.hpp>

#include <cstdio>
#include <string>

namespace {

struct Run {
  long long steps = -1, resumes = -1;
  double seconds = -1;
  int exact = -1;
};

Run run(const std::string& simulator) {
  const std::string command =
      "bench/sim_vs_systemc --one " + simulator + " --processes 40 2>&1";
  FILE* child = popen(command.c_str(), "r");
  REQUIRE(child != nullptr);
  Run r;
  char line[512];
  std::string output;
  while (std::fgets(line, sizeof line, child) != nullptr) {
    output += line;
    std::sscanf(line, "result %lld %lf %d %lld", &r.steps, &r.seconds, &r.exact, &r.resumes);
  }
  const int status = pclose(child);
  INFO(simulator << " printed:\n" << output);
  CHECK(status == 0);
  return r;
}

TEST_CASE("Loom and both SystemC models agree with the reference and with each other's step counts", "[bench]") {
  const Run loom = run("loom"), untimed = run("untimed"), timed = run("timed");
  CHECK(loom.exact == 1);
  CHECK(untimed.exact == 1);
  CHECK(timed.exact == 1);
  // The accesses the bodies make: the loader's loads and writes of N weights and
  // K samples, the store's reads and stores of K sums, and tap i's weight (a
  // read and a store), the N - 1 - i weights it forwards, and per sample its
  // reads of x (and p, but on the first tap), its weight's load, and its writes
  // of p (and x, but on the last).
  const long long n = 40 - 2, k = 40000;
  long long expected = 2 * (n + k) + 2 * k;
  for (long long i = 0; i < n; ++i) expected += 2 + 2 * (n - 1 - i) + k * (3 + (i > 0) + (i < n - 1));
  CHECK(loom.steps == expected);
  CHECK(untimed.steps == loom.steps);
  CHECK(timed.steps == loom.steps);
  // Depth-2 FIFOs let a process run two samples (ten steps) a turn at most.
  CHECK(loom.resumes > 0);
  CHECK(loom.steps / loom.resumes <= 10);
  CHECK(loom.seconds > 0);
}

}  // namespace
