#ifndef LOOM_BREAK
#define LOOM_EXTRA_DECLS LOOM_NONBLOCKING(in);
#endif
#define LOOM_BODY \
  Narrow w;       \
  (void)io.read_nb(in, w);
#include "tests/compile_fail/subject.h"
