// Fuzz target: TinyTPU's assembler and validator on any text. Whatever the
// input, the answer is a program or named errors; never a crash, a hang or a
// sanitizer report.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "machines/tinytpu/assembler.h"
#include "machines/tinytpu/build.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const loom::tinytpu::isa::Params build = loom::tinytpu::build_at(4, 16);
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  (void)loom::tinytpu::assemble_text(text, "fuzz.s", build);
  return 0;
}
