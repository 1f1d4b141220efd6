// The Vitis HLS backend: a composed region as a ready-to-run Vitis HLS project,
// from the same unit bodies the simulator runs. What the project holds, and why
// each piece is the way it is, is in docs/hls.md.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "common/status.h"
#include "compose/hls/sources.h"
#include "compose/region.h"
#include "units/buffer.h"

namespace loom::hls {

// The FPGA part and clock the project synthesises for (run_hls.tcl).
// The flow Vitis builds the top for (open_solution -flow_target; UG1399
// "Vitis HLS Flow Overview"): a Vitis kernel, which XRT drives through
// s_axilite and whose arguments are m_axi; or Vivado IP, whose ports are
// whatever the region's arguments declare.
enum class FlowTarget : char { vitis, vivado };
constexpr const char* flow_name(FlowTarget f) { return f == FlowTarget::vitis ? "vitis" : "vivado"; }

struct Options {
  std::string part = "xcu250-figd2104-2L-e";  // an Alveo U250
  double clock_ns = 3.33;                     // 300 MHz
  FlowTarget flow = FlowTarget::vitis;
};

// The flow a region's interfaces ask for when the user names none: the
// Vitis kernel flow if every argument is m_axi and the block is started
// (ap_ctrl_hs or ap_ctrl_chain), else Vivado IP.
FlowTarget natural_flow(const Region& region);

// Errors: bad-part (not a Xilinx part name), bad-clock (not a period in
// [kMinClockNs, kMaxClockNs]).
Status check_options(const Options& options);
inline constexpr double kMinClockNs = 0.5, kMaxClockNs = 100.0;

// The most data, in 64-bit words over every run's inputs and expected outputs,
// a testbench is emitted with (about 21 MB of header).
inline constexpr int64_t kMaxTestbenchLimbs = int64_t{1} << 20;

// A claim the machine makes that a unit's loop carries no dependence through
// one of its memories: emitted as `#pragma HLS dependence variable=<memory>
// inter false` in that unit's loop, with what it rests on written above it.
struct Dependence {
  std::string unit;    // the unit's name
  std::string memory;  // the unit's memory port
  std::string claim, rests_on, discharged_under;
};

// One run the testbench drives through the top function: the region
// arguments' contents going in (any argument not given starts zeroed), and
// what every element of each checked argument must hold afterwards.
struct TestRun {
  std::string name;
  std::map<std::string, Buffer> inputs, expected;
  // Expected arguments of 32-bit lanes holding IEEE binary32 values: the
  // testbench compares them by common/binary32.h's rule (a NaN matches only
  // a NaN), the rest bit for bit.
  std::set<std::string> binary32 = {};
  // `expected` is Loom's simulated outputs, not an independent reference: emit
  // fills them so for a run that expects nothing of a region a non-blocking
  // access makes timing-dependent (docs/hls.md, "A design with no reference"),
  // and the testbench says so.
  bool expected_simulated = false;
};

// Every file of the project by its path inside the project directory.
struct Project {
  std::string top;  // the top function's name
  std::map<std::string, std::string> files;
};

// The project for `region`. A region whose channels form a cycle is emitted
// with its C simulation run on threads (docs/hls.md, "Feedback channels").
// Errors: bad-part, bad-clock; hls-flow-target (an ap_memory or scalar
// argument, or ap_ctrl_none, for the Vitis kernel flow); hls-deadlock (a run deadlocks when simulated
// first: the wait-for cycle is named); hls-source-missing (a unit's
// header was not embedded: loom_hls_sources); hls-shared-source (two units the
// dependence claims give different loop pragmas in one header, or one's
// header including the other's); hls-test-too-large (the runs' data
// is more than kMaxTestbenchLimbs words); hls-test-run (a run names an argument
// the region lacks, or gives it the wrong word or size, or expects no output of
// a region with a plain C++ reference). A run that expects no output of a
// region whose outputs a non-blocking access reaches is emitted expecting
// Loom's simulated outputs (presimulate.h), and the testbench says so; if its
// simulation does not complete, hls-deadlock, hls-watchdog or its own errors
// name the run.
Result<Project> emit(const Region& region, const Options& options, const std::vector<Dependence>& dependences,
                     const std::vector<TestRun>& runs, const SourceTree& sources = embedded_sources());

// Compiles the project's top as Vitis HLS would see it, with C++14 and a
// header that poisons what HLS cannot synthesise, then its testbench, in a
// scratch directory. The compiler is `compiler` if given, else $CXX if it
// names one in PATH, else the first of g++, c++ and clang++ there; either
// command is split on white space into the program and its flags ("g++
// -m64"), with no quoting, and run without a shell (spawn.h). Errors:
// hls-unsynthesisable (a body or what it names uses the heap, an STL
// container, a virtual call, exceptions or RTTI: the file and line, and the
// unit), hls-source-missing (a unit's source, or a header it includes,
// quote-includes a header that was not embedded: the includer's file and
// line, the header and the unit), hls-compile (any other compile error; none
// that follow from a unit's refusal), hls-no-compiler (none found, or the one
// found could not be started).
Status check_synthesisable(const Project& project, const Region& region, const std::string& compiler = "");

// Writes the project into `dir`, creating it if it does not exist. A directory
// that exists must be empty or an earlier Loom project (it holds .loom-hls),
// whose files are replaced. Errors: hls-output-exists, hls-output.
Status write_project(const Project& project, const std::string& dir);

}  // namespace loom::hls
