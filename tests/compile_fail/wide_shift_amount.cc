// A shift by a 40-bit unsigned amount: Vitis shifts by its low 32 bits.
// Refused; a 32-bit amount compiles.
#ifdef LOOM_BREAK
#define LOOM_BODY Narrow n = io.read(in); n.set_lane(0, n.lane(0) << loom::UInt<40>(1)); io.write(out, n);
#else
#define LOOM_BODY Narrow n = io.read(in); n.set_lane(0, n.lane(0) << loom::UInt<32>(1)); io.write(out, n);
#endif
#include "tests/compile_fail/subject.h"
