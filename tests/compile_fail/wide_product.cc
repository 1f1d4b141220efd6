// A product of three 64-bit values is 192 bits wide: past what Loom's
// integers hold, so refused; two of them (128 bits) compile.
#ifdef LOOM_BREAK
#define LOOM_BODY const loom::Int<64> a = io.read(in).lane_signed(0); Narrow n; n.set_lane(0, a * a * a); io.write(out, n);
#else
#define LOOM_BODY const loom::Int<64> a = io.read(in).lane_signed(0); Narrow n; n.set_lane(0, a * a); io.write(out, n);
#endif
#include "tests/compile_fail/subject.h"
