#define LOOM_BODY io.write(out, io.read(in));
#ifdef LOOM_BREAK
#define LOOM_TEST_PIPELINE {/*ii=*/1, /*depth=*/3, /*off=*/true}
#endif
#include "tests/compile_fail/subject.h"
