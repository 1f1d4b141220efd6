// An Int from a float: Vitis's C simulation turns -0.25 into 1. Refused;
// through int64_t it compiles.
#ifdef LOOM_BREAK
#define LOOM_BODY Narrow n; n.set_lane(0, loom::Int<8>(-0.25f)); io.write(out, n);
#else
#define LOOM_BODY Narrow n; n.set_lane(0, loom::Int<8>(static_cast<int64_t>(-0.25f))); io.write(out, n);
#endif
#include "tests/compile_fail/subject.h"
