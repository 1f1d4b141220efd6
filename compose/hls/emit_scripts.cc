// The scripts of an emitted project: run_hls.tcl, which runs Vitis's C
// simulation, synthesis and co-simulation of the top, and the Makefile, which
// C-simulates and checks the project with the system compiler, without Vitis.
#include "compose/hls/emit_internal.h"

namespace loom::hls::detail {
namespace {

// The Makefile after its first line. Its recipes run the system compiler on
// the project's fixed file names, so nothing in it depends on the region.
constexpr const char* kMakefile = R"(# make csim: C simulation with the system compiler, against Loom's stand-ins for
#   Vitis's ap_int.h and hls_stream.h (standin/); it prints LOOM CSIM PASS or FAIL.
# make check: compiles the kernel as HLS sees it, refusing the heap, STL
#   containers, virtual calls, exceptions and RTTI (check/loom_poison.h).
# With Vitis: vitis_hls -f run_hls.tcl (its own headers, not the stand-ins).
# HLS pragmas are Vitis's; the system compilers do not know them.
# CXXFLAGS adds to the flags C simulation needs; it cannot take them away.
# -ffp-contract=off: a float multiply and add stay two roundings, as the units
# and the reference compute them, so float32 results compare bit for bit.
CXX ?= g++
# -pthread: a region whose channels form a cycle C-simulates on threads.
LOOM_CXXFLAGS := -std=c++14 -O1 -ffp-contract=off -Wall -Wextra -Werror -Wno-unknown-pragmas -pthread
HEADERS := loom_top.h loom_tb_data.h $(wildcard loom_concurrent.h) $(shell find src standin -type f)

.PHONY: csim check clean
csim: build/csim
	./build/csim

build/csim: top.cpp tb.cpp $(HEADERS)
	@mkdir -p build
	$(CXX) $(LOOM_CXXFLAGS) $(CXXFLAGS) -I standin -I src top.cpp tb.cpp -o build/csim

check:
	$(CXX) -std=c++14 -fsyntax-only -w -DLOOM_HLS_CHECK -I check -I standin -I src top.cpp

clean:
	rm -rf build
)";

}  // namespace

std::string tcl_script(const Plan& plan) {
  // Every word here is Tcl-safe as it is: the top is a C++ identifier, and
  // check_options allowed the part only letters, digits and dashes.
  const std::string& top = plan.top;
  // Widening: only the ports whose pragma gives max_widen_bitwidth widen (a
  // pragma outranks config_interface), on pointers Vitis may take as aligned.
  // The global limit is 0 even where no port widens: the Vitis kernel flow's
  // default is 512 bits at 64-byte alignment (UG1399, "Default Settings of
  // Vivado/Vitis Flows"), which would widen ports the model times unwidened.
  std::string widening = "config_interface -m_axi_max_widen_bitwidth 0";
  if (const int align = widened_alignment(plan.region); align > 0)
    widening += " -m_axi_alignment_byte_size " + std::to_string(align);
  widening += "\n";
  return "# " + generated_from(plan.region) + ".\n"
         "# vitis_hls -f run_hls.tcl: C simulation, synthesis and RTL co-simulation of the top.\n"
         "open_project -reset " + top + "_hls\n"
         "set_top " + top + "\n"
         "add_files top.cpp -cflags \"-std=c++14 -I src\"\n"
         "add_files -tb tb.cpp -cflags \"-std=c++14\"\n"
         "add_files -tb loom_tb_data.h\n"
         "open_solution -reset solution1 -flow_target " + std::string(flow_name(plan.options.flow)) + "\n"
         "set_part {" + plan.options.part + "}\n"
         "create_clock -period " + shortest(plan.options.clock_ns) + " -name default\n" +
         widening +
         // A cycle's C simulation runs on threads (loom_concurrent.h).
         (plan.feedback.empty() ? "csim_design\n" : "csim_design -ldflags {-pthread}\n") +
         "csynth_design\ncosim_design\nexit\n";
}

std::string makefile(const Plan& plan) { return "# " + generated_from(plan.region) + ".\n" + kMakefile; }

}  // namespace loom::hls::detail
