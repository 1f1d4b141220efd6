#include "machines/tinytpu/build.h"

#include <cassert>

namespace loom::tinytpu {

Result<isa::Params> build_from(const Overrides& overrides) {
  isa::Params p = isa::kDefaults;
  Status status;
  for (const auto& [name, value] : overrides)
    if (!isa::set_parameter(p, name, value)) {
      std::string known;
      for (const auto& info : isa::kParameters) known += (known.empty() ? "" : ", ") + std::string(info.name);
      status.add("unknown-parameter", "parameter '" + name + "'", "is not a TinyTPU parameter (" + known + ")");
    }
  if (!status.ok()) return status;
  // Ranges first: deriving from T = 0 would divide by zero.
  if (auto bad = isa::out_of_range(p); !bad.empty())
    for (const auto& info : isa::kParameters)
      if (info.name == bad)
        return Error{"parameter-out-of-range", "parameter '" + std::string(bad) + "'",
                     "must be in [" + std::to_string(info.min) + ", " + std::to_string(info.max) + "]"};
  if (auto bad = isa::violated_constraint(p); !bad.empty())
    return Error{"constraint-violated", "constraint '" + std::string(bad) + "'",
                 "fails at T=" + std::to_string(p.T) + ", MAXDIM=" + std::to_string(p.MAXDIM)};
  return isa::derive(p);
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
