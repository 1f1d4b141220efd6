// The verbs TinyTPU offers on the command line beyond describe, dot, sim, fifo
// and hls: its demo, its gates (bench, stress), its ISA tools (gen-isa, asm,
// ref) and its action model (project, cost, conform). Each registers itself
// with its own options (machines/verb.h) from commands.cc, which the machine's
// library links whole; nothing here is called by name.
#pragma once
