#define LOOM_TEST_PIPELINE {/*ii=*/1, /*depth=*/2}
#ifdef LOOM_BREAK
#define LOOM_EXTRA_DECLS LOOM_COMPUTE(computed(in, 1));
#else
#define LOOM_EXTRA_DECLS LOOM_COMPUTE(computed(out, 1));
#endif
#define LOOM_BODY io.write(out, io.read(in));
#include "tests/compile_fail/subject.h"
