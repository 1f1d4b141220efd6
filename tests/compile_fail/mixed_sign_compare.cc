// A 32-bit unsigned lane compared with a signed int: Vitis's C simulation
// compares them unsigned (so -1 compares as 2^32 - 1), the host exactly.
// Refused; against an unsigned constant it compiles.
#ifdef LOOM_BREAK
#define LOOM_BODY const Wide w; if (w.lane(0) < -1) io.write(out, Narrow());
#else
#define LOOM_BODY const Wide w; if (w.lane(0) < 1u) io.write(out, Narrow());
#endif
#include "tests/compile_fail/subject.h"
