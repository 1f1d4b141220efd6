// Writes tests/spec/toy_isa_encoding.h from tests/spec/toy_isa.json with the
// generator TinyTPU's `loom gen-isa` uses (spec::generate_header), so that the
// header toy_encoding_test compiles is that generator's output, checked in and
// held to the spec by toy_isa_test.
//   ./bazelw run //tests/spec:gen_toy_isa            (writes into the workspace)
//   gen_toy_isa ROOT                                 (writes under ROOT)
#include <cstdio>
#include <cstdlib>
#include <string>

#include "common/files.h"
#include "spec/generate.h"
#include "spec/isa_spec.h"
#include "tests/spec/toy_isa_files.h"

int main(int argc, char** argv) {
  using namespace loom;
  const char* workspace = std::getenv("BUILD_WORKSPACE_DIRECTORY");
  const std::string root = argc > 1 ? argv[1] : workspace ? workspace : ".";
  auto spec = spec::load_spec_file(root + "/" + std::string(spec::toy::kSpecPath));
  Status status = spec.status();
  if (spec.ok()) {
    auto header = spec::generate_header(spec.value(), spec::toy::options());
    status = header.ok() ? write_file(root + "/" + std::string(spec::toy::kEncodingPath), header.value()) : header.status();
  }
  if (!status.ok()) {
    std::fprintf(stderr, "%s\n", status.to_string().c_str());
    return 1;
  }
  std::printf("wrote %s/%s\n", root.c_str(), std::string(spec::toy::kEncodingPath).c_str());
  return 0;
}
