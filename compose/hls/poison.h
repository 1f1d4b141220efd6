// The files behind `make check` and the check at emission: a header that
// poisons what Vitis HLS cannot synthesise, and stand-ins for the C++ headers
// that bring it in. Compiled before the vocabulary and the units, after the
// headers the kernel itself needs.
#pragma once

#include <map>
#include <string>

namespace loom::hls {

// Path inside the project's check/ directory -> contents.
std::map<std::string, std::string> poison_files();

// What a compiler's message about a poisoned identifier or a refused header
// means, or "" when it is about neither.
std::string refusal_reason(const std::string& message);

}  // namespace loom::hls
