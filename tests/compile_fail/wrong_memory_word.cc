#ifdef LOOM_BREAK
#define LOOM_BODY io.store(mem, 1, Wide());
#else
#define LOOM_BODY io.store(mem, 1, Narrow());
#endif
#include "tests/compile_fail/subject.h"
