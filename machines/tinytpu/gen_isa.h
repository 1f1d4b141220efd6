// `loom gen-isa`: TinyTPU's use of the spec machinery. It writes the encoding
// header and the docs tables from isa_spec.json, and --check regenerates both,
// fails on any byte of difference, and holds the design to the spec.
#pragma once

#include <string>

#include "common/status.h"
#include "spec/isa_spec.h"

namespace loom::tinytpu {

struct Generated {
  std::string header;  // machines/tinytpu/isa_encoding.h
  std::string doc;     // docs/isa.md, its tables spliced in
};

// Both consumers as the spec at `spec_path` makes them, the doc read from `root`.
Result<Generated> regenerate(const spec::IsaSpec& spec, const std::string& root);

// Writes both files under `root`.
Status write_generated(const std::string& root, const std::string& spec_path);

// Everything --check holds: the spec loads, both files are byte-identical to a
// regeneration (error generated-drift, naming the file and first differing
// line), and the design agrees with the spec (see conformance.h).
Status check_isa(const std::string& root, const std::string& spec_path);

}  // namespace loom::tinytpu
