#include "common/error_kinds.h"

#include <iterator>

namespace loom {

namespace {

// kErrorLayers is indexed by ErrorLayer.
constexpr bool layers_in_order() {
  for (size_t i = 0; i < std::size(kErrorLayers); ++i)
    if (static_cast<size_t>(kErrorLayers[i].layer) != i) return false;
  return true;
}
static_assert(layers_in_order());

}  // namespace

std::span<const ErrorKind> error_kinds() { return kErrorKinds; }

const ErrorKind* find_error_kind(std::string_view kind) {
  for (const ErrorKind& k : kErrorKinds)
    if (k.kind == kind) return &k;
  return nullptr;
}

std::string error_kinds_markdown() {
  std::string out;
  out += "# Error kinds\n\n";
  out += "<!-- Generated from common/error_kinds.h; do not edit. Regenerate with\n";
  out += "     " + std::string(kErrorKindsRegenerate) + "\n";
  out += "     tests/error_kinds_test.cc holds this file to the table, and the table to the code. -->\n\n";
  out +=
      "A user error names what is wrong and where, one line each:\n\n"
      "```text\n"
      "error[KIND] WHERE: MESSAGE\n"
      "```\n\n"
      "KIND is a stable identifier: tests and scripts match on it, and it does not\n"
      "change when a message is reworded. Each kind below is declared once, in\n"
      "`kErrorKinds` of `common/error_kinds.h`, under the layer that raises it, with\n"
      "what it means and an example as Loom prints it, most taken from runs of the\n"
      "tests and the command line; where a message goes on to a multi-line report\n"
      "(a simulator's deadlock report, a compiler's output), the example shows its\n"
      "first line. A kind several layers raise is listed once, under the layer that\n"
      "owns it: the lowest, but for usage, which belongs to the command line.\n"
      "`find_error_kind` looks a kind up at run time.\n\n";
  out += std::to_string(std::size(kErrorKinds)) + " kinds, by layer:\n\n";
  for (const ErrorLayerInfo& layer : kErrorLayers) {
    size_t n = 0;
    for (const ErrorKind& k : kErrorKinds) n += k.layer == layer.layer;
    if (n == 0) continue;
    out += "- [" + std::string(layer.name) + "](#" + std::string(layer.name) + "): " + std::string(layer.title) + ", " +
           std::to_string(n) + "\n";
  }
  for (const ErrorLayerInfo& layer : kErrorLayers) {
    bool first = true;
    for (const ErrorKind& k : kErrorKinds) {
      if (k.layer != layer.layer) continue;
      if (first) {
        out += "\n## " + std::string(layer.name) + "\n\n";
        out += "Raised under `" + std::string(layer.directory) + "`: " + std::string(layer.title) + ".\n";
        first = false;
      }
      out += "\n### " + std::string(k.kind) + "\n\n";
      out += std::string(k.meaning) + "\n\n";
      out += "```text\n" + std::string(k.example) + "\n```\n";
    }
  }
  return out;
}

}  // namespace loom
