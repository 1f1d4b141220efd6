#define LOOM_BODY io.write(out, io.read(in));
#include "compose/place.h"
#include "tests/compile_fail/subject.h"

void compose(loom::Architecture& arch) {
  loom::Handle c = arch.channel<cf::Narrow>("c", loom::one(), 2, "a word");
#ifdef LOOM_BREAK
  loom::place<cf::Unit>(arch, "u", loom::one()).bind(cf::Other::elsewhere, c());
#else
  loom::place<cf::Unit>(arch, "u", loom::one()).bind(cf::Unit::in, c());
#endif
}
