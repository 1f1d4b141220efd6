#define LOOM_BODY io.write(out, io.read(in));
#ifdef LOOM_BREAK
#define LOOM_EXTRA_PORTS , out
#endif
#include "tests/compile_fail/subject.h"
