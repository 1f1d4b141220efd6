#ifdef LOOM_BREAK
#define LOOM_BODY for (int64_t i = 0; i < io.param(Other::m); ++i) io.write(out, io.read(in));
#else
#define LOOM_BODY for (int64_t i = 0; i < io.param(k); ++i) io.write(out, io.read(in));
#endif
#include "tests/compile_fail/subject.h"
