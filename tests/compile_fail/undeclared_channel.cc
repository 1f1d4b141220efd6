#ifdef LOOM_BREAK
#define LOOM_BODY io.write(out, io.read(Other::elsewhere));
#else
#define LOOM_BODY io.write(out, io.read(in));
#endif
#include "tests/compile_fail/subject.h"
