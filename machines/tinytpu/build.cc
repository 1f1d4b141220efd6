#include "machines/tinytpu/build.h"

#include <cassert>

#include "machines/tinytpu/parameters.h"

namespace loom::tinytpu {

Result<isa::Params> build_from(const Overrides& overrides) {
  auto t = choose_built(overrides, "T", BuiltLanes::list, kDefaultLanes);
  if (!t.ok()) return t.status();
  auto values = parameters_for(t.value()).resolve(overrides);
  if (!values.ok()) return values.status();
  return build_of(values.value());
}

Status check_fits(int64_t program_words, const isa::Params& p) {
  const int64_t needed = isa::kHeaderCount + program_words;
  if (needed <= p.IMEM_WORDS) return {};
  return Error{"program-too-long", "program",
               "needs " + std::to_string(needed) + " imem words (headers included), but IMEM_WORDS is " +
                   std::to_string(p.IMEM_WORDS)};
}

isa::Params build_at(int64_t T, int64_t MAXDIM) {
  isa::Params p = isa::kDefaults;
  p.T = T;
  p.MAXDIM = MAXDIM;
  return isa::derive(p);
}

isa::Params build_of(const ParamValues& values) {
  isa::Params p = isa::kDefaults;
  for (const auto& info : isa::kParameters)
    if (auto v = values.find(info.name)) isa::set_parameter(p, info.name, *v);
  return isa::derive(p);
}

std::map<std::string, int64_t> values_of(const isa::Params& p) {
  std::map<std::string, int64_t> out;
  for (std::string_view name : isa::kValueNames) {
    const int64_t* v = isa::find_value(p, name);
    assert(v != nullptr && "kValueNames names only the build's values");
    out[std::string(name)] = *v;
  }
  return out;
}

}  // namespace loom::tinytpu
