#define LOOM_BODY io.write(out, io.read(in));
#ifdef LOOM_BREAK
#define LOOM_EXTRA_PORTS , loom::Reads<"out", Narrow>{}
#endif
#include "tests/compile_fail/subject.h"
