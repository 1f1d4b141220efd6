// The process's CPU time, which the benchmarks measure runs by: wall time on a
// shared 2-core machine varies with whatever else runs.
#pragma once

#include <time.h>

namespace loom::bench {

inline double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

}  // namespace loom::bench
