#ifdef LOOM_BREAK
#define LOOM_BODY io.write(out, io.load(Other::their_memory, 0));
#else
#define LOOM_BODY io.write(out, io.load(mem, 0));
#endif
#include "tests/compile_fail/subject.h"
