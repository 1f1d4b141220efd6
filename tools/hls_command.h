// `loom hls`: a machine's composed region as a Vitis HLS project.
#pragma once

#include <cstddef>
#include <string>

#include "common/status.h"
#include "compose/depths.h"
#include "compose/region.h"
#include "compose/hls/project.h"
#include "units/parameter_set.h"

namespace loom {

struct HlsCommand {
  std::string machine;
  Overrides overrides;
  std::string out;   // the project directory
  std::string root;  // the workspace, for a machine's spec
  hls::Options options;
  std::string flow = "auto";  // --flow-target: vitis, vivado, or auto (hls::natural_flow)
  std::vector<DepthSetting> depths;  // --depth and --depths: what the stream pragmas carry
};

// Composes, emits, checks the bodies are synthesisable, writes the project and
// lists its files. Returns the exit code: 0 when the project was written.
int hls_command(const HlsCommand& command);

// Holds an emitted top.cpp, as read back, to the depths asked for: every
// channel of `asked` (a region at those depths) must be declared as a stream
// labelled with its name whose stream pragma carries its depth. Returns how
// many channels were held; a difference is hls-depth-mismatch, naming the
// channel, the depth asked and the depth emitted (or that none was).
Result<size_t> hold_stream_depths(const Region& asked, const std::string& top);

}  // namespace loom
