// (a, b) of two lanes: Vitis's concatenation, C++'s comma operator. Refused;
// a lane set from the two halves compiles.
#ifdef LOOM_BREAK
#define LOOM_BODY const Narrow n = io.read(in); Wide w; w.set_lane(0, (n.lane(0), n.lane(1))); io.write(out, Narrow());
#else
#define LOOM_BODY const Narrow n = io.read(in); Wide w; w.set_lane(0, (n.lane(0) << 8) | n.lane(1)); io.write(out, Narrow());
#endif
#include "tests/compile_fail/subject.h"
