// What a process's control FSM costs, as Vitis builds it: the one place these
// constants live.
//   entering a pipelined loop from the code around it takes a cycle, and so
//   does leaving it, after its last iteration has drained (UG1399, pragma HLS
//   loop_flatten: "one clock cycle to move from the outer loop to the inner
//   loop, one clock cycle to move back from the inner loop to the outer loop,
//   plus, in between, the whole latency to complete all iterations of the
//   inner loop");
//   a process's first state runs the cycle after the region's ap_start, and
//   the region's ap_done rises the cycle after its last process is done
//   (UG1399, Block-Level Control Protocols, ap_ctrl_hs: the block samples
//   ap_start, then runs; ap_done is a registered output).
// The region's cycle count runs from ap_start to ap_done: it includes both,
// and excludes the s_axilite programming around the kernel (the 42 clocks
// the seed's cosim window adds at T=4 are not in its cycle count either).
#pragma once

#include <cstdint>

#include "units/argument.h"

namespace loom {

inline constexpr int64_t kLoopEntry = 1;
inline constexpr int64_t kLoopExit = 1;
inline constexpr int64_t kProcessStart = 1;
inline constexpr int64_t kRegionDone = 1;

// What the region's count adds after its last process is done, under its
// block protocol: ap_done's register under ap_ctrl_hs and ap_ctrl_chain
// (which differ only in ap_continue, between runs: UG1399 "Block-Level
// Control Protocols"), nothing under ap_ctrl_none, which has no ap_done: its
// count ends at the last process's finish.
constexpr int64_t region_done(BlockControl control) {
  return control == BlockControl::ap_ctrl_none ? 0 : kRegionDone;
}

}  // namespace loom
