// The one header a unit's source includes, for either target: the declaration
// vocabulary (units/declare.h), the word (units/word.h), and the context a body
// runs in. Compiled with LOOM_HLS it is C++14 for Vitis HLS, and the body's
// context is the per-instance one the emitter writes (units/hls/context.h);
// without it, the host's Context<U, Backend> (units/context.h).
//
// A body may use blocking read/write, load/store, lanes at their declared
// widths, loops and local arrays: what HLS can synthesise. No heap, exceptions,
// virtual calls or STL containers; `loom hls` refuses a body that has any, by
// compiling it against a header that poisons them. The body models no timing:
// what takes time is declared (the pipeline, a memory's write latency).
#pragma once

#include "units/declare.h"
#include "units/word.h"

#if defined(LOOM_HLS)
#include "units/hls/context.h"
#else
#include "units/context.h"
#endif
