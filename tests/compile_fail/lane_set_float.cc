// A lane set from a float: the HLS target makes an Int of it, which Vitis
// rounds -0.3 to 1. Refused on the host too; through int64_t it compiles.
#ifdef LOOM_BREAK
#define LOOM_BODY Narrow n; n.set_lane(0, -0.3f * 2); io.write(out, n);
#else
#define LOOM_BODY Narrow n; n.set_lane(0, static_cast<int64_t>(-0.3f * 2)); io.write(out, n);
#endif
#include "tests/compile_fail/subject.h"
