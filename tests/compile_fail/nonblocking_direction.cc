#define LOOM_EXTRA_DECLS LOOM_NONBLOCKING(in, out);
#ifdef LOOM_BREAK
#define LOOM_BODY \
  Narrow w;       \
  (void)io.write_nb(in, w);
#else
#define LOOM_BODY \
  Narrow w;       \
  (void)io.write_nb(out, w);
#endif
#include "tests/compile_fail/subject.h"
