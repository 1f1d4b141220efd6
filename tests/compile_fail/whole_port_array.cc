// A port array is read one element at a time: reading it whole names no channel.
#define LOOM_EXTRA_PORTS , lanes
#define LOOM_EXTRA_DECLS LOOM_READS_ARRAY(lanes, K, Narrow);
#ifdef LOOM_BREAK
#define LOOM_BODY io.write(out, io.read(lanes));
#else
#define LOOM_BODY io.write(out, io.read(lanes[0]));
#endif
#include "tests/compile_fail/subject.h"
