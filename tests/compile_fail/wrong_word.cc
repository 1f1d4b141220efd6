#ifdef LOOM_BREAK
#define LOOM_BODY io.write(out, Wide());
#else
#define LOOM_BODY io.write(out, Narrow());
#endif
#include "tests/compile_fail/subject.h"
