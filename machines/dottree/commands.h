// The verbs DotTree offers beyond describe, dot, sim, fifo and hls: its action
// model's projection onto the composed region (project), the cost of its
// instruction (cost), and its gates (bench, stress). Each registers itself with
// its own options (machines/verb.h) from commands.cc, which the machine's
// library links whole; nothing here is called by name.
#pragma once
