// Loom's stand-in for Vitis HLS's <ap_utils.h>, for C simulation with a system
// compiler where Vitis is not installed; with Vitis, its own header is used.
// ap_wait() is a clock boundary in a protocol region (UG1399, "pragma HLS
// protocol"): it has no effect on C simulation, so here it does nothing.
//
//   ap_wait()   ap_wait_n(n)
#pragma once

inline void ap_wait() {}
inline void ap_wait_n(int n) { (void)n; }
