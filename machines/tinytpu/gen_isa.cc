#include "machines/tinytpu/gen_isa.h"

#include <sstream>

#include "common/files.h"
#include "machines/tinytpu/conformance.h"
#include "machines/tinytpu/isa_files.h"
#include "spec/generate.h"

namespace loom::tinytpu {
namespace {

// Names the first line at which `found` differs from `expected`.
Status compare(const std::string& where, const std::string& expected, const std::string& found) {
  if (expected == found) return {};
  std::istringstream e(expected), f(found);
  std::string el, fl;
  for (int line = 1;; ++line) {
    const bool more_e = static_cast<bool>(std::getline(e, el)), more_f = static_cast<bool>(std::getline(f, fl));
    if (!more_e && !more_f) break;
    if (more_e && more_f && el == fl) continue;
    return Error{"generated-drift", where + ":" + std::to_string(line),
                 "differs from what the spec generates: expected `" + (more_e ? el : "<end of file>") + "`, found `" +
                     (more_f ? fl : "<end of file>") + "`; run `loom gen-isa`"};
  }
  return Error{"generated-drift", where, "differs from what the spec generates in line endings; run `loom gen-isa`"};
}

}  // namespace

Result<Generated> regenerate(const spec::IsaSpec& spec, const std::string& root) {
  Generated g;
  auto header = spec::generate_header(spec, {std::string(kEncodingNamespace), std::string(kSpecPath)});
  if (!header.ok()) return header.status();
  g.header = std::move(header).value();
  const std::string doc_path = root + "/" + std::string(kDocPath);
  auto doc = read_file(doc_path);
  if (!doc.ok()) return doc.status();
  auto spliced = spec::splice_tables(doc.value(), spec::generate_tables(spec), std::string(kDocPath));
  if (!spliced.ok()) return spliced.status();
  g.doc = std::move(spliced).value();
  return g;
}

Status write_generated(const std::string& root, const std::string& spec_path) {
  auto spec = spec::load_spec_file(spec_path);
  if (!spec.ok()) return spec.status();
  auto g = regenerate(spec.value(), root);
  if (!g.ok()) return g.status();
  Status status = write_file(root + "/" + std::string(kEncodingPath), g.value().header);
  status.merge(write_file(root + "/" + std::string(kDocPath), g.value().doc));
  return status;
}

Status check_isa(const std::string& root, const std::string& spec_path) {
  auto spec = spec::load_spec_file(spec_path);
  if (!spec.ok()) return spec.status();
  Status status;
  auto g = regenerate(spec.value(), root);
  if (!g.ok()) return g.status();
  for (const auto& [path, expected] : {std::pair{std::string(kEncodingPath), &g.value().header},
                                       std::pair{std::string(kDocPath), &g.value().doc}}) {
    auto found = read_file(root + "/" + path);
    if (!found.ok()) status.merge(found.status());
    else status.merge(compare(path, *expected, found.value()));
  }
  status.merge(check_design(spec.value()));
  return status;
}

}  // namespace loom::tinytpu
