// FIFO depths chosen for one run or one emitted project, by channel element
// or whole array, from the command line (--depth NAME=N) or a file written by
// `loom fifo` (--depths FILE). The region's declared depths are the defaults.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "common/status.h"
#include "compose/region.h"

namespace loom {

// One setting, "NAME=N", where NAME is an element ("x_chain[3]",
// "wq[1][2]", or a one-off channel "ac2st"), a row of a 2-D array ("wq[1]")
// or a whole array ("wq"); and where it came from,
// for errors ("--depth", "file 'd.json'").
struct DepthSetting {
  std::string text;
  std::string origin = "--depth";
};

// Whether a setting reads as NAME=N at all, before any region is known:
// depth-syntax, as resolve_depths gives it.
Status check_depth_syntax(const DepthSetting& setting);

// Each channel's depth (parallel to region.channels) after `settings`; a
// channel no setting names keeps its declared depth. Errors: depth-syntax,
// unknown-channel, bad-index (NAME is an array that has no such element),
// invalid-depth (N below 1), duplicate-depth (an element set twice, by one
// setting or two, from anywhere).
Result<std::vector<int64_t>> resolve_depths(const Region& region, const std::vector<DepthSetting>& settings);

// The most a depths file may hold: one of a region's channels is a line.
inline constexpr size_t kMaxDepthsFileBytes = 4 << 20;

// The settings a `loom fifo --out` file gives ({"depths": {"NAME": N, ...}}),
// each depth as the file writes it.
// Errors: depths-file (not a regular file, past kMaxDepthsFileBytes,
// unreadable, not JSON, or not that shape).
Result<std::vector<DepthSetting>> read_depths_file(const std::string& path);
// ...from the file's text; `where` names it ("file 'd.json'"), and is each setting's origin.
Result<std::vector<DepthSetting>> parse_depths_json(const std::string& text, const std::string& where);

// The region with its channels' depths replaced (parallel to region.channels).
void set_depths(Region& region, const std::vector<int64_t>& depths);

}  // namespace loom
