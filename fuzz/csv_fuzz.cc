// Fuzz target: the CSV reader on any text.
#include <cstddef>
#include <cstdint>
#include <string>

#include "common/csv.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  (void)loom::parse_csv(text, "fuzz.csv", -128, 127);
  return 0;
}
