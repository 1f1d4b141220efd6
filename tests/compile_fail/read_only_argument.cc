#ifdef LOOM_BREAK
#define LOOM_BODY io.store(dram, 0, io.load(mem, 0));
#else
#define LOOM_BODY io.store(mem, 0, io.load(dram, 0));
#endif
#include "tests/compile_fail/subject.h"
