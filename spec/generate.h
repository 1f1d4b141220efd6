// Writes a spec's consumers: the C++ encoding header and the docs tables.
// Output depends on nothing but the spec and the options, byte for byte, so
// --check can regenerate and compare.
#pragma once

#include <string>
#include <string_view>

#include "common/status.h"
#include "spec/isa_spec.h"

namespace loom::spec {

struct GenerateOptions {
  std::string cpp_namespace;  // e.g. "loom::tinytpu::isa"
  std::string spec_path;      // as the header's first line names it
  // The commands the header's first lines name: the one that writes it, and
  // the one that holds it to the spec.
  std::string written_by = "loom gen-isa";
  std::string checked_by = "loom gen-isa --check";
};

// The header: constants, encoder, decoder with operands under the spec's names,
// the header builder, the numerics, and `resolve`, the format's loop and AGU
// walk (spec/walk.h, which the header includes: its consumer depends on
// //spec:walk). Errors: bad-identifier (a spec name that cannot be a C++
// name), bad-namespace (options.cpp_namespace is not identifiers joined by
// "::", or is loom::spec).
Result<std::string> generate_header(const IsaSpec& spec, const GenerateOptions& options);

// The markdown tables for the ISA document.
std::string generate_tables(const IsaSpec& spec);

inline constexpr std::string_view kTablesBegin = "<!-- GENERATED BEGIN: loom gen-isa; do not edit by hand -->";
inline constexpr std::string_view kTablesEnd = "<!-- GENERATED END -->";

// `doc` with the text between the markers replaced by `tables`. Errors:
// missing-markers, naming `where`.
Result<std::string> splice_tables(std::string_view doc, std::string_view tables, const std::string& where);

// A generated file held to its regeneration, byte for byte: ok when `found` is
// `expected`, else generated-drift at "where:LINE", the first line that differs,
// quoting both sides and telling the reader to run `regenerate`.
Status compare_generated(const std::string& where, std::string_view expected, std::string_view found,
                         const std::string& regenerate);

}  // namespace loom::spec
