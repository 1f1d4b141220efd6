// Contracts that hold in every build mode. An `assert` vanishes under -c opt,
// which is how bench and stress are documented to run; a contract that input
// can reach (a parameter read by name, a dispatch on a built value) must not
// turn into undefined behaviour there, so it stops the process with its
// condition, its reason and where it is, in every mode.
#pragma once

#include <cstdio>
#include <cstdlib>

namespace loom {

// Prints "FILE:LINE: contract failed: COND (WHY)" to standard error and aborts.
[[noreturn]] inline void contract_failed(const char* condition, const char* why, const char* file, int line) {
  std::fprintf(stderr, "%s:%d: contract failed: %s (%s)\n", file, line, condition, why);
  std::fflush(stderr);
  std::abort();
}

}  // namespace loom

// LOOM_CONTRACT(cond, "why"): `cond` must hold, whatever the build mode.
#define LOOM_CONTRACT(cond, why) \
  ((cond) ? static_cast<void>(0) : ::loom::contract_failed(#cond, why, __FILE__, __LINE__))
