#define LOOM_BODY io.write(out, io.read(in));
#ifdef LOOM_BREAK
#define LOOM_TEST_PIPELINE {/*ii=*/0, /*depth=*/1}
#endif
#include "tests/compile_fail/subject.h"
