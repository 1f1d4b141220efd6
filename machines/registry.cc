// The machines in Loom's own tree, registered as any machine is (registry.h):
// //machines:registry is linked whole, so a binary that links it offers them.
// Their verbs register themselves from their commands libraries, linked whole too.
#include "machines/dottree/action_model.h"
#include "machines/dottree/dottree.h"
#include "machines/example/example.h"
#include "machines/registry.h"
#include "machines/tinytpu/hls.h"
#include "machines/tinytpu/tinytpu.h"

namespace loom {
namespace {

const MachineRegistration example_machine({"example", "a loader, a chain of N FIR taps and a store",
                                           [](const Overrides& o) { return example::architecture(o); },
                                           example::workload, example::model},
                                          0);

const MachineRegistration tinytpu_machine({"tinytpu",
                                           "an int8 instruction-programmable tiled-GEMM accelerator: 2*T*T + 6 processes",
                                           [](const Overrides& o) { return tinytpu::architecture(o); },
                                           tinytpu::default_workload},
                                          1);
// TinyTPU's testbench runs its bench programs, and its spec claims what its
// units' memories carry (machines/tinytpu/hls.h).
const ExtensionRegistration<hls::Extension> tinytpu_hls("tinytpu", {tinytpu::hls_runs, tinytpu::hls_dependences});

const MachineRegistration dottree_machine(
    {"dottree", "an adder-tree reduction read at two taps, EXACT int8 or ROUNDING float32: 3 processes",
     // The testbench runs seeds 0 and 1, which hold no IEEE specials: it compares
     // words bit for bit, and a NaN's bits are the implementation's.
     [](const Overrides& o) { return dottree::architecture(o); }, dottree::workload, dottree::model_of},
    2);

}  // namespace
}  // namespace loom
