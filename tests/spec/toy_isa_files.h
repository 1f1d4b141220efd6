// Where the toy spec and its generated header live, relative to the workspace
// root, and the options the header is generated with: what the generator
// (gen_toy_isa) writes and what toy_isa_test holds the checked-in file to.
#pragma once

#include <string_view>

#include "spec/generate.h"

namespace loom::spec::toy {

inline constexpr std::string_view kSpecPath = "tests/spec/toy_isa.json";
inline constexpr std::string_view kEncodingPath = "tests/spec/toy_isa_encoding.h";
inline constexpr std::string_view kWrittenBy = "./bazelw run //tests/spec:gen_toy_isa";
inline constexpr std::string_view kCheckedBy = "./bazelw test //tests/spec:toy_isa_test";

inline GenerateOptions options() {
  return {"toy::isa", std::string(kSpecPath), std::string(kWrittenBy), std::string(kCheckedBy)};
}

}  // namespace loom::spec::toy
