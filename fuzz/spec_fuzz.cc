// Fuzz target: the ISA spec loader on any text, and for a spec it accepts, its
// machine table at the default build and both generators.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "spec/action_machine.h"
#include "spec/generate.h"
#include "spec/isa_spec.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto spec = loom::spec::load_spec(text, "fuzz.json");
  if (!spec.ok()) return 0;
  if (auto build = spec.value().resolve(); build.ok()) {
    (void)loom::spec::action_machine(spec.value(), build.value());
    (void)loom::spec::unmodelled(spec.value());
  }
  (void)loom::spec::generate_header(spec.value(), {"fuzz::isa", "fuzz.json"});
  (void)loom::spec::generate_tables(spec.value());
  return 0;
}
