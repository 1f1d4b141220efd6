#include "machines/tinytpu/gen_isa.h"

#include "common/files.h"
#include "machines/tinytpu/conformance.h"
#include "machines/tinytpu/isa_files.h"
#include "spec/generate.h"

namespace loom::tinytpu {

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
    else status.merge(spec::compare_generated(path, *expected, found.value(), "loom gen-isa"));
  }
  status.merge(check_design(spec.value()));
  return status;
}

}  // namespace loom::tinytpu
