// Division of a lane: ap_int's C simulation divides a narrower negative by an
// unsigned operand as unsigned. Refused; through int64_t it compiles.
#ifdef LOOM_BREAK
#define LOOM_BODY Narrow n = io.read(in); n.set_lane(0, n.lane_signed(0) / 3); io.write(out, n);
#else
#define LOOM_BODY Narrow n = io.read(in); n.set_lane(0, static_cast<int64_t>(n.lane_signed(0)) / 3); io.write(out, n);
#endif
#include "tests/compile_fail/subject.h"
